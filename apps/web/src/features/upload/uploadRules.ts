/**
 * The upload form's rules (product-spec §5), checked in the browser before anything is sent; the server
 * checks the same limits again, from the same constants.
 */
import {
  POST_AI_INSTRUCTION_MAX as AI_INSTRUCTION_MAX,
  POST_CONTENT_MAX as CONTENT_MAX,
  UPLOAD_MAX_FILE_BYTES as MAX_FILE_BYTES,
  UPLOAD_MAX_FILES as MAX_FILES,
  normaliseDoi,
  POST_SUMMARY_MAX as SUMMARY_MAX,
  POST_TAG_MAX_LENGTH as TAG_MAX_LENGTH,
  POST_TAGS_MAX as TAGS_MAX,
  POST_TITLE_MAX as TITLE_MAX,
} from '@agora/contract/limits'

export {
  AI_INSTRUCTION_MAX,
  CONTENT_MAX,
  MAX_FILE_BYTES,
  MAX_FILES,
  SUMMARY_MAX,
  TAG_MAX_LENGTH,
  TAGS_MAX,
  TITLE_MAX,
}

/** What the file picker offers (the server decides by content, not by these names). */
export const ACCEPTED_FILES =
  'image/*,video/*,audio/*,application/pdf,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.txt,.md,text/plain,text/markdown'

export type SelectionProblem = { kind: 'tooMany' } | { kind: 'tooLarge'; name: string }

export interface FileLike {
  name: string
  size: number
  lastModified: number
}

const sameFile = (a: FileLike, b: FileLike) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified

/**
 * Adds picked or dropped files to the selection: a file over 50 MB is refused by name, a file already
 * selected is skipped, and the selection stops at 5 files ('Maximum 5 files allowed').
 */
export function addToSelection<F extends FileLike>(
  current: readonly F[],
  incoming: readonly F[],
): { files: F[]; problems: SelectionProblem[] } {
  const files = [...current]
  const problems: SelectionProblem[] = []
  let overflow = false
  for (const file of incoming) {
    if (file.size > MAX_FILE_BYTES) {
      problems.push({ kind: 'tooLarge', name: file.name })
      continue
    }
    if (files.some((selected) => sameFile(selected, file))) continue
    if (files.length >= MAX_FILES) {
      overflow = true
      continue
    }
    files.push(file)
  }
  if (overflow) problems.unshift({ kind: 'tooMany' })
  return { files, problems }
}

/** The tags as the server will store them: split on commas, trimmed, lower-cased, each once. */
export function parseTags(raw: string): string[] {
  const tags = raw
    .split(/[,，、]/)
    .map((tag) => tag.trim().replace(/^#+/, '').replace(/\s+/g, ' ').toLowerCase())
    .filter(Boolean)
  return [...new Set(tags)]
}

export type FormProblem =
  | { field: 'files'; kind: 'noFiles' }
  | { field: 'title'; kind: 'titleRequired' | 'titleTooLong' }
  | { field: 'tags'; kind: 'tooManyTags' }
  | { field: 'tags'; kind: 'tagTooLong'; tag: string }
  | { field: 'doi'; kind: 'badDoi' }

/**
 * What stops a submission: no file, no title, too many or too long tags, something that is not a DOI.
 * The first problem is shown first.
 */
export function checkSubmission(
  fileCount: number,
  fields: { title: string; tags: string; doi?: string },
): FormProblem[] {
  const problems: FormProblem[] = []
  if (fileCount === 0) problems.push({ field: 'files', kind: 'noFiles' })
  const title = fields.title.trim()
  if (!title) problems.push({ field: 'title', kind: 'titleRequired' })
  else if (title.length > TITLE_MAX) problems.push({ field: 'title', kind: 'titleTooLong' })
  const tags = parseTags(fields.tags)
  if (tags.length > TAGS_MAX) problems.push({ field: 'tags', kind: 'tooManyTags' })
  const long = tags.find((tag) => tag.length > TAG_MAX_LENGTH)
  if (long) problems.push({ field: 'tags', kind: 'tagTooLong', tag: long })
  if (normaliseDoi(fields.doi ?? '') === null) problems.push({ field: 'doi', kind: 'badDoi' })
  return problems
}

/**
 * Upload speed over the last second of progress events (the spec's bytes per second, from real events):
 * keeps a short window of samples and answers bytes/s, or null until two samples exist.
 */
export function createSpeedMeter(windowMs = 1000) {
  let samples: { time: number; loaded: number }[] = []
  return {
    add(time: number, loaded: number): number | null {
      samples.push({ time, loaded })
      while (samples.length > 2 && time - samples[1].time >= windowMs) samples.shift()
      const first = samples[0]
      const elapsed = time - first.time
      return elapsed > 0 ? ((loaded - first.loaded) / elapsed) * 1000 : null
    },
    reset() {
      samples = []
    },
  }
}

/** The tag being typed at the caret of the tags field (commas, also Chinese ones, separate them). */
export function tagAt(text: string, caret: number): { start: number; prefix: string } | null {
  const before = text.slice(0, caret)
  const start = Math.max(before.lastIndexOf(','), before.lastIndexOf('，')) + 1
  const typed = before.slice(start)
  const prefix = typed.trimStart()
  if (!prefix || prefix.length > TAG_MAX_LENGTH) return null
  return { start: start + typed.length - prefix.length, prefix }
}

/** The tags text with the tag at `query` replaced by `tag`, followed by ", " for the next one. */
export function completeTag(
  text: string,
  caret: number,
  query: { start: number },
  tag: string,
): { text: string; caret: number } {
  const before = text.slice(0, query.start)
  const after = text.slice(caret).replace(/^[^,，]*/, '')
  const inserted = after ? tag : `${tag}, `
  return { text: before + inserted + after, caret: before.length + inserted.length }
}
