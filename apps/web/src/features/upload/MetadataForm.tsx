import { useTranslation } from 'react-i18next'
import type { UploadFields } from '../../api/posts'
import { Field, TextField } from '../../ui/TextField'
import { AI_INSTRUCTION_MAX, CONTENT_MAX, SUMMARY_MAX, TAGS_MAX, TITLE_MAX } from './uploadRules'

export interface MetadataFormProps {
  id: string
  fields: UploadFields
  onChange: (fields: UploadFields) => void
  errors: { title?: string | null; tags?: string | null }
}

/**
 * The post's text: title, summary, Markdown content, tags, AI instructions and visibility (spec §2).
 * The title is the form's first input (the page focuses it when it is missing).
 */
export function MetadataForm({ id, fields, onChange, errors }: MetadataFormProps) {
  const { t } = useTranslation('upload')
  const set = <K extends keyof UploadFields>(key: K, value: UploadFields[K]) =>
    onChange({ ...fields, [key]: value })
  return (
    <div id={id} className="metadata">
      <TextField
        label={t('metadata.title')}
        labelNote={t('metadata.required')}
        value={fields.title}
        maxLength={TITLE_MAX}
        required
        autoComplete="off"
        error={errors.title}
        onChange={(event) => set('title', event.target.value)}
      />
      <Field label={t('metadata.summary')} labelNote={t('metadata.optional')}>
        {(control) => (
          <textarea
            className="field__input field__textarea"
            rows={2}
            maxLength={SUMMARY_MAX}
            value={fields.summary}
            onChange={(event) => set('summary', event.target.value)}
            {...control}
          />
        )}
      </Field>
      <Field
        label={t('metadata.content')}
        labelNote={t('metadata.optional')}
        hint={t('metadata.contentHint')}
      >
        {(control) => (
          <textarea
            className="field__input field__textarea"
            rows={6}
            maxLength={CONTENT_MAX}
            value={fields.content}
            onChange={(event) => set('content', event.target.value)}
            {...control}
          />
        )}
      </Field>
      <TextField
        label={t('metadata.tags')}
        labelNote={t('metadata.optional')}
        hint={t('metadata.tagsHint', { max: TAGS_MAX })}
        placeholder={t('metadata.tagsPlaceholder')}
        value={fields.tags}
        autoComplete="off"
        error={errors.tags}
        onChange={(event) => set('tags', event.target.value)}
      />
      <Field label={t('metadata.ai')} labelNote={t('metadata.optional')} hint={t('metadata.aiHint')}>
        {(control) => (
          <textarea
            className="field__input field__textarea"
            rows={2}
            maxLength={AI_INSTRUCTION_MAX}
            value={fields.ai_instruction}
            onChange={(event) => set('ai_instruction', event.target.value)}
            {...control}
          />
        )}
      </Field>
      <fieldset className="visibility">
        <legend className="field__label">{t('metadata.visibility')}</legend>
        {(['public', 'private'] as const).map((value) => (
          <label key={value} className="visibility__option">
            <input
              type="radio"
              name={`${id}-visibility`}
              value={value}
              checked={fields.visibility === value}
              onChange={() => set('visibility', value)}
            />
            <span>
              <span className="visibility__label">{t(`metadata.${value}`)}</span>
              <span className="visibility__hint">{t(`metadata.${value}Hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </div>
  )
}
