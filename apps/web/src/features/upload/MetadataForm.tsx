import { DOI_MAX, POST_LICENSES } from '@agora/contract/limits'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { UploadFields } from '../../api/posts'
import { MarkdownEditor, type MarkdownEditorProps } from '../../ui/MarkdownEditor'
import { MentionTextarea } from '../../ui/MentionField'
import { RadioGroup } from '../../ui/RadioGroup'
import { SelectOptions } from '../../ui/SelectOptions'
import { Field, TextAreaField, TextField } from '../../ui/TextField'
import { TagsField } from './TagsField'
import {
  AI_INSTRUCTION_MAX,
  CONTENT_MAX,
  checkSubmission,
  type FormProblem,
  SUMMARY_MAX,
  TAG_MAX_LENGTH,
  TAGS_MAX,
  TITLE_MAX,
} from './uploadRules'
import './MetadataForm.css'

export interface MetadataErrors {
  title?: string | null
  tags?: string | null
  /** The server's word on a DOI it refused (400 with `errors.doi`). */
  doi?: string | null
}

export interface MetadataFormProps {
  id: string
  fields: UploadFields
  onChange: (fields: UploadFields) => void
  errors: MetadataErrors
  /** The AI instructions field: on for an upload; an edit does not change them. */
  withAiInstruction?: boolean
  /** The title field: off where the form shows TitleField outside this one (the upload page). */
  withTitle?: boolean
  /** The form's kept draft, shown (with Discard) beside the content's Write and Preview. */
  draft?: Pick<MarkdownEditorProps, 'kept' | 'restored' | 'onDiscard'>
}

export interface TitleFieldProps {
  fields: UploadFields
  onChange: (fields: UploadFields) => void
  error?: string | null
}

/** The post's required title, on its own so a form can show it outside a collapsed section. */
export function TitleField({ fields, onChange, error }: TitleFieldProps) {
  const { t } = useTranslation('upload')
  return (
    <TextField
      label={t('metadata.title')}
      labelNote={t('metadata.required')}
      maxLength={TITLE_MAX}
      required
      autoComplete="off"
      error={error}
      value={fields.title}
      onChange={(event) => onChange({ ...fields, title: event.target.value })}
    />
  )
}

/** The problems of an edit's fields (no files involved), in words. */
export function checkMetadata(
  fields: { title: string; tags: string; doi: string },
  t: TFunction<'upload'>,
): MetadataErrors {
  return metadataErrors(checkSubmission(1, fields), t)
}

/** The fields' problems (uploadRules.checkSubmission) in words, by field. */
export function metadataErrors(problems: FormProblem[], t: TFunction<'upload'>): MetadataErrors {
  const errors: MetadataErrors = {}
  for (const problem of problems) {
    if (problem.kind === 'titleRequired') errors.title = t('validation.titleRequired')
    else if (problem.kind === 'titleTooLong') errors.title = t('validation.titleTooLong', { max: TITLE_MAX })
    else if (problem.kind === 'tooManyTags') errors.tags = t('validation.tooManyTags', { max: TAGS_MAX })
    else if (problem.kind === 'tagTooLong')
      errors.tags = t('validation.tagTooLong', { tag: problem.tag, max: TAG_MAX_LENGTH })
    else if (problem.kind === 'badDoi') errors.doi = t('validation.badDoi')
  }
  return errors
}

/** The summary's and the AI instructions' textareas: two lines high, in the form's textarea style. */
const SHORT_TEXT = { inputClassName: 'field__textarea', rows: 2 }

/**
 * The post's text: title, summary, Markdown content, tags (offering the tags in use as one types),
 * AI instructions, licence, DOI and visibility (spec §2).
 * The title is the form's first input (the page focuses it when it is missing).
 */
export function MetadataForm({
  id,
  fields,
  onChange,
  errors,
  withAiInstruction = true,
  withTitle = true,
  draft,
}: MetadataFormProps) {
  const { t } = useTranslation('upload')
  const set = <K extends keyof UploadFields>(key: K, value: UploadFields[K]) =>
    onChange({ ...fields, [key]: value })
  /** A text field's value and its change, for an input, a textarea or a select. */
  const bound = (key: 'summary' | 'ai_instruction' | 'license' | 'doi') => ({
    value: fields[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  })
  return (
    <div id={id} className="metadata">
      {withTitle && <TitleField fields={fields} onChange={onChange} error={errors.title} />}
      <TextAreaField
        label={t('metadata.summary')}
        labelNote={t('metadata.optional')}
        maxLength={SUMMARY_MAX}
        {...SHORT_TEXT}
        {...bound('summary')}
      />
      <Field
        label={t('metadata.content')}
        labelNote={t('metadata.optional')}
        hint={t('metadata.contentHint')}
      >
        {(control) => (
          <MarkdownEditor text={fields.content} {...draft}>
            <MentionTextarea
              className="field__input field__textarea"
              rows={6}
              maxLength={CONTENT_MAX}
              value={fields.content}
              onValueChange={(text) => set('content', text)}
              {...control}
            />
          </MarkdownEditor>
        )}
      </Field>
      <TagsField
        label={t('metadata.tags')}
        labelNote={t('metadata.optional')}
        hint={t('metadata.tagsHint', { max: TAGS_MAX })}
        placeholder={t('metadata.tagsPlaceholder')}
        value={fields.tags}
        error={errors.tags}
        onValueChange={(tags) => set('tags', tags)}
      />
      {withAiInstruction && (
        <TextAreaField
          label={t('metadata.ai')}
          labelNote={t('metadata.optional')}
          hint={t('metadata.aiHint')}
          maxLength={AI_INSTRUCTION_MAX}
          {...SHORT_TEXT}
          {...bound('ai_instruction')}
        />
      )}
      <Field label={t('metadata.license')} hint={t('metadata.licenseHint')}>
        {(control) => (
          <select className="field__input" {...bound('license')} {...control}>
            <SelectOptions
              values={POST_LICENSES}
              // i18next reads '.' as a path: the ids' dots are '_' in the key.
              labelOf={(license) => t(`post:license.names.${license.replaceAll('.', '_')}`)}
            />
          </select>
        )}
      </Field>
      <TextField
        label={t('metadata.doi')}
        labelNote={t('metadata.optional')}
        hint={t('metadata.doiHint')}
        placeholder="10.1234/abcd"
        maxLength={DOI_MAX}
        autoComplete="off"
        spellCheck={false}
        error={errors.doi}
        {...bound('doi')}
      />
      <RadioGroup
        legend={t('metadata.visibility')}
        legendClassName="field__label"
        className="visibility"
        optionClassName="visibility__option"
        options={['public', 'private'] as const}
        value={fields.visibility}
        onChange={(value) => set('visibility', value)}
        labelOf={(value) => (
          <span>
            <span className="visibility__label">{t(`metadata.${value}`)}</span>
            <span className="visibility__hint">{t(`metadata.${value}Hint`)}</span>
          </span>
        )}
      />
    </div>
  )
}
