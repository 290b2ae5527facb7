import { MEDIA_TYPES } from '@agora/contract/limits'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/Button'
import { SelectOptions } from '../../ui/SelectOptions'
import { Field, TextField } from '../../ui/TextField'
import { activeFilterCount, type ForumFilters, NO_FILTERS } from './forumFilters'

export interface ForumFilterFormProps {
  /** The filters of the URL: what the list shows. */
  filters: ForumFilters
  onApply: (filters: ForumFilters) => void
}

/**
 * The filters' fields, loaded when the fold first opens (the forum's first load stays in
 * its budget). The fields are a draft until applied, so typing does not reload the list at every
 * letter; the URL refills them when it changes (Back, a link).
 */
export default function ForumFilterForm({ filters, onApply }: ForumFilterFormProps) {
  const { t } = useTranslation('forum')
  const [draft, setDraft] = useState(filters)
  const active = activeFilterCount(filters)
  useEffect(() => setDraft(filters), [filters])

  const set = (name: keyof ForumFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }))

  /** A free-text filter: its label and placeholder are named after it. */
  const textFilter = (name: 'tag' | 'author') => (
    <TextField
      label={t(`filters.${name}`)}
      value={draft[name]}
      onChange={set(name)}
      placeholder={t(`filters.${name}Placeholder`)}
      maxLength={100}
      autoComplete="off"
    />
  )

  /** A date filter, kept on its side of the other one. */
  const dateFilter = (name: 'from' | 'to', bounds: { min?: string; max?: string }) => (
    <TextField
      label={t(`filters.${name}`)}
      type="date"
      value={draft[name]}
      {...bounds}
      onChange={set(name)}
    />
  )

  function apply(event: FormEvent) {
    event.preventDefault()
    onApply(draft)
  }

  return (
    <form className="forum-filters__form" onSubmit={apply} aria-label={t('filters.label')}>
      {textFilter('tag')}
      <Field label={t('filters.type')}>
        {(control) => (
          <select {...control} className="field__input" value={draft.type} onChange={set('type')}>
            <option value="">{t('filters.anyType')}</option>
            <SelectOptions values={MEDIA_TYPES} labelOf={(type) => t(`card.mediaType.${type}`)} />
          </select>
        )}
      </Field>
      {textFilter('author')}
      {dateFilter('from', { max: draft.to || undefined })}
      {dateFilter('to', { min: draft.from || undefined })}
      <label className="forum-filters__check">
        <input
          type="checkbox"
          checked={draft.reviewed === 'true'}
          onChange={(event) =>
            setDraft((current) => ({ ...current, reviewed: event.target.checked ? 'true' : '' }))
          }
        />
        {t('filters.reviewed')}
      </label>
      <div className="forum-filters__actions cluster">
        <Button type="submit" variant="primary">
          {t('filters.apply')}
        </Button>
        <Button
          type="button"
          variant="ghost"
          disabled={active === 0 && activeFilterCount(draft) === 0}
          onClick={() => {
            setDraft(NO_FILTERS)
            onApply(NO_FILTERS)
          }}
        >
          {t('filters.clear')}
        </Button>
      </div>
    </form>
  )
}
