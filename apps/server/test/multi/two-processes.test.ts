import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { join } from 'node:path'
import { waitFor } from '@agora/test-kit'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../src/db/index'
import { apiClient } from '../faults/client'
import { counterMismatches } from '../faults/recount'
import { REPO_ROOT, type ServerProcess } from '../faults/server-process'
import { noteSkippedOnPglite, TEST_DB } from '../harness'
import { firstFreshReadAt } from './first-fresh-read'
import { SHARED_CHAIN } from './shared-env'
import { useTwoServers } from './two-servers'

/**
 * Two real server processes on one PostgreSQL database, as behind a load balancer:
 * what one process keeps in memory is forgotten when the other writes, within 100 ms — through
 * LISTEN/NOTIFY, not by waiting out a TTL (READ_CACHE_MS is a minute here, so only a notification
 * can explain a fresh answer). Sessions end on both at once; counters and background jobs stay exact.
 */
noteSkippedOnPglite(
  'Two-process test skipped: it needs TEST_DB=postgres (the embedded database lives inside one process)',
)

/** What "at once" means here, plus one poll of the reader. */
const WITHIN_MS = 100
const POLL_MS = 5

describe.runIf(TEST_DB === 'postgres')('two server processes on one database', () => {
  // One host's set-up: the data folder (and so the uploaded files) shared, the chain elsewhere.
  const servers = useTwoServers('agora-multi-', {
    READ_CACHE_MS: '60000',
    ANALYSIS_WORKERS: '3',
    TRUST_NEW_POSTS_PER_DAY: '1000',
    AUTH_RATE_LIMIT: '1000',
  })
  let database: DatabaseHandle

  beforeAll(async () => {
    database = await openDatabase({ url: servers.databaseUrl, pgliteDir: null, poolSize: 2 })
  })

  afterAll(async () => {
    await database?.close()
  })

  it('a logout on one process ends the session on the other at once', async () => {
    const a = apiClient(servers.first.url)
    const ada = await a.register(`ada_${randomBytes(3).toString('hex')}`)
    const me = () => fetch(`${servers.second.url}/api/v1/auth/me`, { headers: ada.headers })
    expect((await me()).status).toBe(200)

    await a.call('logout', '/auth/logout', { method: 'POST', headers: ada.headers })
    const loggedOut = Date.now()
    const seenAt = await firstFreshReadAt(
      async () => (await me()).status === 401,
      'a 401 from the other process',
      POLL_MS,
    )
    const elapsed = seenAt - loggedOut
    console.info(`logout on A → first 401 on B: ${elapsed} ms`)
    expect(elapsed).toBeLessThanOrEqual(WITHIN_MS + POLL_MS)
  })

  /** The comments of a post as an anonymous reader of `server` sees them. */
  const contents = async (server: ServerProcess, postId: string) =>
    ((await apiClient(server.url).comments(null, postId)) as unknown as { content: string }[]).map(
      (comment) => comment.content,
    )
  /** A change nobody is told of (no request, no NOTIFY): only a reload can show it. */
  const editQuietly = (commentId: string, content: string) =>
    sql`update comments set content = ${content} where id = ${commentId}`.execute(database.db)
  let quietEdits = 0

  /**
   * A post with one comment whose anonymous read `server` now answers from memory: a quiet edit of
   * the comment no longer shows. (Its analysis is done first: its end is a write the processes hear.)
   */
  async function cachedPost(server: ServerProcess, title: string) {
    const a = apiClient(servers.first.url)
    const author = await a.register(`${title.toLowerCase()}_${randomBytes(3).toString('hex')}`)
    const { postId } = await a.upload(author, title, `${title} grows slowly`)
    const comment = await a.comment(author, postId, 'first')
    await waitFor(
      async () =>
        (
          await database.db
            .selectFrom('analysis_jobs')
            .select('status')
            .where('post_id', '=', postId)
            .executeTakeFirst()
        )?.status === 'done',
      'the analysis of the post',
      60_000,
      100,
    )
    const shown = await waitFor(
      async () => {
        const before = await contents(server, postId)
        await editQuietly(comment._id, `quiet edit ${++quietEdits}`)
        const after = await contents(server, postId)
        return JSON.stringify(after) === JSON.stringify(before) ? after : null
      },
      'a body served from memory',
      10_000,
    )
    return { a, author, postId, comment, shown, stored: `quiet edit ${quietEdits}` }
  }

  it("an anonymous read cached on one process shows the other's write within 100 ms", async () => {
    const { a, author, postId, shown, stored } = await cachedPost(servers.second, 'Moss')
    expect(shown).not.toEqual([stored])

    await a.comment(author, postId, 'second')
    const written = Date.now()
    let seen: string[] = []
    const seenAt = await firstFreshReadAt(
      async () => {
        seen = await contents(servers.second, postId)
        return seen.length === 2
      },
      'the new comment on the other process',
      POLL_MS,
    )
    const elapsed = seenAt - written
    console.info(`comment on A → fresh anonymous read on B: ${elapsed} ms`)
    expect(elapsed).toBeLessThanOrEqual(WITHIN_MS + POLL_MS)
    // The whole body was read again, not just the new comment added.
    expect(seen).toContain(stored)
  })

  it("a reader's own reads cached on one process (notifications, unread count) show the other's write within 100 ms", async () => {
    const a = apiClient(servers.first.url)
    const ada = await a.register(`ada_${randomBytes(3).toString('hex')}`)
    const bob = await a.register(`bob_${randomBytes(3).toString('hex')}`)
    const ask = async (path: string) => {
      const response = await fetch(`${servers.second.url}/api/v1${path}`, { headers: ada.headers })
      expect(response.status).toBe(200)
      return response.json()
    }
    const unread = async () => ((await ask('/notifications/unread_count')) as { unread: number }).unread
    const excerpts = async () =>
      ((await ask('/notifications')) as { items: { excerpt: string }[] }).items.map((item) => item.excerpt)
    /** A notification for ada nobody is told of (no request, no NOTIFY): only a reload can show it. */
    let quiet = 0
    const notifyQuietly = () =>
      sql`insert into notifications (user_id, kind, group_key, excerpt)
          values (${ada.id}, 'moderation', ${`quiet:${++quiet}`}, ${`quiet ${quiet}`})`.execute(database.db)
    // B answers ada's reads from memory: a quiet notification shows in neither. (Tried again
    // if some other write of this file's earlier tests, still running, came in between.)
    await waitFor(
      async () => {
        const before = [await unread(), await excerpts()]
        await notifyQuietly()
        return JSON.stringify([await unread(), await excerpts()]) === JSON.stringify(before)
      },
      "ada's reads served from memory",
      10_000,
    )

    // A write on A — bob follows ada, which writes ada a notification — shows on B at once.
    await a.call('follow', '/follows', {
      method: 'POST',
      headers: { ...bob.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'user', target: ada.id }),
    })
    const written = Date.now()
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from notifications where user_id = ${ada.id} and read_at is null`.execute(
      database.db,
    )
    const seenAt = await firstFreshReadAt(
      async () => (await unread()) === rows[0].n,
      'the fresh count on B',
      POLL_MS,
    )
    console.info(`follow on A → fresh unread count on B: ${seenAt - written} ms`)
    expect(seenAt - written).toBeLessThanOrEqual(WITHIN_MS + POLL_MS)
    expect(await excerpts()).toContain(`quiet ${quiet}`)
    // Nobody else is answered from ada's memory: bob's own inbox holds none of ada's.
    const bobs = await fetch(`${servers.second.url}/api/v1/notifications`, { headers: bob.headers })
    expect(((await bobs.json()) as { items: unknown[] }).items).toEqual([])
  })

  it('a role granted by `npm run admin` counts on a running process at once', async () => {
    const a = apiClient(servers.first.url)
    const ada = await a.register(`ada_${randomBytes(3).toString('hex')}`)
    const reports = async () =>
      (await fetch(`${servers.second.url}/api/v1/mod/reports`, { headers: ada.headers })).status
    expect(await reports()).toBe(403)
    // The command line, beside the running servers (a data folder of its own: only the database is shared).
    const cli = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/admin.ts', 'grant', ada.username, 'moderator'],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          DATABASE_URL: servers.databaseUrl,
          DATA_DIR: mkdtempSync(join(servers.temp, 'cli-')),
          ...SHARED_CHAIN,
        },
        encoding: 'utf8',
      },
    )
    expect(cli.status, cli.stderr).toBe(0)
    const granted = Date.now()
    const seenAt = await firstFreshReadAt(
      async () => (await reports()) === 200,
      'the report queue on B',
      POLL_MS,
    )
    console.info(`admin grant → moderator on B: ${seenAt - granted} ms`)
    expect(seenAt - granted).toBeLessThanOrEqual(WITHIN_MS + POLL_MS)
  })

  it('a process whose LISTEN connection was lost forgets what it cached once it listens again', async () => {
    // Changed while the processes could not hear (as a NOTIFY missed while the connection was down)…
    const { postId, stored } = await cachedPost(servers.second, 'Fern')
    expect(await contents(servers.second, postId)).not.toEqual([stored])
    // …then both lose their LISTEN connection, and open it again.
    const listeners = async () =>
      (
        await sql<{ pid: number }>`select pid from pg_stat_activity
          where application_name = 'agora-listen-agora_invalidate' and datname = current_database()`.execute(
          database.db,
        )
      ).rows.map((row) => row.pid)
    const before = await listeners()
    expect(before).toHaveLength(2)
    // Only this test's database: other test files run their own listening processes beside it.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
              where application_name = 'agora-listen-agora_invalidate' and datname = current_database()`.execute(
      database.db,
    )
    await waitFor(
      async () => {
        const now = await listeners()
        return now.length === 2 && now.every((pid) => !before.includes(pid))
      },
      'both processes listening again',
      15_000,
    )
    await waitFor(
      async () => (await contents(servers.second, postId))[0] === stored,
      'the other process to read again once it listens',
      5_000,
    )
  })

  it('likes split across both processes stay exact', async () => {
    const a = apiClient(servers.first.url)
    const b = apiClient(servers.second.url)
    const author = await a.register(`ed_${randomBytes(3).toString('hex')}`)
    const { postId } = await a.upload(author, 'Lichen', 'Slow growth')
    const likers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => a.register(`fan${i}_${randomBytes(3).toString('hex')}`)),
    )
    // Each liker likes through one process and, for every third, unlikes through the other.
    await Promise.all(
      likers.map(async (liker, i) => {
        const [here, there] = i % 2 === 0 ? [a, b] : [b, a]
        await here.call('like', `/media/${postId}/like`, {
          method: 'POST',
          headers: { ...liker.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ action: 'like' }),
        })
        if (i % 3 === 0)
          await there.call('unlike', `/media/${postId}/like`, {
            method: 'POST',
            headers: { ...liker.headers, 'content-type': 'application/json' },
            body: JSON.stringify({ action: 'unlike' }),
          })
      }),
    )
    const expected = likers.filter((_, i) => i % 3 !== 0).length
    expect(await counterMismatches(database.db)).toEqual([])
    const row = await database.db
      .selectFrom('posts')
      .select('likes_count')
      .where('id', '=', postId)
      .executeTakeFirstOrThrow()
    expect(row.likes_count).toBe(expected)
    // Both processes' anonymous answers show the final count.
    for (const client of [a, b]) {
      const post = (await client.call('post', `/media/${postId}`)) as { likes: number }
      expect(post.likes).toBe(expected)
    }
  })

  it('analysis jobs queued through both processes are each run once', async () => {
    const a = apiClient(servers.first.url)
    const b = apiClient(servers.second.url)
    const author = await a.register(`fay_${randomBytes(3).toString('hex')}`)
    const posts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 === 0 ? a : b).upload(author, `Sample ${i}`, `Specimen number ${i} collected at dawn`),
      ),
    )
    const ids = posts.map((post) => post.postId)
    let last: unknown[] = []
    onTestFailed(() => console.info('analysis jobs at the end:', last))
    const jobs = await waitFor(
      async () => {
        const rows = await database.db
          .selectFrom('analysis_jobs')
          .select(['post_id', 'status', 'attempts', 'last_error'])
          .where('post_id', 'in', ids)
          .execute()
        last = rows
        const ended = rows.every((row) => row.status === 'done' || row.status === 'failed')
        return rows.length === ids.length && ended ? rows : null
      },
      'every analysis done',
      90_000,
      200,
    )
    expect(jobs.filter((job) => job.status !== 'done')).toEqual([])
    expect(jobs.map((job) => job.attempts)).toEqual(ids.map(() => 1))
  }, 120_000)
})
