import { type RawBuilder, sql } from 'kysely'
import type { Frequency } from './search.frequency'

/** How a source looks for its newest matches (`newestMatches`). */
export interface HitOptions {
  /** The first window (rows), instead of the table's own (`SearchTable.window`). */
  window?: number
  /** Only rows meeting this condition on the `posts` row, for a source that can (the posts). */
  within?: RawBuilder<boolean> | null
  /** How common the words are in the source's table (search.frequency.ts), when known. */
  frequency?: Frequency | null
  /**
   * Where the table's windows start (search.windows.ts), when looked up: they are then read through
   * the indexes (`newestMatches`). Not used with `within`, whose windows are of the rows meeting it.
   */
  starts?: WindowStarts | null
}

/** Where a table's windows start: the keys (as text) of its `wider`-th newest row and of deeper ones. */
export interface WindowStarts {
  /** The wider window's start; null in a table smaller than it. */
  wider: string | null
  /** The deeper windows (`SearchTable.deeper`) the table holds, shallowest first. */
  deeper: readonly { rows: number; from: string }[]
}

/** Where a source's documents are: its table, the columns a hit needs, and its newest-first order. */
export interface SearchTable {
  table: 'posts' | 'comments'
  /** The columns a hit needs besides `search` (the first is the primary key `id`). */
  keys: string
  newestFirst: string
  /**
   * How many of the newest rows are looked at first for candidates. A common word fills the
   * candidates from this window, so the GIN index, which would hand over every matching row only
   * for us to keep the newest, is consulted only when the window holds too few hits.
   */
  window: number
  /**
   * The second window, walked when the first held enough hits for this one to fill (a word in
   * `limit / wider` of the rows or more); rarer words go to the index. Where walking and the index
   * cost the same for the table's documents (see `newestMatches`).
   */
  wider: number
  /**
   * Deeper windows (rows, shallowest first) for a word too rare for the wider one to fill: the
   * first deep enough to hold `DEEP_MARGIN` times the candidates by the word's share is read before
   * every match of the index is (`newestMatches`).
   */
  deeper: readonly number[]
  /**
   * What checking one row's document costs while walking the table newest first, against one match
   * handed over by the GIN index for a bounded read (`newestMatches`): a walk for `limit` candidates
   * checks about `limit / share` rows, a read from the window's start takes every match of the whole
   * table (`share × rows`) to combine with the window's range. Decided on the share the statistics
   * say surely matches (`Frequency.least`).
   */
  walkCost: number
  /** The column the newest-first order starts with, and its type: where a window starts (`starts`). */
  windowColumn: string
  windowType: string
}

/**
 * How many times the candidates a deeper window should hold by a word's share before a rare word's
 * candidates are looked for in it. The share is the whole table's: the newest rows may hold the word
 * less often, and then the window does not fill and the index is read after all (twice the work).
 */
export const DEEP_MARGIN = 1.5

/**
 * The newest `limit` rows of a source's table matching `q`, found the cheapest way for how common
 * the words are. Walking the newest rows checks every row's document, the GIN index visits every
 * match's row, so a common word walks the newest `window` (then `wider`) rows and a rarer one reads
 * the index: bounded to the windows' starts when they are known (`starts`), first to the
 * shallowest deeper window that should hold DEEP_MARGIN times the candidates. With statistics
 * (`frequency`) the way is chosen up front (`SearchTable.walkCost`). The index step hides `q` from
 * the planner (`(select q)`), which misjudges what checking a document costs and would scan the
 * table. With `within`, the windows are the newest rows meeting it.
 */
