import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendLogin, sendTo } from '../../../test/factories'
import { createTestApp, TEST_DB, type TestApp } from '../../../test/harness'
import { DEMO_COMMENTS } from '../comments/comments.demo'
import { DEMO_MODERATOR, DEMO_PASSWORD, DEMO_POSTS, DEMO_USERS } from './demo.data'
import { seedDemo } from './demo.seed'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe(`demo data (${TEST_DB})`, () => {
  it('is off when AGORA_DEMO is off', async () => {
    expect(await seedDemo(t.app.ctx)).toEqual({ created: false, users: 0, posts: 0 })
    expect(await t.database.db.selectFrom('users').selectAll().execute()).toEqual([])
  })

  it('fills an empty database once with users, every kind of media, and likes', async () => {
    const ctx = { ...t.app.ctx, config: { ...t.app.ctx.config, demo: true } }
    const result = await seedDemo(ctx)
    expect(result).toEqual({ created: true, users: DEMO_USERS.length + 1, posts: DEMO_POSTS.length })

    const kinds = await t.database.db.selectFrom('post_files').select('kind').distinct().execute()
    expect(kinds.map((row) => row.kind).sort()).toEqual(['audio', 'document', 'image', 'video'])
    const mimes = await t.database.db.selectFrom('post_files').select('mime').distinct().execute()
    expect(mimes.map((row) => row.mime)).toEqual(
      expect.arrayContaining([
        'application/pdf',
        'text/plain',
        'text/markdown',
        'image/png',
        'video/mp4',
        'audio/wav',
      ]),
    )
    const likes = await t.database.db
      .selectFrom('post_likes')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
    expect(likes.n).toBe(DEMO_POSTS.reduce((sum, post) => sum + post.likedBy.length, 0))
    // Each like came after its post, at a time of its own, not all at the moment of seeding.
    const { rows: likeTimes } = await sql<{ before_post: number; distinct_times: number }>`
      select count(*) filter (where l.created_at < p.created_at)::int as before_post,
             count(distinct l.created_at)::int as distinct_times
      from post_likes l join posts p on p.id = l.post_id
    `.execute(t.database.db)
    expect(likeTimes[0]).toEqual({ before_post: 0, distinct_times: likes.n })
    // Threaded discussion, with every post's comment counter matching its comments.
    const { rows: comments } = await sql<{ n: number; drift: number }>`
      select (select count(*)::int from comments) as n,
             (select count(*)::int from posts p
              where p.comments_count <> (select count(*) from comments c where c.post_id = p.id)) as drift
    `.execute(t.database.db)
    const titles = DEMO_POSTS.map((post) => post.title)
    for (const title of Object.keys(DEMO_COMMENTS)) expect(titles).toContain(title)
    expect(comments[0].n).toBeGreaterThan(10)
    expect(comments[0].drift).toBe(0)

    // The forum shows them, newest first, private ones hidden, and the video seeks.
    const list = (await sendTo(t, null, 'GET /media/list', { query: { limit: '50' } })).json()
    expect(list.items).toHaveLength(DEMO_POSTS.filter((post) => post.visibility !== 'private').length)
    const video = list.items.find((item: { media_type: string }) => item.media_type === 'video')
    const range = await t.app.inject({
      method: 'GET',
      url: video.file_paths[0],
      headers: { range: 'bytes=0-99' },
    })
    expect(range.statusCode).toBe(206)
    expect(range.headers['content-type']).toBe('video/mp4')

    // The demo accounts work.
    const login = await sendLogin(t, {
      username: DEMO_USERS[0].username,
      password: DEMO_PASSWORD,
      secure_mode: false,
    })
    expect(login.statusCode).toBe(200)

    // A moderator account, named in the README, signs in and reaches the moderators' queue.
    const readme = readFileSync(join(import.meta.dirname, '../../../../../README.md'), 'utf8')
    expect(readme).toContain(`\`${DEMO_MODERATOR.username}\``)
    const moderator = await sendLogin(t, {
      username: DEMO_MODERATOR.username,
      password: DEMO_PASSWORD,
      secure_mode: false,
    })
    expect(moderator.statusCode).toBe(200)
    const queue = await sendTo(t, null, 'GET /mod/reports', {
      headers: { authorization: `Bearer ${moderator.json().access_token}` },
    })
    expect(queue.statusCode).toBe(200)

    // Their contributions earned rewards at the time they were made, by the rules: one entry per
    // post, comment and like from someone else (within the daily caps), and a leaderboard.
    const { rows: earned } = await sql<{ reason: string; n: number }>`
      select reason, count(*)::int as n from reward_entries group by reason order by reason
    `.execute(t.database.db)
    const counts = Object.fromEntries(earned.map((row) => [row.reason, row.n]))
    expect(counts.post_published).toBe(DEMO_POSTS.length)
    expect(counts.comment_written).toBe(comments[0].n)
    expect(counts.post_like_received).toBeGreaterThan(0)
    const board = (await sendTo(t, null, 'GET /rewards/leaderboard', { query: { period: 'all' } })).json()
    expect(board.entries.map((entry: { username: string }) => entry.username).sort()).toEqual(
      DEMO_USERS.map((user) => user.username).sort(),
    )

    // A second start finds users and leaves everything as it is.
    expect(await seedDemo(ctx)).toEqual({ created: false, users: 0, posts: 0 })
    const posts = await t.database.db
      .selectFrom('posts')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
    expect(posts.n).toBe(DEMO_POSTS.length)
    rmSync(join(t.config.dataDir, 'blobs'), { recursive: true, force: true })
  })
})
