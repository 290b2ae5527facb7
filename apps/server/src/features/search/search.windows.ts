import type { Db } from '../../db/index'
import { remembered } from '../../http/remembered'
import type { SearchedTable } from './search.frequency'
import { type SearchSource, widerStart } from './search.query'

/**
 * How long a window's start is kept. The rows added meanwhile only make the window that many rows
 * wider: it is where a search looks first for candidates, not a limit anything depends on.
 */
const WINDOW_START_TTL_MS = 10_000

/**
 * Where each source's wider window starts (search.query.ts `newestMatches`), looked up at most
 * every WINDOW_START_TTL_MS in each process: an index-only read of the window's keys (about 2 ms
 * for 16,000 comments), which a search would otherwise repeat.
 */
export function widerWindows(db: Db, sources: readonly SearchSource[]) {
  const starts = remembered<string | null>(sources.length, WINDOW_START_TTL_MS)
  return {
    /** The start of each source's wider window, or null where its table is smaller than the window. */
    async of(): Promise<Record<SearchedTable, string | null>> {
      const found = await Promise.all(
        sources.map((source) =>
          starts.remember(
            source.table,
            async () => (await widerStart(source.searchTable).execute(db)).rows[0]?.bound ?? null,
          ),
        ),
      )
      const windows: Record<SearchedTable, string | null> = { posts: null, comments: null }
      sources.forEach((source, i) => {
        windows[source.table] = found[i]
      })
      return windows
    },
  }
}
