import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { noteSkippedOnPglite, TEST_DB, useScratchPostgres } from '../../test/harness'
import { type DatabaseHandle, openDatabase } from './index'
import { shape } from './prepared'

noteSkippedOnPglite(
  'Prepared statements test skipped: it needs TEST_DB=postgres (PGlite sends no named statements)',
)

/** The named statements of the pool's one connection, as PostgreSQL keeps them. */
async function prepared(database: DatabaseHandle) {
  const { rows } = await sql<{ name: string; statement: string; generic_plans: number }>`
    select name, statement, generic_plans::int from pg_prepared_statements where not from_sql order by statement`.execute(
    database.db,
  )
  return rows
}

const answer = (database: DatabaseHandle, n: number) =>
  sql<{ n: number; twice: number }>`select ${n}::int as n, ${n}::int * 2 as twice`.execute(database.db)

describe.runIf(TEST_DB === 'postgres')('named prepared statements on PostgreSQL (db/prepared.ts)', () => {
  const scratch = useScratchPostgres()
  let database: DatabaseHandle
  let bounded: DatabaseHandle

  beforeAll(async () => {
    // One connection each: what is prepared is that session's.
    database = await openDatabase({ url: scratch.url, pgliteDir: null, poolSize: 1, preparedStatements: 200 })
    bounded = await openDatabase({ url: scratch.url, pgliteDir: null, poolSize: 1, preparedStatements: 3 })
  })

  afterAll(async () => {
    await database?.close()
    await bounded?.close()
  })

  it('names a statement asked again, binds each call’s values, and PostgreSQL reuses its plan', async () => {
    expect((await answer(database, 1)).rows).toEqual([{ n: 1, twice: 2 }])
    // Seen once: still unnamed.
    expect((await prepared(database)).filter((row) => row.statement.includes('twice'))).toEqual([])
    for (let n = 2; n <= 9; n += 1) expect((await answer(database, n)).rows).toEqual([{ n, twice: n * 2 }])
    const named = (await prepared(database)).filter((row) => row.statement.includes('twice'))
    expect(named).toHaveLength(1)
    expect(named[0].name).toMatch(/^agora_[0-9a-f]{24}$/)
    // Custom plans for the first five runs, then the generic one, planned once.
    expect(named[0].generic_plans).toBeGreaterThan(0)
  })

  it('leaves transaction control, DDL and full-text searches unnamed', async () => {
    for (let run = 0; run < 3; run += 1) {
      await database.db.transaction().execute(async (trx) => {
        await sql`create temporary table if not exists scratch_words (body text) on commit drop`.execute(trx)
        await sql`select count(*) from scratch_words where to_tsvector('english', body) @@ plainto_tsquery('english', ${'cells'})`.execute(
          trx,
        )
      })
    }
    const statements = (await prepared(database)).map((row) => row.statement)
    expect(statements.some((text) => /begin|commit|create temporary|@@/i.test(text))).toBe(false)
  })

  it('a statement that fails to parse fails every time with its own error, and the connection goes on', async () => {
    for (let run = 0; run < 3; run += 1)
      await expect(
        sql`select no_such_column from pg_class where oid = ${1}`.execute(database.db),
      ).rejects.toThrow(/column "no_such_column" does not exist/)
    expect((await answer(database, 21)).rows).toEqual([{ n: 21, twice: 42 }])
  })

  it('names at most as many texts as allowed: a connection never holds more', async () => {
    for (let column = 1; column <= 6; column += 1)
      for (let run = 0; run < 3; run += 1) {
        const { rows } = await sql<{ n: number }>`select ${column}::int as ${sql.ref(`n${column}`)}`.execute(
          bounded.db,
        )
        expect(rows).toEqual([{ [`n${column}`]: column }])
      }
    expect(await prepared(bounded)).toHaveLength(3)
  })

  it('names four texts of one shape at most (a statement for lists of any length)', async () => {
    for (let width = 1; width <= 8; width += 1) {
      const rows = Array.from({ length: width }, (_, i) => sql`(${i}::int)`)
      for (let run = 0; run < 3; run += 1) {
        const { rows: counted } = await sql<{ n: number }>`select count(*)::int as n from (values ${sql.join(
          rows,
        )}) as listed(x)`.execute(database.db)
        expect(counted).toEqual([{ n: width }])
      }
    }
    expect((await prepared(database)).filter((row) => row.statement.includes('listed'))).toHaveLength(4)
  })
})

describe('the shape of a statement text', () => {
  it('is the same for lists and rows of values of any length, and differs otherwise', () => {
    expect(shape('select * from t where id in ($1, $2, $3)')).toBe(shape('select * from t where id in ($1)'))
    expect(shape('with input (a, b) as (values ($1::uuid, $2::int), ($3::uuid, $4::int)) select 1')).toBe(
      shape('with input (a, b) as (values ($1::uuid, $2::int)) select 1'),
    )
    expect(shape('select count(x), sum(y) from t where a = $1')).toBe(
      'select count(x), sum(y) from t where a = ?',
    )
    expect(shape('select * from t where id = $1')).not.toBe(shape('select * from u where id = $1'))
  })
})
