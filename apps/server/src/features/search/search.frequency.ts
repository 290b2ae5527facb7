import { sql } from 'kysely'
import type { Db } from '../../db/index'
import { remembered } from '../../http/remembered'

/** The tables search looks in (SearchTable.table). */
export type SearchedTable = 'posts' | 'comments'

/** How common a search's words are in a table, by PostgreSQL's statistics (`WordFrequencies`). */
export interface Frequency {
  /** The share of rows that may match (an upper bound: every form the words may take, added up). */
  share: number
  /**
   * Whether every word is among the table's common lexemes (else `share` is only the least common
   * lexeme's share, which a rarer word is somewhere below).
   */
  listed: boolean
  /**
   * The share of rows that surely match, as far as the statistics tell: a single word's most common
   * listed form's (its stem and itself are one word, which `share` counts twice); 0 where that is
   * unknown (several words, whose forms may share no row; a word not listed).
   */
  least: number
  /** The table's rows, by the same statistics (`reltuples`). */
  rows: number
}

/** Statistics are read again after this long (ANALYZE runs every few minutes on a busy table). */
const STATS_TTL_MS = 10 * 60_000

interface TableStats {
  rows: number
  /** The most common lexemes of the `search` column and the share of rows holding each. */
  elements: Map<string, number>
  /** The share of the least common of them: a word not among them is in fewer rows than that. */
  below: number
}

/**
 * How common a search's words are in posts and comments, from what ANALYZE gathered about the
 * `search` column (the most common lexemes and how many rows hold each, `pg_stats`), read once per
 * `STATS_TTL_MS` in each process. This is what the planner knows too; search uses it to pick how
 * to find the newest matches (search.newest.ts `newestMatches`), because the planner weighs it
 * against costs that leave out what reading a document costs. Null where nothing was gathered yet
 * (a new or embedded database before ANALYZE).
 */
export function wordFrequencies(db: Db) {
  const cached = remembered<Map<SearchedTable, TableStats>>(1, STATS_TTL_MS)

  async function load(): Promise<Map<SearchedTable, TableStats>> {
    const { rows } = await sql<{
      table: SearchedTable
      rows: number
      elements: string[] | null
      shares: number[] | null
    }>`
      select c.relname as table, c.reltuples::float8 as rows,
        s.most_common_elems::text::text[] as elements, s.most_common_elem_freqs::float8[] as shares
      from pg_class c
      join pg_stats s on s.schemaname = current_schema() and s.tablename = c.relname and s.attname = 'search'
      where c.relnamespace = current_schema()::regnamespace and c.relname in ('posts', 'comments')
    `.execute(db)
    const stats = new Map<SearchedTable, TableStats>()
    for (const row of rows) {
      if (!row.elements || !row.shares || row.rows <= 0) continue
      const elements = new Map(row.elements.map((element, i) => [element, row.shares![i]]))
      // After the elements' shares: the smallest and largest of them, then the share of nulls.
      stats.set(row.table, { rows: row.rows, elements, below: row.shares[row.elements.length] })
    }
    return stats
  }

  /** The English stem of a term as the search's query takes it (null: a stop word), remembered. */
  const stems = remembered<string | null>(10_000, STATS_TTL_MS)
  const stemOf = (term: string) =>
    stems.remember(term, async () => {
      const { rows } = await sql<{
        query: string
      }>`select to_tsquery('english', ${`${term}:*`})::text as query`.execute(db)
      return /^'([^']+)':\*$/.exec(rows[0]?.query ?? '')?.[1] ?? null
    })

  return {
    /**
     * The English stem of each term as a search's query takes it (`prefixQuery`), in order: null
     * for a stop word or a term the stemmer splits.
     */
    stemsOf(terms: readonly string[]): Promise<(string | null)[]> {
      return Promise.all(terms.map(stemOf))
    },
    /** How common the words (`searchTerms`, all of which a match holds) are in each table, or null. */
    async of(terms: readonly string[]): Promise<Record<SearchedTable, Frequency | null>> {
      const all = await cached.remember('stats', load)
      if (terms.length === 0 || all.size === 0) return { posts: null, comments: null }
      const words = await Promise.all(terms.map(async (term) => ({ term, stem: await stemOf(term) })))
      const inTable = (table: SearchedTable) => {
        const stats = all.get(table)
        if (!stats) return null
        const shares = words.map((word) => shareOf(stats, word))
        return {
          share: Math.min(...shares.map((word) => word.share)),
          listed: shares.every((word) => word.listed),
          least: shares.length === 1 ? shares[0].least : 0,
          rows: stats.rows,
        }
      }
      return { posts: inTable('posts'), comments: inTable('comments') }
    },
  }
}
export type WordFrequencies = ReturnType<typeof wordFrequencies>

/**
 * The share of rows that may hold a word typed as `term`, matched as a prefix stemmed or not
 * (search.query.ts `prefixQuery`): the lexemes that begin with its stem, added up (every word it
 * may begin, and their stems: a document holds both forms, so this may count a word twice), and
 * those that begin with the word as typed where its stem does not begin it; at least the share
 * below every common lexeme, which a rarer word may still have. `least`: the most common of those
 * lexemes' shares, which every row holding it matches.
 */
function shareOf(
  stats: TableStats,
  { term, stem }: { term: string; stem: string | null },
): Omit<Frequency, 'rows'> {
  const prefixes = stem === null ? [term] : term.startsWith(stem) ? [stem] : [stem, term]
  let share = 0
  let least = 0
  for (const [element, elementShare] of stats.elements) {
    if (!prefixes.some((prefix) => element.startsWith(prefix))) continue
    share += elementShare
    least = Math.max(least, elementShare)
  }
  return { share: Math.min(1, Math.max(share, stats.below)), listed: share > 0, least }
}
