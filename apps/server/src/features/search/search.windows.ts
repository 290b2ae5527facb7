import type { Db } from '../../db/index'
import { remembered } from '../../http/remembered'
import type { SearchedTable } from './search.frequency'
import { type WindowStarts, windowStarts } from './search.newest'
import type { SearchSource } from './search.query'

/**
 * How long a wider window's start is kept. The rows added meanwhile only make the window that many
 * rows wider: it is where a search looks first for candidates, not a limit anything depends on.
 */
const WINDOW_START_TTL_MS = 10_000
/**
 * How long the deeper windows' starts are kept: they are reads of up to 64,000 keys (both of the
 * comments' windows took 26 ms on the bench's forum), and a few more rows matter less to a deeper
 * window.
 */
const DEEPER_START_TTL_MS = 60_000

/**
 * Where each source's windows start (search.newest.ts `newestMatches`), looked up at most every
 * WINDOW_START_TTL_MS (the wider window) and DEEPER_START_TTL_MS (the deeper ones) in each process:
 * index-only reads of the windows' keys (about 2 ms for 16,000 comments), which a search would
 * otherwise repeat.
 */
export function widerWindows(db: Db, sources: readonly SearchSource[]) {
  const wider = remembered<string | null>(sources.length, WINDOW_START_TTL_MS)
  const deeper = remembered<WindowStarts['deeper']>(sources.length, DEEPER_START_TTL_MS)
  const startsOf = async (source: SearchSource, rows: readonly number[]) => {
    if (rows.length === 0) return []
    const found = (await windowStarts(source.searchTable, rows).execute(db)).rows[0] ?? {}
    return rows.map((n, i) => ({ rows: n, from: found[`start${i}`] ?? null }))
  }
  const startsOfSource = async (source: SearchSource): Promise<WindowStarts> => {
    const [widerStart, deeperStarts] = await Promise.all([
      wider.remember(source.table, async () => (await startsOf(source, [source.searchTable.wider]))[0].from),
      deeper.remember(source.table, async () =>
        (await startsOf(source, source.searchTable.deeper)).flatMap(({ rows, from }) =>
          from === null ? [] : [{ rows, from }],
        ),
      ),
    ])
    return { wider: widerStart, deeper: deeperStarts }
  }
  return {
    /** Where each source's windows start: none where its table is smaller than a window. */
    async of(): Promise<Record<SearchedTable, WindowStarts | null>> {
      const found = await Promise.all(sources.map(startsOfSource))
      const windows: Record<SearchedTable, WindowStarts | null> = { posts: null, comments: null }
      sources.forEach((source, i) => {
        windows[source.table] = found[i]
      })
      return windows
    },
  }
}
