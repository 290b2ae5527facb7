import { sql } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { noteSkippedOnPglite, openMigrated, TEST_DB, useScratchPostgres } from '../../../test/harness'
import type { DatabaseHandle } from '../../db/index'
import { likeSourceId } from './rewards.rules'
import { rewardsStore } from './rewards.store'

noteSkippedOnPglite(
  'Reward statement plan test skipped: it needs TEST_DB=postgres (PGlite sends no named statements)',
)

describe.runIf(TEST_DB === 'postgres')('the statement that pays earnings, as a prepared statement', () => {
  const scratch = useScratchPostgres()
  let database: DatabaseHandle

  beforeAll(async () => {
    // One connection: the named statement and the plan setting are that session's.
    database = await openMigrated({ url: scratch.url, pgliteDir: null, poolSize: 1, preparedStatements: 200 })
  })

  afterAll(async () => {
    await database?.close()
  })

  /** The generic plan of the one named statement whose text is like `pattern`, as EXPLAIN prints it. */
  async function genericPlanOf(pattern: string) {
    const { rows } = await sql<{ name: string; parameters: number }>`
      select name, cardinality(parameter_types)::int as parameters from pg_prepared_statements
      where not from_sql and statement like ${pattern}`.execute(database.db)
    expect(rows).toHaveLength(1)
    const nulls = Array.from({ length: rows[0].parameters }, () => 'null').join(', ')
    const plan = await sql<{
      'QUERY PLAN': string
    }>`explain execute ${sql.raw(rows[0].name)}(${sql.raw(nulls)})`.execute(database.db)
    return plan.rows.map((row) => row['QUERY PLAN']).join('\n')
  }

  it('checks "this source never earned" through the ledger index even in a generic plan', async () => {
    // A ledger of 20,000 likes, analysed (foreign keys off for the filling: no users needed).
    await database.db.connection().execute(async (connection) => {
      await sql`set session_replication_role = replica`.execute(connection)
      await sql`
        insert into reward_entries (id, user_id, amount, reason, source_kind, source_id, target_id, post_id)
        select gen_random_uuid(), gen_random_uuid(), 1, 'post_like_received', 'like', 'seeded:' || n, null, null
        from generate_series(1, 20000) as n`.execute(connection)
      await sql`set session_replication_role = origin`.execute(connection)
    })
    await sql`analyze reward_entries`.execute(database.db)
    // The plan PostgreSQL keeps after five runs knows no parameter's value: with the reason a
    // parameter it was a hash of the whole ledger, so PostgreSQL planned every like's statement anew.
    await sql`set plan_cache_mode = force_generic_plan`.execute(database.db)
    const terms = { amount: 1n, dailyCap: 20, bornBefore: new Date(), day: '2026-11-27' }
    for (let run = 0; run < 3; run += 1) {
      const targetId = uuidv7()
      const earning = {
        userId: uuidv7(),
        reason: 'post_like_received' as const,
        source: { kind: 'like' as const, id: likeSourceId(targetId, uuidv7()) },
        targetId,
        postId: targetId,
      }
      // No such earner: nothing pays, and the statement is still sent (and named from its second run).
      const paid = await rewardsStore(database.db).payEarnings(
        'post_like_received',
        terms,
        [earning],
        new Date(),
      )
      expect(paid).toEqual(new Set())
    }
    const text = await genericPlanOf('%insert into reward_entries%')
    expect(text).toMatch(
      /Index (Only )?Scan using reward_entries_source_idx on reward_entries e[^\n]*\n\s*Index Cond: \(\(reason = 'post_like_received'::text\) AND \(source_kind = i\.source_kind\) AND \(source_id = i\.source_id\)\)/,
    )
    expect(text).not.toMatch(/Seq Scan on reward_entries/)
  })

  it('finds what a withdrawn like earned through the ledger index, not by reading the whole ledger', async () => {
    // Still one connection with generic plans only, and the ledger of the test before.
    for (let run = 0; run < 3; run += 1)
      expect(await rewardsStore(database.db).reversibleByLike([likeSourceId(uuidv7(), uuidv7())])).toEqual([])
    const seeded = await rewardsStore(database.db).reversibleByLike(['seeded:7'])
    expect(seeded.map((entry) => entry.source_id)).toEqual(['seeded:7'])
    const text = await genericPlanOf('%from "reward_entries" as "e"%')
    expect(text).toMatch(
      /Index Scan using reward_entries_source_idx on reward_entries e[^\n]*\n\s*Index Cond: \(\(reason = ANY \('\{[a-z_,]+\}'::text\[\]\)\) AND \(source_kind = 'like'::text\) AND \(source_id = \$1\)\)/,
    )
    expect(text).not.toMatch(/Seq Scan on reward_entries e/)
  })
})
