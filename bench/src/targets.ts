import { type Kysely, sql } from 'kysely'
import type { Database } from '../../apps/server/src/db/schema'
import { type BountyCast, bountyCast } from './bounties'
import { COMMON_TERM, RARE_TERM } from './generate'

export const SORTS = ['recent_desc', 'recent_asc', 'hot_desc', 'hot_asc'] as const
export type Sort = (typeof SORTS)[number]

/** What the load figures need from the generated forum, read before the server starts (PGlite is single-process). */
export interface Targets {
  /** Per sort: the keyset cursor of the page that starts 90 % of the way through. */
  deepCursors: Record<Sort, string>
  /** A post with a full first page of comments. */
  postId: string
  /** The post with the most reviews (generate.ts gives one about 200): the reviews figure's page. */
  reviewedPostId: string
  /** Every post anyone may see, for likes that each land on another post. */
  postIds: string[]
  /** Live sessions of generated users, to mint access tokens for. */
  sessions: { id: string; userId: string }[]
  /**
   * Those of the sessions' users with a post only they may see (generate.ts makes one in twenty
   * private): the server answers their list pages from the database, not the shared read cache.
   */
  ownPageUserIds: string[]
  /** The most and the least frequent word of the generated text. */
  searchTerms: { common: string; rare: string }
  /** The most used tag, and the keyset cursor 90 % of the way through its page (newest first). */
  tag: { name: string; deepCursor: string }
  /** Posts of users with a session, each with its author and revision: one edit each. */
  edits: { userId: string; postId: string; revision: number }[]
  /**
   * The posts the sessions' users like already (`likedKey`): by the generation, and on a reused
   * forum by earlier runs' like figures. The like figures skip them: liking a post again changes
   * nothing (no row, no counter, no event) and would measure a no-op.
   */
  liked: Set<string>
  /** The funders, reviewers and posts of the bounty figure. */
  bounties: BountyCast
}

export const likedKey = (userId: string, postId: string) => `${userId} ${postId}`

export async function readTargets(db: Kysely<Database>): Promise<Targets> {
  const total = Number((await sql<{ n: string }>`select count(*) as n from posts`.execute(db)).rows[0].n)
  const deepCursors = {} as Record<Sort, string>
  for (const sort of SORTS) deepCursors[sort] = await cursorAt(db, sort, Math.floor(total * 0.9))
  const post = await db
    .selectFrom('posts')
    .select('id')
    .where('comments_count', '>=', 24)
    .orderBy('comments_count')
    .limit(1)
    .executeTakeFirstOrThrow()
  const reviewed = await db
    .selectFrom('reviews')
    .select('post_id')
    .groupBy('post_id')
    .orderBy(sql`count(*)`, 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  // Posts everyone may see and like (one in twenty users keeps one private: generate.ts).
  const postIds = (
    await db
      .selectFrom('posts')
      .select('id')
      .where('visibility', '=', 'public')
      .where('moderation', 'is', null)
      .orderBy('id')
      .execute()
  ).map((row) => row.id)
  const sessions = await db
    .selectFrom('sessions')
    .select(['id', 'user_id as userId'])
    .where('revoked_at', 'is', null)
    .orderBy('id')
    .execute()
  const ownPage = await sql<{ user_id: string }>`
    select distinct p.user_id from posts p join sessions s on s.user_id = p.user_id and s.revoked_at is null
    where p.visibility <> 'public' or p.moderation is not null`.execute(db)
  const tag = await sql<{ name: string; n: string }>`
    select t as name, count(*) as n from posts, unnest(tags) t where visibility = 'public'
    group by t order by count(*) desc limit 1`.execute(db)
  const tagName = tag.rows[0].name
  const tagCursor = await db
    .selectFrom('posts')
    .select(['id', 'created_at', 'likes_count', 'hot_score'])
    .where(sql<boolean>`${tagName} = any(tags)`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(Math.floor(Number(tag.rows[0].n) * 0.9))
    .limit(1)
    .executeTakeFirstOrThrow()
  const edits = await db
    .selectFrom('posts')
    .select(['user_id as userId', 'id as postId', 'revision'])
    .where('user_id', 'in', db.selectFrom('sessions').select('user_id').where('revoked_at', 'is', null))
    .orderBy('id')
    .limit(EDITS)
    .execute()
  const liked = await sql<{ user_id: string; post_id: string }>`
    select l.user_id, l.post_id from post_likes l
    join posts p on p.id = l.post_id and p.visibility = 'public' and p.moderation is null
    where l.user_id in (select user_id from sessions where revoked_at is null)`.execute(db)
  return {
    deepCursors,
    postId: post.id,
    reviewedPostId: reviewed.post_id,
    postIds,
    sessions,
    ownPageUserIds: ownPage.rows.map((row) => row.user_id),
    searchTerms: { common: COMMON_TERM, rare: RARE_TERM },
    tag: { name: tagName, deepCursor: cursorOf(tagCursor) },
    edits,
    liked: new Set(liked.rows.map((row) => likedKey(row.user_id, row.post_id))),
    bounties: await bountyCast(db),
  }
}

/** At most this many posts are edited by the edit figure (each once). */
const EDITS = 50_000

function cursorOf(row: { id: string; created_at: Date | string; likes_count: number; hot_score: number }) {
  return JSON.stringify({
    id: row.id,
    created_at: new Date(row.created_at).toISOString(),
    likes: row.likes_count,
    hot: row.hot_score,
  })
}

/** The cursor the API would hand back after the post at `offset` in `sort` order (as JSON). */
async function cursorAt(db: Kysely<Database>, sort: Sort, offset: number): Promise<string> {
  const direction = sort.endsWith('asc') ? 'asc' : 'desc'
  const column = sort.startsWith('hot') ? 'hot_score' : 'created_at'
  const row = await db
    .selectFrom('posts')
    .select(['id', 'created_at', 'likes_count', 'hot_score'])
    .orderBy(column, direction)
    .orderBy('id', direction)
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow()
  return cursorOf(row)
}

/** Posts whose likes_count differs from their rows, and how many of `pairs` have no like row. */
export async function verifyLikes(db: Kysely<Database>, pairs: { userId: string; postId: string }[]) {
  const drift = await sql<{ n: string }>`
    select count(*) as n from posts p
    where p.likes_count <> (select count(*) from post_likes l where l.post_id = p.id)`.execute(db)
  const missing = await sql<{ n: string }>`
    select count(*) as n
    from unnest(${pairs.map((pair) => pair.userId)}::uuid[], ${pairs.map((pair) => pair.postId)}::uuid[]) as s(user_id, post_id)
    where not exists (select 1 from post_likes l where l.user_id = s.user_id and l.post_id = s.post_id)`.execute(
    db,
  )
  return { postsWithWrongCount: Number(drift.rows[0].n), likesMissing: Number(missing.rows[0].n) }
}
