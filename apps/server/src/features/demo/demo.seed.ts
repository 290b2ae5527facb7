import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'kysely'
import { stageStream } from '../../blobs/index'
import { sniffFile } from '../../blobs/sniff'
import type { AppContext } from '../../context'
import { authService } from '../auth/index'
import { seedDemoComments } from '../comments/index'
import { mediaKindOf, type ReceivedFile } from '../files/index'
import { postsService } from '../posts/index'
import { rewardsLedger } from '../rewards/index'
import {
  DEMO_MODERATOR,
  DEMO_PASSWORD,
  DEMO_POSTS,
  DEMO_USERS,
  type DemoFile,
  type DemoUsername,
} from './demo.data'

/** How long ago the demo researchers joined: before the oldest demo post (two weeks). */
const DEMO_MEMBER_DAYS = 30

/** Any number; only the demo seeding takes this advisory lock. */
const DEMO_LOCK = 0x61676f72

export interface DemoResult {
  created: boolean
  users: number
  posts: number
}

async function stageDemoFile(file: DemoFile, stagingDir: string): Promise<ReceivedFile> {
  const bytes = await file.bytes()
  const staged = await stageStream(
    (async function* () {
      yield bytes
    })(),
    stagingDir,
  )
  const sniffed = await sniffFile(staged.path, file.name)
  if (!sniffed) throw new Error(`Demo file ${file.name} has no recognisable type`)
  return { staged, name: file.name, mime: sniffed.mime, kind: mediaKindOf(sniffed.mime) }
}

/**
 * Fills an empty database with a small living forum: a few researchers, posts with images, PDFs,
 * text, a video and audio, and likes. Runs once: it does nothing when any user exists, and two
 * servers starting together serialise on an advisory lock, so the demo is never loaded twice.
 */
export async function seedDemo(ctx: AppContext, log?: FastifyBaseLogger): Promise<DemoResult> {
  const nothing = { created: false, users: 0, posts: 0 }
  if (!ctx.config.demo) return nothing

  const seeded = await ctx.db.transaction().execute(async (trx) => {
    // A second server starting waits here for the first one's seeding: longer than a request may wait.
    await sql`set local lock_timeout = 0`.execute(trx)
    await sql`select pg_advisory_xact_lock(${DEMO_LOCK})`.execute(trx)
    const anyone = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst()
    if (anyone) return null
    const auth = authService(trx, ctx.signer)
    const ids = new Map<DemoUsername, string>()
    for (const user of DEMO_USERS) {
      const row = await auth.register({ ...user, password: DEMO_PASSWORD })
      ids.set(user.username, row.id)
    }
    const moderator = await auth.register({ ...DEMO_MODERATOR, password: DEMO_PASSWORD })
    await trx.updateTable('users').set({ role: 'moderator' }).where('id', '=', moderator.id).execute()
    // Trusted while their two weeks of work are written at once (the new-account limits would stop
    // it); once they have joined in the past, below, trust follows their age and activity again.
    await trx
      .updateTable('users')
      .set({ trust_override: 'member' })
      .where('id', 'in', [...ids.values()])
      .execute()
    return { ids, moderatorId: moderator.id }
  })
  if (!seeded) return nothing
  const users = seeded.ids

  const store = ctx.blobs
  const posts = postsService(ctx.db, store, ctx.events, ctx.guard)
  const now = Date.now()
  const postIds = new Map<string, string>()
  for (const demo of DEMO_POSTS) {
    const authorId = users.get(demo.author)!
    const files: ReceivedFile[] = []
    for (const file of demo.files) files.push(await stageDemoFile(file, store.stagingDir))
    const { post } = await posts.create(
      authorId,
      {
        title: demo.title,
        summary: demo.summary,
        content: demo.content,
        tags: demo.tags,
        visibility: demo.visibility ?? 'public',
      },
      files,
    )
    // Spread over the last two weeks (the hot score follows created_at by trigger).
    const createdAt = new Date(now - demo.hoursAgo * 3600_000).toISOString()
    await sql`update posts set created_at = ${createdAt}::timestamptz where id = ${post.id}`.execute(ctx.db)
    // The likes came after the post, spread over the time since (activity lists show their times).
    for (const [index, liker] of demo.likedBy.entries()) {
      const likerId = users.get(liker)!
      await posts.like(likerId, post.id, 'like')
      const likedAt = new Date(now - (demo.hoursAgo * 3600_000 * (index + 1)) / (demo.likedBy.length + 1))
      await sql`update post_likes set created_at = ${likedAt.toISOString()}::timestamptz
        where post_id = ${post.id} and user_id = ${likerId}`.execute(ctx.db)
    }
    postIds.set(demo.title, post.id)
  }
  const comments = await seedDemoComments(ctx, users, postIds)
  // The researchers joined before their posts; the rewards their demo contributions would have
  // earned are paid at the contributions' times, so balances and the leaderboard are not empty.
  const joined = new Date(now - DEMO_MEMBER_DAYS * 24 * 3600_000).toISOString()
  await sql`update users set created_at = ${joined}::timestamptz, trust_override = null
    where id in (${sql.join([...users.values(), seeded.moderatorId])})`.execute(ctx.db)
  await rewardsLedger(ctx.config.rewards).backfill(ctx.db)
  log?.info(
    { users: users.size + 1, posts: DEMO_POSTS.length, comments },
    `demo data loaded: log in as ${DEMO_USERS[0].username} (moderator: ${DEMO_MODERATOR.username}) / ${DEMO_PASSWORD}`,
  )
  return { created: true, users: users.size + 1, posts: DEMO_POSTS.length }
}
