import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../test/harness'
import type { DatabaseHandle } from './index'

/**
 * Every column that refers to another table's row leads an index. Without one, deleting the row
 * referred to (an account, a blob) makes the database read the whole referring table to find what
 * to change: one account deleted read every post and comment, 10,000 took over 6 minutes in the
 * bench (migration 0039).
 */
describe('foreign keys', () => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(() => database.close())

  it('each leads an index of its table, so deleting what it refers to reads only the rows that name it', async () => {
    const { rows } = await sql<{ reference: string }>`
      select c.conrelid::regclass::text || '.' || a.attname as reference
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f'
        and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
      order by 1`.execute(database.db)
    const { rows: all } = await sql<{
      n: number
    }>`select count(*)::int as n from pg_constraint where contype = 'f'`.execute(database.db)
    expect(all[0].n).toBeGreaterThan(10)
    expect(rows.map((row) => row.reference)).toEqual([])
  })
})
