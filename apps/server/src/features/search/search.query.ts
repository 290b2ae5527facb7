import { type RawBuilder, sql } from 'kysely'
import type { Frequency, SearchedTable } from './search.frequency'
import type { HitOptions, SearchTable, WindowStarts } from './search.newest'

/** At most this many words of a search are used. */
const MAX_TERMS = 8
const MAX_TERM_LENGTH = 64
/**
 * Relevance ranking scores at most this many of the newest matches per source: ts_rank unpacks the
 * whole document, and a common word can match most posts (architecture.md §8). An explicit sort
 * (Hot/Recent) pages through every match on its own index instead.
 */
export const RANK_CANDIDATES = 200

/** The words of a search, as typed: letters and digits of any script, lower-cased. */
export function searchTerms(search: string | undefined): string[] {
  const words = (search ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  return [...new Set(words.map((word) => word.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_TERMS)
}

/**
 * A tsquery matching every term as a prefix (the last word is usually still being typed), each
 * term through the English stemmer or unstemmed — the search document holds both forms (migration
 * 0002). Terms hold only letters and digits, so nothing in them is tsquery syntax. Where a term's
 * English stem is known (`stems`, search.frequency.ts `stemsOf`, in the terms' order) and begins
 * it, the stem's prefix alone: every word the term begins, the stem begins too, and the GIN index
 * reads one prefix instead of two.
 */
export function prefixQuery(
  terms: string[],
  weights = '',
  stems: readonly (string | null)[] = [],
): RawBuilder<unknown> {
  const parts = terms.map((term, i) => sql`(${termQuery(term, weights, stems[i] ?? null)})`)
  return sql`(${sql.join(parts, sql` && `)})`
}

/** One term as a prefix, stemmed or not; with `weights` (e.g. 'A'), only in those parts of a document. */
function termQuery(term: string, weights: string, stem: string | null = null): RawBuilder<unknown> {
  const prefix = `${term}:*${weights}`
  if (stem !== null && term.startsWith(stem)) return sql`to_tsquery('english', ${prefix})`
  return sql`to_tsquery('english', ${prefix}) || to_tsquery('simple', ${prefix})`
}

/** The same terms as `prefixQuery`, any one of them enough: where a snippet may come from (search.snippets.ts). */
export function anyWordQuery(terms: string[], weights = ''): RawBuilder<unknown> {
  return sql`(${sql.join(
    terms.map((term) => termQuery(term, weights)),
    sql` || `,
  )})`
}

/**
 * Something search can find posts through. The posts themselves are one source; comments add a
 * second (a comment hit returns its post with `matched_comment_id`). A source answers in two ways:
 *
 * - `matches(q)`: a condition on the current `posts` row, for lists in an explicit order (Hot or
 *   Recent), which page through every match on their own index;
 * - `hits(q, limit, options)`: rows `(post_id, rank, matched_comment_id)` of at most `limit` of its
 *   newest matches, for the relevance order, which ranks only those candidates (`HitOptions`).
 * - `matchedCommentId(q)`: for a post it matched, the comment to point at (null for a post hit).
 *
 * Visibility and the media-type filter are applied to the posts afterwards, once for all sources.
 */
export interface SearchSource {
  /** The table its documents are in. */
  table: SearchedTable
  matches(q: RawBuilder<unknown>): RawBuilder<boolean>
  /**
   * The ids (`post_id`) of the posts it matches, every one through its GIN index: for a list in an
   * explicit order when the words are rare (`fewMatches`), where walking the order's index to
   * check each post would read most of them.
   */
  matchingPosts(q: RawBuilder<unknown>): RawBuilder<unknown>
  hits(q: RawBuilder<unknown>, limit: number, options?: HitOptions): RawBuilder<unknown>
  matchedCommentId(q: RawBuilder<unknown>): RawBuilder<string | null>
  /** Where its documents are, and its windows (`newestMatches`). */
  searchTable: SearchTable
}

/**
 * The relevance order's candidates, one row per post (`post_id`, `rank`, `matched_comment_id`):
 * each source offers its newest RANK_CANDIDATES hits with a rank; a post found several ways keeps
 * its own hit (else its best comment's).
 */
export function bestHits(
  sources: readonly SearchSource[],
  q: RawBuilder<unknown>,
  {
    within,
    frequencies,
    starts,
  }: Pick<HitOptions, 'within'> & {
    frequencies?: Partial<Record<SearchedTable, Frequency | null>>
    starts?: Partial<Record<SearchedTable, WindowStarts | null>>
  },
) {
  const hits = sql.join(
    sources.map((source) => {
      const options = { within, frequency: frequencies?.[source.table], starts: starts?.[source.table] }
      return sql`(${source.hits(q, RANK_CANDIDATES, options)})`
    }),
    sql` union all `,
  )
  return sql<{ post_id: string; rank: number; matched_comment_id: string | null }>`(
    select distinct on (h.post_id) h.post_id, h.rank, h.matched_comment_id
    from (${hits}) h
    order by h.post_id, (h.matched_comment_id is null) desc, h.rank desc
  )`
}

/** The share of rows at most that `fewMatches` calls rare. */
export const FEW_MATCHES_SHARE = 0.015

/**
 * Whether a search's words are rare enough in every source's table (at most FEW_MATCHES_SHARE of
 * its rows) that a list in an explicit order should find all their matches through the GIN indexes
 * and sort them, rather than walk the order's index and check each post until a page is full.
 * A page of 20 walks 20 / share posts and the index reads share × rows matches, which cost the same
 * near 1.4 % of a 100k forum; a word that matches nothing would walk every post. Without statistics
 * (a new database before ANALYZE), the walk.
 */
export function fewMatches(
  frequencies: Partial<Record<SearchedTable, Frequency | null>> | undefined,
): boolean {
  const known = Object.values(frequencies ?? {})
  return (
    known.length > 0 && known.every((frequency) => frequency != null && frequency.share <= FEW_MATCHES_SHARE)
  )
}
