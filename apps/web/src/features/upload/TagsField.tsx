import { type ReactNode, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { getTags, type TagCount } from '../../api/posts'
import { postKeys } from '../../api/queryKeys'
import { Field } from '../../ui/TextField'
import { type SuggestionSource, useSuggestions } from '../../ui/useSuggestions'
import { completeTag, tagAt } from './uploadRules'

export interface TagsFieldProps {
  label: ReactNode
  labelNote?: ReactNode
  hint?: ReactNode
  placeholder?: string
  error?: string | null
  value: string
  onValueChange: (tags: string) => void
}

/** Tags in use, offered for the tag being typed: `GET /tags?prefix=`, most used first. */
function useTagSource(): SuggestionSource<TagCount, { tags: TagCount[] }> {
  const { t } = useTranslation('upload')
  return useMemo(
    () => ({
      at: tagAt,
      queryKey: postKeys.tagPrefix,
      find: getTags,
      items: (answer) => answer.tags,
      complete: (text, caret, query, tag) => completeTag(text, caret, query, tag.tag),
      key: (tag) => tag.tag,
      render: (tag) => (
        <>
          <span>{tag.tag}</span>
          <span className="tags-field__count">{t('metadata.tagPosts', { count: tag.count })}</span>
        </>
      ),
      label: t('metadata.tagSuggestions'),
      found: (count) => t('metadata.tagsFound', { count }),
    }),
    [t],
  )
}

/** The comma-separated tags field, completing the tag at the caret from the tags already in use. */
export function TagsField({
  label,
  labelNote,
  hint,
  placeholder,
  error,
  value,
  onValueChange,
}: TagsFieldProps) {
  const input = useRef<HTMLInputElement | null>(null)
  const suggestions = useSuggestions(useTagSource(), value, onValueChange, input)
  return (
    <Field label={label} labelNote={labelNote} hint={hint} error={error}>
      {(control) => (
        <div className="field__control mention-field">
          <input
            ref={input}
            className="field__input"
            placeholder={placeholder}
            value={value}
            autoComplete="off"
            role="combobox"
            aria-expanded={suggestions.fieldProps['aria-controls'] !== undefined}
            {...control}
            {...suggestions.fieldProps}
            onChange={(event) => onValueChange(event.target.value)}
            onKeyDown={suggestions.onKeyDown}
          />
          {suggestions.list}
        </div>
      )}
    </Field>
  )
}
