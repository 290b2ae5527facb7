import { waitFor } from '@agora/test-kit'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { createInvalidation, INVALIDATE_CHANNEL } from '../../src/events/invalidation'
import { apiSuspend, dbMakePost, makeModerator, makeUser, sendTo } from '../factories'
import { TEST_DB, useAppsOnPostgres } from '../harness'
import { firstFreshReadAt } from './first-fresh-read'

/**
 * Two apps (as two processes would hold them, each with its own read cache) on one PostgreSQL
 * database: a write made outside any request — a background job raising a domain event — empties
 * the other's cache once its transaction commits, and a rolled-back one does not.
 */
describe.runIf(TEST_DB === 'postgres')('read caches told across apps by NOTIFY', () => {
  const {
    apps: [writer, reader],
  } = useAppsOnPostgres(2, { READ_CACHE_MS: '60000', ANALYSIS_WORKERS: '0' })

  const title = async (id: string) =>
    (JSON.parse((await sendTo(reader, null, 'GET /media/:id', { params: { id } })).body) as { title: string })
      .title
  const retitleQuietly = (id: string, to: string) =>
    sql`update posts set title = ${to} where id = ${id}`.execute(writer.database.db)

  it('a write outside a request is told once its transaction commits, never when it rolls back', async () => {
    const heard: string[] = []
    const stop = await writer.database.listen(INVALIDATE_CHANNEL, (payload) => heard.push(payload))
    try {
      await writer.database.db
        .transaction()
        .execute(async (trx) => {
          await writer.app.ctx.invalidation.tellInTransaction(trx)
          throw new Error('roll back')
        })
        .catch(() => {})
      // Notifications arrive in commit order: once the probe is heard, a rolled-back one would have been.
      await sql`select pg_notify(${INVALIDATE_CHANNEL}, 'probe')`.execute(writer.database.db)
      await waitFor(() => heard.includes('probe'), 'the probe')
      expect(heard).toEqual(['probe'])
      await writer.database.db
        .transaction()
        .execute((trx) => writer.app.ctx.invalidation.tellInTransaction(trx))
      await waitFor(() => heard.length === 2, 'the committed notification')
    } finally {
      await stop()
    }
  })

  it("a domain event raised outside a request (a background job's) empties the other cache within 100 ms", async () => {
    const author = await makeUser(writer)
    const postId = await dbMakePost(writer, author, { title: 'Before' })
    expect(await title(postId)).toBe('Before')
    await retitleQuietly(postId, 'Analysed')
    expect(await title(postId)).toBe('Before')

    // As the analysis worker ends a job: its event raised in its own transaction, no request.
    await writer.database.db
      .transaction()
      .execute((trx) =>
        writer.app.ctx.events.raise(trx, 'analysis.finished', [
          { postId, authorId: author.id, status: 'failed', fileCount: 0 },
        ]),
      )
    const committed = Date.now()
    const seenAt = await firstFreshReadAt(
      async () => (await title(postId)) === 'Analysed',
      "the other app's fresh read",
    )
    const elapsed = seenAt - committed
    console.info(`background event on one app → fresh read on the other: ${elapsed} ms`)
    expect(elapsed).toBeLessThanOrEqual(105)
  })

  it("a background job's own app forgets again when the job commits: a read made while it ran is not kept", async () => {
    const author = await makeUser(writer)
    const postId = await dbMakePost(writer, author, { title: 'Before' })
    const own = async () =>
      (
        JSON.parse((await sendTo(writer, null, 'GET /media/:id', { params: { id: postId } })).body) as {
          title: string
        }
      ).title
    expect(await own()).toBe('Before')
    await writer.database.db.transaction().execute(async (trx) => {
      await sql`update posts set title = 'Analysed' where id = ${postId}`.execute(trx)
      await writer.app.ctx.events.raise(trx, 'analysis.finished', [
        { postId, authorId: author.id, status: 'failed', fileCount: 0 },
      ])
      // Raised, not yet committed: a reader on another connection still reads (and keeps) the old title.
      expect(await own()).toBe('Before')
    })
    const committed = Date.now()
    const seenAt = await firstFreshReadAt(
      async () => (await own()) === 'Analysed',
      "the job's own app's fresh read",
    )
    console.info(`background event committed → fresh read on its own app: ${seenAt - committed} ms`)
    expect(seenAt - committed).toBeLessThanOrEqual(105)
  })

  it('inside a request, a domain event sends no NOTIFY in its transaction: the request tells once answered; work it left running tells on commit', async () => {
    const heard: string[] = []
    const stop = await writer.database.listen(INVALIDATE_CHANNEL, (payload) => heard.push(payload))
    const { invalidation } = writer.app.ctx
    const probe = async (name: string) => {
      await sql`select pg_notify(${INVALIDATE_CHANNEL}, ${name})`.execute(writer.database.db)
      await waitFor(() => heard.includes(name), name)
    }
    try {
      let raised = false
      let afterAnswer: Promise<void> = Promise.resolve()
      await new Promise<void>((done) =>
        invalidation.scopeRequest(() => {
          void (async () => {
            await writer.database.db.transaction().execute((trx) => invalidation.tellInTransaction(trx))
            // Committed, and not heard: the request will tell once it is answered.
            await probe('probe-1')
            raised = invalidation.endRequest()
            // Work the request started in the background raises its event after the answer.
            afterAnswer = writer.database.db
              .transaction()
              .execute((trx) => invalidation.tellInTransaction(trx))
            done()
          })()
        }),
      )
      expect(heard).toEqual(['probe-1'])
      expect(raised).toBe(true)
      await afterAnswer
      await waitFor(() => heard.length === 2, 'the notification of the work left running')
      expect(heard[1]).not.toBe('probe-1')
    } finally {
      await stop()
    }
  })

  it('sends what answered writes queued when it stops, before its database closes (a graceful shutdown)', async () => {
    const heard: string[] = []
    const stopListening = await reader.database.listen(INVALIDATE_CHANNEL, (payload) => heard.push(payload))
    try {
      const warnings: object[] = []
      const stopping = createInvalidation(writer.database, () => {}, {
        warn: (details) => warnings.push(details),
      })
      // A logout answered, then the process told to stop in the same turn: the NOTIFY still goes.
      stopping.tellCommitted({ warn: (details) => warnings.push(details) }, 'sessions')
      await stopping.stop()
      await waitFor(() => heard.length === 1, 'the notification sent while stopping')
      expect(heard[0]).toMatch(/^[0-9a-f]{16} sessions$/)
      expect(warnings).toEqual([])
    } finally {
      await stopListening()
    }
  })

  it('a write answered through the HTTP API empties the other cache within 100 ms', async () => {
    const author = await makeUser(writer)
    const postId = await dbMakePost(writer, author, { title: 'Before' })
    const comments = async () =>
      JSON.parse(
        (await sendTo(reader, null, 'GET /comments/post/:id', { params: { id: postId } })).body,
      ) as unknown[]
    // The reader caches the post's comments (none yet) for a minute.
    expect(await comments()).toEqual([])
    const answered = await sendTo(writer, author, 'POST /comments/create', {
      json: { postId, content: 'A comment through the API' },
      headers: { 'content-type': 'application/json' },
    })
    expect(answered.statusCode).toBe(201)
    const committed = Date.now()
    const seenAt = await firstFreshReadAt(
      async () => (await comments()).length === 1,
      "the other app's fresh comments",
    )
    expect(seenAt - committed).toBeLessThanOrEqual(105)
  })

  it("a content write keeps what the other app learnt of sessions; a moderator's write makes it ask again", async () => {
    // Everyone signs in first: a sign-in tells the other app to forget sessions.
    const ada = await makeUser(writer)
    const author = await makeUser(writer)
    const moderator = await makeModerator(writer)
    const postId = await dbMakePost(writer, author, { title: 'Sessions kept' })
    const comments = async () =>
      JSON.parse(
        (await sendTo(reader, null, 'GET /comments/post/:id', { params: { id: postId } })).body,
      ) as unknown[]
    const comment = async (content: string, count: number) => {
      const answered = await sendTo(writer, author, 'POST /comments/create', {
        json: { postId, content },
        headers: { 'content-type': 'application/json' },
      })
      expect(answered.statusCode).toBe(201)
      // Heard by the reader (its bodies went), and so every notification sent before it.
      await waitFor(async () => (await comments()).length === count, "the other app's fresh comments", 5_000)
    }
    const me = async () => (await sendTo(reader, ada, 'GET /auth/me')).statusCode
    expect(await comments()).toEqual([])
    // The sign-ins' notifications (forget sessions) are heard before the reader learns Ada's session.
    await comment('First', 1)
    expect(await me()).toBe(200)
    // Ada's session ended behind both apps' backs (triggers off, so not even the database tells):
    // only what the reader remembers says it is live.
    await writer.database.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx)
      await sql`update sessions set revoked_at = now() where user_id = ${ada.id}`.execute(trx)
    })

    await comment('A comment changes no session', 2)
    expect(await me()).toBe(200)

    await apiSuspend(writer, moderator, author)
    await waitFor(async () => (await me()) === 401, "the other app asking for Ada's session again", 5_000)
  })
})
