import {
  MEDIA_TYPES,
  normaliseDoi,
  POST_AI_INSTRUCTION_MAX,
  POST_CONTENT_MAX,
  POST_LICENSES,
  POST_SUMMARY_MAX,
  POST_TAG_MAX_LENGTH,
  POST_TAGS_MAX,
  POST_TITLE_MAX,
  type PostEditRequest,
} from '@agora/contract'
import { BadRequestError, type FieldError } from '../../http/errors'
import type { ReceivedFile } from '../files/index'

/** The text fields of an upload, as they arrive (all strings, all optional). */
export type UploadFields = Partial<
  Record<
    | 'title'
    | 'summary'
    | 'description'
    | 'content'
    | 'tags'
    | 'media_type'
    | 'ai_instruction'
    | 'visibility'
    | 'license'
    | 'doi',
    string
  >
>

/** Tags as the spec's comma-separated field gives them: trimmed, lower-cased, de-duplicated, no '#'. */
export function normaliseTags(raw: string | undefined): string[] {
  const tags = (raw ?? '')
    .split(/[,，、]/)
    // Control characters (a NUL cannot even be stored) are no part of a tag.
    .map((tag) =>
      tag
        // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
        .replace(/[\u0000-\u001f\u007f]/g, '')
        .trim()
        .replace(/^#+/, '')
        .replace(/\s+/g, ' ')
        .toLowerCase(),
    )
    .filter(Boolean)
  return [...new Set(tags)]
}

/** The text fields every post has, checked against the upload form's limits; problems are pushed to `problems`. */
function readTextFields(fields: UploadFields, problems: FieldError[]) {
  const title = (fields.title ?? '').trim()
  if (!title) problems.push({ field: 'title', message: 'Title is required' })
  else if (title.length > POST_TITLE_MAX) {
    problems.push({ field: 'title', message: `Title must be at most ${POST_TITLE_MAX} characters` })
  }
  const summary = (fields.summary || fields.description || '').trim()
  if (summary.length > POST_SUMMARY_MAX) {
    problems.push({ field: 'summary', message: `Summary must be at most ${POST_SUMMARY_MAX} characters` })
  }
  const content = (fields.content ?? '').trim()
  if (content.length > POST_CONTENT_MAX) {
    problems.push({ field: 'content', message: `Content must be at most ${POST_CONTENT_MAX} characters` })
  }
  const tags = normaliseTags(fields.tags)
  if (tags.length > POST_TAGS_MAX)
    problems.push({ field: 'tags', message: `At most ${POST_TAGS_MAX} tags allowed` })
  const longTag = tags.find((tag) => tag.length > POST_TAG_MAX_LENGTH)
  if (longTag) {
    problems.push({
      field: 'tags',
      message: `Tag "${longTag}" is longer than ${POST_TAG_MAX_LENGTH} characters`,
    })
  }
  const visibility = (fields.visibility ?? '').trim().toLowerCase() || 'public'
  if (visibility !== 'public' && visibility !== 'private') {
    problems.push({ field: 'visibility', message: 'Visibility must be public or private' })
  }
  const license = (fields.license ?? '').trim() || POST_LICENSES[0]
  if (!(POST_LICENSES as readonly string[]).includes(license)) {
    problems.push({ field: 'license', message: `Licence must be one of ${POST_LICENSES.join(', ')}` })
  }
  const doi = normaliseDoi(fields.doi ?? '')
  if (doi === null) {
    problems.push({ field: 'doi', message: 'DOI must look like 10.1234/abc (a doi.org link works too)' })
  }
  return {
    title,
    summary,
    content,
    tags,
    visibility: visibility as 'public' | 'private',
    license,
    doi: doi ?? '',
  }
}

function throwFirst(problems: FieldError[]) {
  if (problems.length > 0)
    throw new BadRequestError('validation_failed', { detail: problems[0].message, errors: problems })
}

export function validatePostFields(fields: UploadFields, files: ReceivedFile[]) {
  const problems: FieldError[] = []
  const text = readTextFields(fields, problems)
  const aiInstruction = (fields.ai_instruction ?? '').trim()
  if (aiInstruction.length > POST_AI_INSTRUCTION_MAX) {
    problems.push({
      field: 'ai_instruction',
      message: `AI instructions must be at most ${POST_AI_INSTRUCTION_MAX} characters`,
    })
  }
  const givenType = (fields.media_type ?? '').trim().toLowerCase()
  if (givenType && !(MEDIA_TYPES as readonly string[]).includes(givenType)) {
    problems.push({ field: 'media_type', message: `Media type must be one of ${MEDIA_TYPES.join(', ')}` })
  }
  if (files.length === 0)
    problems.push({ field: 'files', message: 'Please select at least one file to upload' })
  throwFirst(problems)

  // The cover (first file) decides the type when the form does not say.
  const cover = files[0].kind
  const mediaType = givenType || (cover === 'other' ? 'document' : cover)
  return { ...text, ai_instruction: aiInstruction, media_type: mediaType }
}
export type PostFields = ReturnType<typeof validatePostFields>

/** A post's text as the guard and `post.edited` read it: title, summary and content, a line each. */
export function postText(post: Pick<PostFields, 'title' | 'summary' | 'content'>): string {
  return [post.title, post.summary, post.content].join('\n')
}

/** What an edit may change of a post. */
export type EditableFields = ReturnType<typeof readTextFields>
export const EDITABLE_FIELDS = [
  'title',
  'summary',
  'content',
  'tags',
  'visibility',
  'license',
  'doi',
] as const

/**
 * The post's text fields after an edit: each field the edit names replaces the current one, and
 * the result is checked as an upload's would be (a title stays required, the same limits).
 */
export function validatePostEdit(current: EditableFields, edit: PostEditRequest): EditableFields {
  const given = (value: string | undefined, now: string) => (value === undefined ? now : value)
  const problems: FieldError[] = []
  const text = readTextFields(
    {
      title: given(edit.title, current.title),
      summary: given(edit.summary ?? edit.description, current.summary),
      content: given(edit.content, current.content),
      tags: edit.tags === undefined ? current.tags.join(',') : [edit.tags].flat().join(','),
      visibility: given(edit.visibility, current.visibility),
      license: given(edit.license, current.license),
      doi: given(edit.doi, current.doi),
    },
    problems,
  )
  throwFirst(problems)
  return text
}
