import type { SearchSnippet, SnippetField } from '@agora/contract'
import { type RawBuilder, sql } from 'kysely'
import type { Db } from '../../db/index'

/**
 * Where a search matched, for the cards of one page (issue 19). Computed after paging, for at most
 * a page of posts: ts_headline parses the text it marks (about 10 ms for 100k characters), so it
 * must never run on candidates. Which field of a post matched comes from the weights of its stored
 * search document (migration 0002: title A, tags and author B, summary C, content D) without
 * parsing anything; a post found through a comment shows that comment.
 */

/** Marks ts_headline puts around a match: control characters, replaced in the text beforehand. */
const START = '\u0001'
const STOP = '\u0002'
/** A field longer than this is marked in its first part only (a hit further in shows its start, unmarked). */
const MARKED_CHARACTERS = 20_000
const TITLE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, HighlightAll=true`
const PASSAGE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=24, MinWords=10, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`

/** A card of the page: the post, and the comment the search found it through, if any. */
export interface SnippetTarget {
  id: string
  matched_comment_id: string | null
}

interface MarkedRow {
  post_id: string
  field: SnippetField
  comment_id: string | null
  marked: string
}

/**
 * The snippet of each post of a page that the search `query` (all words) or `anyWord` (one of
 * them) matched in its title, summary, content or comment, by post id. Of the English headline
 * (it finds stemmed forms: "studies" for "study") and the unstemmed one (a prefix the stemmer cut
 * short: "runn" in "running"), the one that marks more words.
 */
export async function snippetsOf(
  db: Db,
  query: RawBuilder<unknown>,
  anyWord: RawBuilder<unknown>,
  targets: readonly SnippetTarget[],
): Promise<Map<string, SearchSnippet>> {
  if (targets.length === 0) return new Map()
  const page = sql.join(
    targets.map((target) => sql`(${target.id}::uuid, ${target.matched_comment_id}::uuid)`),
    sql`, `,
  )
  const marks = (headline: RawBuilder<unknown> | ReturnType<typeof sql.ref>) =>
    sql`length(${headline}) - length(replace(${headline}, ${START}, ''))`
  const weight = (weights: string, q: RawBuilder<unknown>) =>
    sql`ts_filter(p.search, ${`{${weights}}`}::"char"[]) @@ ${q}`
  const { rows } = await sql<MarkedRow>`
    with page (post_id, comment_id) as (values ${page}),
    picked as (
      select p.id as post_id, c.id as comment_id,
        case
          when c.id is not null then 'comment'
          when ${weight('a', query)} then 'title'
          when ${weight('c', query)} then 'summary'
          when ${weight('d', query)} then 'content'
          when ${weight('a', anyWord)} then 'title'
          when ${weight('c', anyWord)} then 'summary'
          when ${weight('d', anyWord)} then 'content'
        end as field,
        p.title, p.summary, p.content, c.content as comment
      from page
      join posts p on p.id = page.post_id
      left join comments c on c.id = page.comment_id and c.post_id = p.id
    ),
    texts as (
      select post_id, comment_id, field,
        translate(left(case field
          when 'title' then title
          when 'summary' then summary
          when 'content' then content
          else comment
        end, ${MARKED_CHARACTERS}), ${START + STOP}, '  ') as body,
        case when field = 'title' then ${TITLE_OPTIONS} else ${PASSAGE_OPTIONS} end as options
      from picked
      where field is not null
    ),
    headlines as (
      select *,
        ts_headline('english', body, ${anyWord}, options) as english,
        ts_headline('simple', body, ${anyWord}, options) as simple
      from texts
    )
    select post_id, field, comment_id,
      case when ${marks(sql.ref('simple'))} > ${marks(sql.ref('english'))} then simple else english end as marked
    from headlines
  `.execute(db)
  return new Map(
    rows.map((row) => [
      row.post_id,
      {
        field: row.field,
        ...readMarks(row.field === 'title' ? row.marked : plainPassage(row.marked)),
        ...(row.comment_id ? { comment_id: row.comment_id } : {}),
      },
    ]),
  )
}

/** Markdown reduced to its words (as a card's preview is), the marks kept. */
export function plainPassage(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Text with START…STOP marks as plain text and [start, end) ranges; an unpaired mark is dropped. */
export function readMarks(marked: string): { text: string; highlights: [number, number][] } {
  let text = ''
  let open: number | null = null
  const highlights: [number, number][] = []
  for (const char of marked) {
    if (char === START) {
      open ??= text.length
    } else if (char === STOP) {
      if (open !== null && text.length > open) highlights.push([open, text.length])
      open = null
    } else {
      text += char
    }
  }
  if (open !== null && text.length > open) highlights.push([open, text.length])
  return { text, highlights }
}
