import { sql } from 'kysely'
import type { Db } from '../../db/index'
import { remembered } from '../../http/remembered'

/** The tables search looks in (SearchTable.table). */
export type SearchedTable = 'posts' | 'comments'

/** How common a search's words are in a table, by PostgreSQL's statistics (`WordFrequencies`). */
export interface Frequency {
  /** The share of rows that may match (an upper bound: every form the words may take, added up). */
  share: number
  /** That share of the table's rows. */
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
 * to find the newest matches (search.query.ts `newestMatches`), because the planner weighs it
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

  return {
    /** How common the words (`searchTerms`, all of which a match holds) are in `table`, or null. */
    async of(table: SearchedTable, terms: readonly string[]): Promise<Frequency | null> {
      const stats = (await cached.remember('stats', load)).get(table)
      if (!stats || terms.length === 0) return null
      const share = Math.min(...terms.map((term) => shareOf(stats, term)))
      return { share, rows: share * stats.rows }
    },
  }
}
export type WordFrequencies = ReturnType<typeof wordFrequencies>

/**
 * The share of rows that may hold a word typed as `term`, matched as a prefix stemmed or not
 * (search.query.ts `prefixQuery`): the lexemes that start with it, added up (the words it may begin,
 * and their stems: a document holds both forms, so this may count a word twice), or the lexeme it
 * starts with that could be its stem (the English stemmer cuts endings of up to four letters off),
 * whichever is more; at least the share below every common lexeme, which a rarer word may still have.
 */
function shareOf(stats: TableStats, term: string): number {
  let begun = 0
  let stem = 0
  for (const [element, share] of stats.elements) {
    if (element.startsWith(term)) begun += share
    else if (term.startsWith(element) && element.length >= Math.max(3, term.length - 4))
      stem = Math.max(stem, share)
  }
  return Math.min(1, Math.max(begun, stem, stats.below))
}
