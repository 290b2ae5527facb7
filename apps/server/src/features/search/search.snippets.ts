import { plainText, type SearchSnippet, type SnippetField } from '@agora/contract'
import { sql } from 'kysely'
import type { Db } from '../../db/index'
import { anyWordQuery, prefixQuery } from './search.query'

/**
 * Where a search matched, for one page's cards, computed after paging. The field comes from the
 * stored document's weights; the passage is cut here, not by ts_headline, which parses the text
 * twice over and would take half the search budget for a page of content hits.
 */

/** Characters of a field sent around its first hit: more than a passage needs. */
const WINDOW_BEFORE = 200
const WINDOW_LENGTH = 800
/** A passage: this many words before the first marked one, this many in all. */
const WORDS_BEFORE = 8
const PASSAGE_WORDS = 32

/** A card of the page: the post, and the comment the search found it through, if any. */
export interface SnippetTarget {
  id: string
  matched_comment_id: string | null
}

interface FieldRow {
  post_id: string
  field: SnippetField
  comment_id: string | null
  /** The typed terms and their English stems, space separated. */
  needles: string
  /** The field, or for a long one a window of it from `window_start` (1-based). */
  body: string
  window_start: number
  cut_after: boolean
}

/**
 * The snippet of each post of a page that the search `terms` (all of them, else one) matched in
 * its title, summary, content or comment, by post id.
 */
export async function snippetsOf(
  db: Db,
  terms: string[],
  targets: readonly SnippetTarget[],
): Promise<Map<string, SearchSnippet>> {
  if (targets.length === 0 || terms.length === 0) return new Map()
  const { rows } = await snippetFieldsQuery(terms, targets).execute(db)
  return new Map(
    rows.map((row) => {
      const needles = row.needles.split(' ').filter(Boolean)
      const marked =
        row.field === 'title'
          ? markAll(row.body, needles)
          : passage(plainText(row.body), needles, {
              cutBefore: row.window_start > 1,
              cutAfter: row.cut_after,
            })
      return [
        row.post_id,
        { field: row.field, ...marked, ...(row.comment_id ? { comment_id: row.comment_id } : {}) },
      ]
    }),
  )
}

/** The statement of `snippetsOf`: each target's matched field, or the window of it around the first hit. */
export function snippetFieldsQuery(terms: string[], targets: readonly SnippetTarget[]) {
  const page = sql.join(
    targets.map((target) => sql`(${target.id}::uuid, ${target.matched_comment_id}::uuid)`),
    sql`, `,
  )
  const typed = sql.join(
    terms.map((term) => sql`(${term}::text)`),
    sql`, `,
  )
  // Weighted queries ('cell:*A') match only in that part of the stored document.
  const all = (weight: string) => sql`p.search @@ ${prefixQuery(terms, weight)}`
  const any = (weight: string) => sql`p.search @@ ${anyWordQuery(terms, weight)}`
  // With one word, "one of them" is "all of them".
  const oneOf =
    terms.length > 1
      ? sql`when ${any('A')} then 'title' when ${any('C')} then 'summary' when ${any('D')} then 'content'`
      : sql``
  return sql<FieldRow>`
    with page (post_id, comment_id) as (values ${page}),
    typed (term) as (values ${typed}),
    needles as (
      select term as needle from typed
      union
      select unnest(ts_lexize('english_stem', term)) from typed
    ),
    picked as (
      select p.id as post_id, c.id as comment_id,
        case
          when c.id is not null then 'comment'
          when ${all('A')} then 'title'
          when ${all('C')} then 'summary'
          when ${all('D')} then 'content'
          ${oneOf}
        end as field,
        p.title, p.summary, p.content, c.content as comment
      from page
      join posts p on p.id = page.post_id
      left join comments c on c.id = page.comment_id and c.post_id = p.id
    ),
    texts as (
      select post_id, comment_id, field,
        case field when 'title' then title when 'summary' then summary when 'content' then content else comment end as body
      from picked
      where field is not null
    ),
    placed as (
      select texts.*, case when field = 'title' then 1 else greatest(1, coalesce(
        (select min(nullif(strpos(lower(texts.body), needle), 0)) from needles), 1
      ) - ${WINDOW_BEFORE}) end as window_start
      from texts
    )
    select post_id, field, comment_id,
      (select string_agg(needle, ' ') from needles) as needles,
      case when field = 'title' then body else substr(body, window_start, ${WINDOW_LENGTH}) end as body,
      window_start,
      field <> 'title' and length(body) >= window_start + ${WINDOW_LENGTH} as cut_after
    from placed
  `
}

type Marked = { text: string; highlights: [number, number][] }

const WORD = /[\p{L}\p{N}]+/gu

/** The words of `text` that start with one of `needles` (lower-case), as [start, end) ranges. */
function matches(text: string, needles: string[]): { start: number; end: number; hit: boolean }[] {
  return [...text.matchAll(WORD)].map((word) => {
    const lower = word[0].toLowerCase()
    return {
      start: word.index,
      end: word.index + word[0].length,
      hit: needles.some((needle) => lower.startsWith(needle)),
    }
  })
}

/** The whole text with every matching word marked (a title). */
export function markAll(text: string, needles: string[]): Marked {
  const highlights = matches(text, needles)
    .filter((word) => word.hit)
    .map((word): [number, number] => [word.start, word.end])
  return { text, highlights }
}

/**
 * A passage of `text` around its first matching word, the matching words in it marked; an
 * ellipsis where it starts or ends inside the text (or inside the field: `cutBefore`, `cutAfter`).
 */
export function passage(
  text: string,
  needles: string[],
  { cutBefore = false, cutAfter = false }: { cutBefore?: boolean; cutAfter?: boolean } = {},
): Marked {
  const words = matches(text, needles)
  // A window that starts mid-field may start mid-word: that piece is not a word of the text.
  const first = cutBefore && words.length > 0 && words[0].start === 0 ? 1 : 0
  const firstHit = Math.max(
    first,
    words.findIndex((word) => word.hit),
  )
  const from = Math.max(first, firstHit - WORDS_BEFORE)
  const last = cutAfter ? words.length - 2 : words.length - 1
  const to = Math.min(last, from + PASSAGE_WORDS - 1)
  if (to < from) return { text: '', highlights: [] }
  const start = from === 0 && !cutBefore ? 0 : words[from].start
  const end = to === words.length - 1 && !cutAfter ? text.length : words[to].end
  const before = start > 0 || cutBefore ? '… ' : ''
  const after = end < text.length || cutAfter ? ' …' : ''
  const highlights = words
    .slice(from, to + 1)
    .filter((word) => word.hit)
    .map((word): [number, number] => [word.start - start + before.length, word.end - start + before.length])
  return { text: `${before}${text.slice(start, end).trim()}${after}`, highlights }
}
