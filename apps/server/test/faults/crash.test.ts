import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { waitFor } from '@agora/test-kit'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentIdOf } from '../../src/blobs/index'
import { type DatabaseHandle, openDatabase, pgliteDirFor } from '../../src/db/index'
import { createScratchPostgres, TEST_DB } from '../harness'
import { type ApiUser, apiClient } from './client'
import { counterMismatches, postsWithoutFiles } from './recount'
import { type ServerProcess, startServer } from './server-process'

/**
 * kill -9 of the real server process in the middle of uploads, likes and comments, then a restart
 * on the same data (the embedded database directory, or PostgreSQL with TEST_DB=postgres).
 */
describe(`crash and restart (${TEST_DB})`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'agora-crash-'))
  const blobRoot = join(dataDir, 'blobs')
  const stagingDir = join(blobRoot, '.staging')
  let postgres: { url: string; drop(): Promise<void> } | null = null
  let env: Record<string, string>
  let server: ServerProcess | null = null

  beforeAll(async () => {
    if (TEST_DB === 'postgres') postgres = await createScratchPostgres()
    env = {
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      AUTH_RATE_LIMIT: '10000',
      COMMENT_RATE_LIMIT: '10000',
      LIKE_RATE_LIMIT: '10000',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    }
  })

  afterAll(async () => {
    await server?.kill9()
    await postgres?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  /** The database the server used, opened from here (PGlite only while no server has it open). */
  async function withDatabase<T>(use: (db: DatabaseHandle['db']) => Promise<T>): Promise<T> {
    const handle = await openDatabase({ url: postgres?.url ?? null, pgliteDir: pgliteDirFor(dataDir) })
    try {
      return await use(handle.db)
    } finally {
      await handle.close()
    }
  }

  function storedCids(): string[] {
    return readdirSync(blobRoot)
      .filter((name) => !name.startsWith('.'))
      .flatMap((shard) => readdirSync(join(blobRoot, shard)))
      .sort()
  }

  it('loses nothing and leaves nothing behind', async () => {
    server = await startServer(env)
    const api = apiClient(server.url)
    const users: ApiUser[] = []
    for (let i = 0; i < 4; i++) users.push(await api.register(`crash_${i}_${randomBytes(3).toString('hex')}`))
    const seeded: { postId: string; cid: string }[] = []
    for (const [i, user] of users.entries())
      seeded.push(await api.upload(user, `seed ${i}`, `seed post ${i}`))
    const seedComment = await api.comment(users[0], seeded[0].postId, 'the first comment')

    // An upload whose body stops half way: its staging file is on disk when the process dies.
    const hanging = startHangingUpload(server.url, users[0])
    await waitFor(() => readdirSync(stagingDir).length > 0, 'a staging file of the hanging upload', 30_000)

    // Writes of every kind from every user, until the kill.
    let completed = 0
    let running = true
    const traffic = users.map(async (user, u) => {
      for (let round = 0; running; round++) {
        const target = seeded[round % seeded.length].postId
        await Promise.allSettled([
          api.upload(user, `crash ${u}.${round}`, `text ${u} ${round} ${randomBytes(8).toString('hex')}`),
          api.likePost(user, target),
          api.comment(user, target, `comment ${u}.${round}`, round % 2 ? seedComment._id : undefined),
          api.likeComment(user, seedComment._id),
        ]).then((results) => {
          completed += results.filter((result) => result.status === 'fulfilled').length
        })
      }
    })
    await waitFor(() => completed >= 40, '40 completed writes', 30_000)
    await server.kill9()
    running = false
    await Promise.all(traffic)
    hanging.destroy()

    // The window between an upload's bytes landing and its transaction committing is too short to
    // hit by timing: put such bytes in place by hand, as a crash there would leave them.
    const orphanBytes = Buffer.from(`orphan ${randomBytes(8).toString('hex')}`)
    const orphanCid = await contentIdOf([orphanBytes])
    mkdirSync(join(blobRoot, orphanCid.slice(-3, -1)), { recursive: true })
    writeFileSync(join(blobRoot, orphanCid.slice(-3, -1), orphanCid), orphanBytes)
    expect(readdirSync(stagingDir).length).toBeGreaterThan(0)

    // Right after the crash: transactions were all or nothing, so counters and posts are whole.
    // Jobs the dead process held keep their lease; let it run out now instead of in five minutes.
    const interrupted = await withDatabase(async (db) => {
      expect(await counterMismatches(db)).toEqual([])
      expect(await postsWithoutFiles(db)).toEqual([])
      const { rows } = await sql<{ n: number }>`
        update analysis_jobs set lease_until = now() - interval '1 second'
        where status = 'running' returning 1 as n`.execute(db)
      return rows.length
    })
    expect(storedCids()).toContain(orphanCid)
    // Its staging files are swept once its pid is gone and its heartbeat a minute old; age it now.
    const owners = join(blobRoot, '.staging-owners')
    const longAgo = new Date(Date.now() - 5 * 60_000)
    for (const owner of readdirSync(owners)) utimesSync(join(owners, owner), longAgo, longAgo)

    server = await startServer(env)
    const after = apiClient(server.url)
    // The start-up sweep ran before the server listened.
    expect(readdirSync(stagingDir)).toEqual([])
    expect(storedCids()).not.toContain(orphanCid)

    const posts = (await after.list(null, '?limit=100')).items
    expect(posts.length).toBeGreaterThan(seeded.length)
    for (const post of posts) {
      const detail = await after.post(null, post.id)
      for (const file of detail.media) expect(await contentIdOf([await after.file(file.cid)])).toBe(file.cid)
    }
    // Queued jobs and the interrupted ones resume: every post gets its analysis.
    await waitFor(
      async () => {
        const analyses = await Promise.all(
          posts.map(async (post) => (await after.post(null, post.id)).ai_analysis),
        )
        return analyses.every((analysis) => JSON.parse(analysis).status !== 'pending')
      },
      `analyses of ${posts.length} posts (${interrupted} interrupted by the crash)`,
      60_000,
    )
    // Writes work again.
    await after.likePost(users[1], seeded[1].postId)
    await server.stop()
    server = null

    await withDatabase(async (db) => {
      expect(await counterMismatches(db)).toEqual([])
      expect(await postsWithoutFiles(db)).toEqual([])
      const rows = await db.selectFrom('blobs').select(['cid', 'refs', 'pinned']).orderBy('cid').execute()
      expect(rows.map((row) => row.cid)).toEqual(storedCids())
      expect(rows.filter((row) => row.refs <= 0 && !row.pinned)).toEqual([])
      const jobs = await db.selectFrom('analysis_jobs').select(['status']).execute()
      expect(jobs.length).toBe(posts.length)
      expect(jobs.filter((job) => job.status !== 'done')).toEqual([])
    })
  }, 240_000)
})

/** Sends the head of a multipart upload with half a file, then nothing more. */
function startHangingUpload(baseUrl: string, user: ApiUser) {
  const boundary = `----agora${randomBytes(8).toString('hex')}`
  const req = request(`${baseUrl}/api/v1/media/upload`, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
  req.on('error', () => {})
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nhalf\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="half.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\n${'half a file '.repeat(20_000)}`,
  )
  return req
}
