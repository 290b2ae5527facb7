import type { PostDetailResponse, PostListQuery, PostListResponse } from '@agora/contract'
import { sql } from 'kysely'
import { oneOfIds } from '../../db/ids'
import type { Db } from '../../db/index'
import { perTurnLoader } from '../../db/per-turn'
import type { Kept, Personal } from '../../http/read-cache'
import { withheldPosts } from '../../policy/index'

/** A reader's page of the list from the shared one (posts.own-page.ts). */
type OwnPage = (
  viewerId: string,
  query: PostListQuery,
  shared: PostListResponse,
) => Promise<PostListResponse | 'shared' | null>

/**
 * A signed-in reader's list and post made from the shared answer every reader gets
 * (http/read-cache.ts): what differs for them (their withheld posts, likes and saves) is read in one
 * indexed query per event-loop turn, instead of each request reading the whole answer again.
 */
export function postsForViewer(db: Db, ownPage: OwnPage) {
  const withheld = perTurnLoader<string, boolean>(async (userIds) => {
    const rows = await db
      .selectFrom('posts')
      .select('user_id')
      .distinct()
      .where(oneOfIds('user_id', userIds))
      .where(withheldPosts())
      .execute()
    const owners = new Set(rows.map((row) => row.user_id))
    return userIds.map((id) => owners.has(id))
  })

  /** Keyed `viewer post`: whether the viewer likes the post, and whether they saved it. */
  const marks = perTurnLoader<string, { liked: boolean; saved: boolean }>(async (keys) => {
    const pairs = [...new Set(keys)].map((key) => key.split(' '))
    const { rows } = await sql<{ user_id: string; post_id: string; liked: boolean; saved: boolean }>`
      select v.user_id, v.post_id,
        exists (select 1 from post_likes l where l.user_id = v.user_id and l.post_id = v.post_id) as liked,
        exists (select 1 from bookmarks b where b.user_id = v.user_id and b.post_id = v.post_id) as saved
      from unnest(${sql.val(pairs.map(([user]) => user))}::uuid[], ${sql.val(pairs.map(([, post]) => post))}::uuid[]) as v(user_id, post_id)`.execute(
      db,
    )
    const found = new Map(rows.map((row) => [`${row.user_id} ${row.post_id}`, row]))
    return keys.map((key) => ({
      liked: found.get(key)?.liked ?? false,
      saved: found.get(key)?.saved ?? false,
    }))
  })

  return {
    /**
     * The shared page itself, unless the viewer has a post only they may see (kept until a write)
     * in its range: then the page with theirs (`ownPage`), or null to load it for them.
     */
    async list(
      shared: PostListResponse,
      viewerId: string,
      kept: Kept,
      query: PostListQuery,
    ): Promise<Personal<PostListResponse> | null> {
      const own = await kept(`withheld ${viewerId}`, () => withheld.load(viewerId))
      const page = own ? await ownPage(viewerId, query, shared) : 'shared'
      if (page === null) return null
      return page === 'shared'
        ? { variant: '', make: () => shared }
        : { variant: `own ${viewerId}`, make: () => page }
    },

    /**
     * Whether the viewer likes the post and saved it, asked with this turn's other readers'. The
     * answers are matched by the ids' text, so the post's id is taken as the database writes it.
     */
    marksOf: (viewerId: string, postId: string) => marks.load(`${viewerId} ${postId.toLowerCase()}`),

    /**
     * The shared post with whether the viewer likes and saved it: one of four variants. Only a
     * write changes those (a like, a save), so they are kept until the next one.
     */
    async detail(
      shared: PostDetailResponse,
      viewerId: string,
      kept: Kept,
    ): Promise<Personal<PostDetailResponse>> {
      const key = `${viewerId} ${shared.id}`
      const { liked, saved } = await kept(`marks ${key}`, () => marks.load(key))
      return {
        variant: `liked ${liked} saved ${saved}`,
        make: () => ({ ...shared, is_liked: liked, is_saved: saved }),
      }
    },
  }
}
