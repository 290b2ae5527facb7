import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/Button'
import { CheckIcon, CloseIcon } from '../../ui/icons'
import { PencilIcon } from './icons'

export interface EditableTextProps {
  /** What the value is ('Title'): names the edit button and the input. */
  label: string
  value: string
  maxLength: number
  multiline?: boolean
  /** Shown instead of an empty value. */
  emptyText: string
  /** How the value reads when not editing (e.g. a link); default the text itself. */
  display?: ReactNode
  /** Class of the shown value. */
  valueClassName?: string
  /** The value is the page's heading (the username): shown as the h1, without the label before it. */
  heading?: boolean
  inputType?: 'text' | 'url'
  /** Why the draft cannot be saved, or null. Checked on save. */
  validate?: (draft: string) => string | null
  /** Saves the trimmed draft; editing closes at once (the save is optimistic). */
  onSave: (draft: string) => void
}

/**
 * A value that turns into an input (product-spec §4 "Editing"): Enter saves (Ctrl+Enter in the bio),
 * Escape cancels; the count shows the limit while typing, and a text over it is refused, not cut. Focus goes into the field when editing
 * starts and back to the edit button when it ends.
 */
export function EditableText({
  label,
  value,
  maxLength,
  multiline = false,
  emptyText,
  display,
  valueClassName,
  heading = false,
  inputType = 'text',
  validate,
  onSave,
}: EditableTextProps) {
  const { t } = useTranslation('mypage')
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(value)
  const [problem, setProblem] = useState<string | null>(null)
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null)
  const editButton = useRef<HTMLButtonElement>(null)
  const returnFocus = useRef(false)
  const id = useId()

  useEffect(() => {
    if (editing) {
      input.current?.focus()
      input.current?.select()
    } else if (returnFocus.current) {
      returnFocus.current = false
      editButton.current?.focus()
    }
  }, [editing])

  function start() {
    setDraft(value)
    setProblem(null)
    setEditing(true)
  }

  function stop() {
    returnFocus.current = true
    setEditing(false)
  }

  function save() {
    const next = draft.trim()
    // Too long is refused in words, never cut: the input takes any length and the count turns red.
    const reason =
      [...next].length > maxLength ? t('edit.tooLong', { max: maxLength }) : (validate?.(next) ?? null)
    if (reason) {
      setProblem(reason)
      input.current?.focus()
      return
    }
    stop()
    if (next !== value) onSave(next)
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      stop()
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      if (multiline && !(event.ctrlKey || event.metaKey)) return
      event.preventDefault()
      save()
    }
  }

  if (!editing) {
    return (
      <div className={multiline ? 'editable editable--multiline' : 'editable'}>
        {heading ? (
          <h1 className={['editable__value', valueClassName].filter(Boolean).join(' ')}>
            {value || emptyText}
          </h1>
        ) : (
          <>
            <span className="visually-hidden">{label}: </span>
            <span
              className={['editable__value', !value && 'editable__value--empty', valueClassName]
                .filter(Boolean)
                .join(' ')}
            >
              {value ? (display ?? value) : emptyText}
            </span>
          </>
        )}
        <button
          ref={editButton}
          type="button"
          className="btn btn--ghost btn--sm btn--icon editable__edit"
          aria-label={t('edit.button', { field: label })}
          title={t('edit.button', { field: label })}
          onClick={start}
        >
          <PencilIcon size={16} />
        </button>
      </div>
    )
  }

  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const shared = {
    ref: input,
    id,
    className: 'field__input editable__input',
    value: draft,
    onChange: (event: { target: { value: string } }) => {
      setDraft(event.target.value)
      setProblem(null)
    },
    onKeyDown,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${errorId} ${hintId}` : hintId,
  }
  return (
    <div
      className={multiline ? 'editable editable--editing editable--multiline' : 'editable editable--editing'}
    >
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      {multiline ? <textarea rows={5} {...shared} /> : <input type={inputType} {...shared} />}
      <div className="editable__bar">
        <span className="editable__hint" id={hintId}>
          {t(multiline ? 'edit.hintMultiline' : 'edit.hint')} ·{' '}
          <span className={[...draft].length > maxLength ? 'editable__count--over' : undefined}>
            {t('edit.count', { count: [...draft].length, max: maxLength })}
          </span>
        </span>
        <span className="editable__actions">
          <Button size="sm" variant="primary" icon={<CheckIcon size={16} />} onClick={save}>
            {t('edit.save')}
          </Button>
          <Button size="sm" icon={<CloseIcon size={16} />} onClick={stop}>
            {t('edit.cancel')}
          </Button>
        </span>
      </div>
      {problem && (
        <p className="field__error" id={errorId} role="alert">
          {problem}
        </p>
      )}
    </div>
  )
}
