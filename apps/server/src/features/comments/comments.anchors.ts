import {
  ANCHOR_CONTEXT_MAX,
  ANCHOR_EXACT_MAX,
  type CommentAnchor,
  type CommentAnchorInput,
} from '@agora/contract'
import type { Db } from '../../db/index'
import type { CommentRow } from '../../db/schema'
import { BadRequestError } from '../../http/errors'
import { type FileOfSomeVersion, filesOfEveryVersion, withheldVersions } from '../versions/index'

/**
 * Anchors of comments: a top-level comment may point at a passage of one of its post's
 * PDFs or at a moment of a video or audio file, by the file's CID, which never changes. Files of the
 * post's earlier versions count: an anchor written on version 1 stays valid after version 2.
 */

export const ANCHOR_ON_REPLY = 'Only a top-level comment can point into a file: a reply belongs to its thread'
export const ANCHOR_UNKNOWN_FILE = 'This post has no file with that CID (in any of its versions)'
export const ANCHOR_TEXT_NOT_PDF = 'A passage can only be quoted from a PDF file'
export const ANCHOR_TIME_NOT_MEDIA = 'A moment can only be pointed at in a video or an audio file'
export const ANCHOR_NEEDS_PAGE = 'Say on which page the passage is: page is a whole number from 1'
export const ANCHOR_PAGE_PAST_END = (pages: number) =>
  `This PDF has ${pages} page${pages === 1 ? '' : 's'}: the page is past its end`
export const ANCHOR_NEEDS_EXACT = 'Quote the passage: exact is the text the comment is about'
export const ANCHOR_EXACT_TOO_LONG = `The quoted passage is too long: at most ${ANCHOR_EXACT_MAX} characters`
export const ANCHOR_CONTEXT_TOO_LONG = (field: 'prefix' | 'suffix') =>
  `The text ${field === 'prefix' ? 'before' : 'after'} the passage (${field}) is too long: at most ${ANCHOR_CONTEXT_MAX} characters`
export const ANCHOR_BAD_OFFSETS = 'The position hint must be two whole numbers from 0, start before end'
export const ANCHOR_NEEDS_START = 'Say at which moment: start is a number of seconds from 0'
export const ANCHOR_END_BEFORE_START = 'The end of the moment must not come before its start'
export const ANCHOR_TIME_PAST_END = (duration: number) =>
  `This recording is ${formatSeconds(duration)} long: the time is past its end`
export const ANCHOR_FIELDS_OF_OTHER_KIND = (kind: 'text' | 'time') =>
  kind === 'time'
    ? 'A moment of a recording has no page, quote, prefix or suffix'
    : 'A passage has no time: start and end are character offsets, given together'

