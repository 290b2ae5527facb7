import { keepPreviousData, useQuery } from '@tanstack/react-query'
import {
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type RefObject,
  type TextareaHTMLAttributes,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'
import { userKeys } from '../api/queryKeys'
import { searchUsers } from '../api/users'
import { Avatar } from './Avatar'
import { completeMention, type MentionQuery, mentionAt } from './mentions'
import './MentionField.css'

/** Typing pauses this long before the names are asked for. */
const DEBOUNCE_MS = 150

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

export interface Mentions {
  /** Props for the textarea: call `onKeyDown` first and skip your own handling when it was used. */
  textareaProps: {
    'aria-autocomplete': 'list'
    'aria-controls': string | undefined
    'aria-activedescendant': string | undefined
    onSelect: () => void
  }
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void
  list: ReactNode
}

/**
 * @mention suggestions for a textarea (issue 18): typing `@` and the start of a name offers up to
 * eight members in a listbox under it — arrows move, Enter or Tab takes one, Escape closes the list
 * (not the dialog around it); a click takes one too. The text is the caller's state.
 */
export function useMentions(
  text: string,
  setText: (text: string) => void,
  textarea: RefObject<HTMLTextAreaElement | null>,
): Mentions {
  const { t } = useTranslation()
  const listId = useId()
  const [query, setQuery] = useState<MentionQuery | null>(null)
  const [active, setActive] = useState(0)
  // Escape closes the list for the name as typed; typing on (or back) opens it again.
  const [dismissed, setDismissed] = useState<MentionQuery | null>(null)
  const prefix = useDebounced(query?.prefix ?? '', DEBOUNCE_MS)
  const found = useQuery({
    queryKey: userKeys.search(prefix),
    queryFn: ({ signal }) => searchUsers(prefix, signal),
    enabled: prefix.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  })
  const users = query && prefix ? (found.data?.users ?? []) : []
  const isDismissed = !!query && dismissed?.start === query.start && dismissed.prefix === query.prefix
  const open = !!query && !isDismissed && users.length > 0
  const activeIndex = Math.min(active, Math.max(0, users.length - 1))

  const read = useCallback(() => {
    const node = textarea.current
    if (!node || node.selectionStart !== node.selectionEnd) return setQuery(null)
    const next = mentionAt(node.value, node.selectionStart)
    setQuery((current) =>
      current?.start === next?.start && current?.prefix === next?.prefix ? current : next,
    )
  }, [textarea])

  // The text changed (typed, pasted, or set by the caller): read the mention at the caret again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the text changes.
  useEffect(read, [text, read])
  // A new name typed starts at the top of its list, and is offered again after an Escape.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets on purpose when the prefix changes.
  useEffect(() => {
    setActive(0)
    setDismissed((current) =>
      current && current.start === query?.start && current.prefix === query.prefix ? current : null,
    )
  }, [query?.start, query?.prefix])

  function choose(username: string) {
    const node = textarea.current
    if (!node || !query) return
    const done = completeMention(node.value, node.selectionStart, query, username)
    setText(done.text)
    setQuery(null)
    requestAnimationFrame(() => {
      node.focus()
      node.setSelectionRange(done.caret, done.caret)
    })
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!open) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((activeIndex + step + users.length) % users.length)
    } else if ((event.key === 'Enter' && !event.ctrlKey && !event.metaKey) || event.key === 'Tab') {
      event.preventDefault()
      choose(users[activeIndex].username)
    } else if (event.key === 'Escape') {
      // The list closes; a dialog around the field stays open.
      event.preventDefault()
      event.stopPropagation()
      setDismissed(query)
    }
  }

  const optionId = (index: number) => `${listId}-${index}`
  const list = (
    <>
      <span className="visually-hidden" role="status">
        {open ? t('mentions.found', { count: users.length }) : ''}
      </span>
      {open && (
        <div id={listId} role="listbox" aria-label={t('mentions.label')} className="mention-list">
          {users.map((user, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the textarea's (aria-activedescendant points here).
            <div
              key={user.id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === activeIndex}
              className="mention-list__option"
              // The textarea keeps focus (and its caret) while the pointer picks.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(user.username)}
            >
              <Avatar src={user.avatar} name={user.username} size={24} />
              <span>{user.username}</span>
            </div>
          ))}
        </div>
      )}
    </>
  )

  return {
    textareaProps: {
      'aria-autocomplete': 'list',
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(activeIndex) : undefined,
      onSelect: read,
    },
    onKeyDown,
    list,
  }
}

export interface MentionTextareaProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> {
  value: string
  onValueChange: (text: string) => void
  ref?: Ref<HTMLTextAreaElement>
}

/**
 * A textarea offering @mentions as one types (see useMentions); its list drops over what is below.
 * The caller's onKeyDown runs only for keys the list did not take.
 */
export function MentionTextarea({ value, onValueChange, onKeyDown, ref, ...props }: MentionTextareaProps) {
  const own = useRef<HTMLTextAreaElement | null>(null)
  const mentions = useMentions(value, onValueChange, own)
  const setRef = (node: HTMLTextAreaElement | null) => {
    own.current = node
    if (typeof ref === 'function') ref(node)
    else if (ref) ref.current = node
  }
  return (
    <div className="mention-field">
      <textarea
        {...props}
        {...mentions.textareaProps}
        ref={setRef}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onKeyDown={(event) => {
          mentions.onKeyDown(event)
          if (!event.defaultPrevented) onKeyDown?.(event)
        }}
      />
      {mentions.list}
    </div>
  )
}