export function newestMatches(
  from: SearchTable,
  q: RawBuilder<unknown>,
  limit: number,
  { window = from.window, within = null, frequency = null, starts = null }: HitOptions = {},
) {
  const table = sql.table(from.table)
  const keys = sql.raw(from.keys)
  const order = sql.raw(from.newestFirst)
  const meeting = within ? sql`where ${within}` : sql``
  const alsoMeeting = within ? sql`and ${within}` : sql``
  const wider = Math.max(window, Math.round((from.wider * window) / from.window))
  // Hits in the first window from which the wider one should fill.
  const enough = Math.ceil((limit * window) / wider)
  const walk = (rows: number) => sql`
      select ${keys}
      from (select ${keys}, search from ${table} ${meeting} order by ${order} limit ${rows}) r
      where r.search @@ ${q}
      order by ${order}
      limit ${limit}`
  const since = (start: string) => sql`${sql.ref(from.windowColumn)} >= ${start}::${sql.raw(from.windowType)}`
  const widerFrom = within === null ? (starts?.wider ?? null) : null
  const widerWindow =
    widerFrom !== null
      ? sql`
      select ${keys} from ${table}
      where search @@ ${q} and ${since(widerFrom)}
      order by ${order}
      limit ${limit}`
      : walk(wider)
  // By the statistics: too rare for the wider window to fill (a deeper window or the index, no walk),
  // or common enough for it (the windows only).
  const rare = frequency !== null && frequency.share < limit / wider
  const tooCommon = frequency !== null && frequency.listed && !rare
  if (rare) {
    const matching = sql`select ${keys} from ${table} where search @@ (select ${q}) ${alsoMeeting}`
    const deep =
      within === null && frequency.listed
        ? starts?.deeper.find((start) => start.rows * frequency.share >= DEEP_MARGIN * limit)
        : undefined
    if (!deep)
      return newest(from, sql`with matching as materialized (${matching}) select * from matching`, limit)
    return newest(
      from,
      sql`
    with deep as materialized (select ${keys} from ${table} where search @@ ${q} and ${since(deep.from)}),
    seen as (select count(*) as n from deep),
    everywhere as materialized (${matching} and (select n from seen) < ${limit})
    select * from deep where (select n from seen) >= ${limit}
    union all
    select * from everywhere`,
      limit,
    )
  }
  if (tooCommon) {
    // The wider window's newest matches are the first window's where it holds `limit` of them (it
    // is the newest rows of the wider one), so a word the first window is not expected to fill is
    // looked for in the wider window at once, without walking the first: walked where that is the
    // cheaper way (`walkCost`), else read from the window's start.
    if (frequency.share * window < limit) {
      if (widerFrom === null || walkIsCheaper(from, frequency, limit)) return newest(from, walk(wider), limit)
      return newest(from, widerWindow, limit)
    }
    return newest(
      from,
      sql`
    with recent as materialized (${walk(window)}),
    seen as (select count(*) as n from recent)
    select * from recent where (select n from seen) >= ${limit}
    union all
    select * from (${widerWindow}) wider where (select n from seen) < ${limit}`,
      limit,
    )
  }
  return newest(
    from,
    sql`
    with recent as materialized (${walk(window)}),
    seen as (select count(*) as n from recent),
    wider as materialized (${widerWindow}),
    widened as (select count(*) as n from wider),
    everywhere as materialized (
      select ${keys}
      from ${table}
      where ((select n from seen) < ${enough}
          or ((select n from seen) < ${limit} and (select n from widened) < ${limit}))
        and search @@ (select ${q}) ${alsoMeeting}
    ),
    found as (
      select * from recent where (select n from seen) >= ${limit}
      union all
      select * from wider
      where (select n from seen) between ${enough} and ${limit - 1} and (select n from widened) >= ${limit}
      union all
      select * from everywhere
    )
    select * from found`,
    limit,
  )
}

/**
 * Whether walking `from` newest first for `limit` matches of a listed word costs less than reading
 * every one of its matches through the indexes (`SearchTable.walkCost`), by the share it surely has:
 * walking for a rarer word than it looks costs more, reading less.
 */
export function walkIsCheaper(from: SearchTable, frequency: Frequency, limit: number): boolean {
  return (limit / frequency.least) * from.walkCost <= frequency.least * frequency.rows
}

/**
 * The keys where a table's windows of `rows` rows start, as text (a timestamp keeps its
 * microseconds): its `rows`-th newest row's, null in a table smaller than the window. Each is an
 * index-only read of that many keys. The key is named (`start`): unnamed, it would be the name the
 * order refers to, and PostgreSQL would sort every key's text instead (0.6 s for 64,000 comments).
 */
export function windowStarts(
  from: SearchTable,
  rows: readonly number[],
): RawBuilder<Record<string, string | null>> {
  const starts = rows.map(
    (n, i) => sql`(
      select ${sql.ref(from.windowColumn)}::text as start from ${sql.table(from.table)}
      order by ${sql.raw(from.newestFirst)} offset ${n - 1} limit 1
    ) as ${sql.ref(`start${i}`)}`,
  )
  return sql<Record<string, string | null>>`select ${sql.join(starts)}`
}

/** The newest `limit` of `found` (rows of `SearchTable.keys`) with their documents. */
function newest(from: SearchTable, found: RawBuilder<unknown>, limit: number) {
  return sql`
    select f.*, t.search
    from (select * from (${found}) found order by ${sql.raw(from.newestFirst)} limit ${limit}) f
    join ${sql.table(from.table)} t on t.id = f.id`
}