/** 75.5 → "1:15", 3725 → "1:02:05": how the player shows a time. */
export function formatSeconds(total: number): string {
  const whole = Math.floor(total)
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  const seconds = String(whole % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`
}

function bad(field: string, detail: string): never {
  throw new BadRequestError('anchor_invalid', {
    detail: detail,
    errors: [{ field: `anchor.${field}`, message: detail }],
  })
}

function codePoints(text: string): number {
  let count = 0
  for (const _ of text) count += 1
  return count
}

const isPdf = (file: FileOfSomeVersion) => file.mime === 'application/pdf'
const isMedia = (file: FileOfSomeVersion) => file.kind === 'video' || file.kind === 'audio'
/** Half a second of slack past a duration: players and containers round the last frame differently. */
const DURATION_SLACK = 0.5

/** The anchor as stored: its columns. Throws 400 with a sentence for anything the file cannot hold. */
export function checkAnchor(input: CommentAnchorInput, files: FileOfSomeVersion[]): AnchorColumns {
  const file = files.find((candidate) => candidate.cid === input.cid)
  if (!file) bad('cid', ANCHOR_UNKNOWN_FILE)
  if (input.kind === 'time') {
    if (!isMedia(file)) bad('kind', ANCHOR_TIME_NOT_MEDIA)
    if (
      input.page !== undefined ||
      input.exact !== undefined ||
      input.prefix !== undefined ||
      input.suffix !== undefined
    )
      bad('kind', ANCHOR_FIELDS_OF_OTHER_KIND('time'))
    const { start, end } = input
    if (start === undefined || !Number.isFinite(start) || start < 0) bad('start', ANCHOR_NEEDS_START)
    if (end !== undefined && (!Number.isFinite(end) || end < start)) bad('end', ANCHOR_END_BEFORE_START)
    const duration = file.duration_seconds
    if (duration !== null && (end ?? start) > duration + DURATION_SLACK)
      bad(
        end !== undefined && end > duration + DURATION_SLACK ? 'end' : 'start',
        ANCHOR_TIME_PAST_END(duration),
      )
    return {
      ...EMPTY,
      anchor_cid: file.cid,
      anchor_kind: 'time',
      anchor_start: start,
      anchor_end: end ?? null,
    }
  }
  if (!isPdf(file)) bad('kind', ANCHOR_TEXT_NOT_PDF)
  const { page, exact = '', prefix, suffix, start, end } = input
  if (page === undefined || !Number.isInteger(page) || page < 1) bad('page', ANCHOR_NEEDS_PAGE)
  if (file.page_count !== null && page > file.page_count) bad('page', ANCHOR_PAGE_PAST_END(file.page_count))
  const quote = exact.replaceAll('\u0000', '')
  if (quote.trim().length === 0) bad('exact', ANCHOR_NEEDS_EXACT)
  if (codePoints(quote) > ANCHOR_EXACT_MAX) bad('exact', ANCHOR_EXACT_TOO_LONG)
  for (const [field, value] of [
    ['prefix', prefix],
    ['suffix', suffix],
  ] as const) {
    if (value !== undefined && codePoints(value) > ANCHOR_CONTEXT_MAX)
      bad(field, ANCHOR_CONTEXT_TOO_LONG(field))
  }
  if (start !== undefined || end !== undefined) {
    const offsets = [start, end]
    if (
      !offsets.every((n) => n !== undefined && Number.isInteger(n) && n >= 0) ||
      (end as number) < (start as number)
    )
      bad('start', ANCHOR_BAD_OFFSETS)
  }
  return {
    anchor_cid: file.cid,
    anchor_kind: 'text',
    anchor_page: page,
    anchor_exact: quote,
    anchor_prefix: prefix?.replaceAll('\u0000', '') ?? null,
    anchor_suffix: suffix?.replaceAll('\u0000', '') ?? null,
    anchor_start: start ?? null,
    anchor_end: end ?? null,
  }
}

export type AnchorColumns = Pick<
  CommentRow,
  | 'anchor_cid'
  | 'anchor_kind'
  | 'anchor_page'
  | 'anchor_exact'
  | 'anchor_prefix'
  | 'anchor_suffix'
  | 'anchor_start'
  | 'anchor_end'
>

const EMPTY: AnchorColumns = {
  anchor_cid: null,
  anchor_kind: null,
  anchor_page: null,
  anchor_exact: null,
  anchor_prefix: null,
  anchor_suffix: null,
  anchor_start: null,
  anchor_end: null,
}

/** Where the post's files are, by CID: the newest version holding each, and whether it is current. */
export type FilePlaces = Map<string, { version: number; current: boolean }>

/**
 * What comment views say of the post's versions for one reader: the versions they may not open
 * (features/versions), and where the files are in the others.
 */
export interface VersionsSeen {
  withheld: ReadonlySet<number>
  places: FilePlaces
}

export const NOTHING_SEEN: VersionsSeen = { withheld: new Set(), places: new Map() }

/** The post's versions as `viewerId` sees them, read only when there are `rows` (their files when one has an anchor). */
export async function versionsSeenFor(
  db: Db,
  postId: string,
  rows: AnchorColumns[],
  viewerId: string | null,
): Promise<VersionsSeen> {
  if (rows.length === 0) return NOTHING_SEEN
  const withheld = await withheldVersions(db, postId, viewerId)
  if (!rows.some((row) => row.anchor_cid)) return { withheld, places: new Map() }
  return { withheld, places: placesOf(await filesOfEveryVersion(db, postId, withheld)) }
}

export const placesOf = (files: FileOfSomeVersion[]): FilePlaces =>
  new Map(files.map((file) => [file.cid, { version: file.version, current: file.current }]))

/** The anchor of a comment as its views show it, or nothing. */
export function anchorView(row: AnchorColumns, places: FilePlaces): { anchor?: CommentAnchor } {
  if (!row.anchor_cid || !row.anchor_kind) return {}
  const place = places.get(row.anchor_cid)
  const anchor: CommentAnchor = {
    cid: row.anchor_cid,
    kind: row.anchor_kind,
    current: place?.current ?? false,
  }
  if (row.anchor_page !== null) anchor.page = row.anchor_page
  if (row.anchor_exact !== null) anchor.exact = row.anchor_exact
  if (row.anchor_prefix !== null) anchor.prefix = row.anchor_prefix
  if (row.anchor_suffix !== null) anchor.suffix = row.anchor_suffix
  if (row.anchor_start !== null) anchor.start = row.anchor_start
  if (row.anchor_end !== null) anchor.end = row.anchor_end
  if (place) anchor.version = place.version
  return { anchor }
}
