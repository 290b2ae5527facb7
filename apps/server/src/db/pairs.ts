import { sql } from 'kysely'
import type { Db } from './index'

/** The tables that hold pairs of ids, keyed by the pair: who blocked whom, who saved which post. */
const PAIR_COLUMNS = {
  blocks: ['blocker_id', 'blocked_id'],
  bookmarks: ['user_id', 'post_id'],
} as const

/**
 * The pairs of one such table, each given in the order of its columns. Adding a pair that is there,
 * or removing one that is not, changes nothing: `add` and `remove` answer whether they changed a row.
 */
export function pairsOf(db: Db, table: keyof typeof PAIR_COLUMNS) {
  const [first, second] = PAIR_COLUMNS[table].map((column) => sql.ref(column))
  const from = sql.table(table)
  const isPair = (a: string, b: string) => sql`${first} = ${a} and ${second} = ${b}`
  return {
    async add(a: string, b: string): Promise<boolean> {
      const added =
        await sql`insert into ${from} (${first}, ${second}) values (${a}, ${b}) on conflict do nothing`.execute(
          db,
        )
      return Number(added.numAffectedRows ?? 0) > 0
    },
    async remove(a: string, b: string): Promise<boolean> {
      const removed = await sql`delete from ${from} where ${isPair(a, b)}`.execute(db)
      return Number(removed.numAffectedRows ?? 0) > 0
    },
    async has(a: string, b: string): Promise<boolean> {
      const { rows } = await sql`select 1 from ${from} where ${isPair(a, b)}`.execute(db)
      return rows.length > 0
    },
  }
}
