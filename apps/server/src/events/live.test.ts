import { waitFor } from '@agora/test-kit'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, TEST_DB } from '../../test/harness'
import { afterCommit } from '../db/after-commit'
import type { DatabaseHandle } from '../db/index'
import { createLive, LIVE_CHANNEL, type Live } from './live'

// Live news over the real database's NOTIFY: told once the telling transaction has committed, one
// NOTIFY for a turn's news outside it, and never for a transaction that rolled back.

let database: DatabaseHandle
let live: Live
const warned: unknown[] = []
beforeAll(async () => {
  database = await openTestDatabase()
  live = createLive(database, { warn: (details) => void warned.push(details) })
})
afterAll(async () => {
  await live.stop()
  await database.close()
})

const news = (topic: string, n: number) => ({ topic, data: { n } })
const rollback = new Error('the transaction rolls back')

describe(`afterCommit (${TEST_DB})`, () => {
  it('runs once the transaction has committed, never when it rolls back, and at once outside one', async () => {
    const ran: string[] = []
    await database.db.transaction().execute(async (trx) => {
      expect(afterCommit(trx, () => ran.push('committed'))).toBe(true)
      await sql`select 1`.execute(trx)
      expect(ran).toEqual([])
    })
    expect(ran).toEqual(['committed'])

    await expect(
      database.db.transaction().execute(async (trx) => {
        afterCommit(trx, () => ran.push('rolled back'))
        throw rollback
      }),
    ).rejects.toBe(rollback)
    expect(afterCommit(database.db, () => ran.push('no transaction'))).toBe(true)
    expect(ran).toEqual(['committed', 'no transaction'])
  })

  it('answers false for a transaction it cannot follow (one on a connection of its own)', async () => {
    const ran: string[] = []
    await database.db.connection().execute((connection) =>
      connection.transaction().execute(async (trx) => {
        expect(afterCommit(trx, () => ran.push('unfollowed'))).toBe(false)
      }),
    )
    expect(ran).toEqual([])
  })
})

describe(`live news (${TEST_DB})`, () => {
  it("tells a committed transaction's news after it answered, in one NOTIFY, and never a rolled-back one's", async () => {
    const payloads: string[] = []
    const unlisten = await database.listen(LIVE_CHANNEL, (payload) => void payloads.push(payload))
    const heard: { n: unknown; afterCommit: boolean }[] = []
    let committed = false
    const stop = await live.listen('post:a', (data) => void heard.push({ n: data.n, afterCommit: committed }))
    try {
      await expect(
        database.db.transaction().execute(async (trx) => {
          await live.tell(trx, [news('post:a', 0)])
          throw rollback
        }),
      ).rejects.toBe(rollback)
      await database.db.transaction().execute(async (trx) => {
        await live.tell(trx, [news('post:a', 1), news('post:b', 2)])
        await live.tell(trx, [news('post:a', 3)])
      })
      committed = true
      await waitFor(() => heard.length === 2, 'the committed news')
      // The rolled-back news was told first: had it been sent, it would have been heard first.
      expect(heard).toEqual([
        { n: 1, afterCommit: true },
        { n: 3, afterCommit: true },
      ])
      expect(payloads.map((payload) => JSON.parse(payload))).toEqual([
        [
          { t: 'post:a', d: { n: 1 } },
          { t: 'post:b', d: { n: 2 } },
          { t: 'post:a', d: { n: 3 } },
        ],
      ])
      expect(warned).toEqual([])
    } finally {
      stop()
      await unlisten()
    }
  })

  it('tells news inside a transaction it cannot follow, when that commits', async () => {
    const heard: unknown[] = []
    const stop = await live.listen('user:c', (data) => void heard.push(data.n))
    try {
      await database.db
        .connection()
        .execute((connection) =>
          connection.transaction().execute((trx) => live.tell(trx, [news('user:c', 4)])),
        )
      await waitFor(() => heard.length === 1, 'the news of the unfollowed transaction')
      expect(heard).toEqual([4])
    } finally {
      stop()
    }
  })
})
