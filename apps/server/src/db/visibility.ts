import { POST_UNAVAILABLE } from '@agora/contract'
import { type ExpressionBuilder, type Kysely, type RawBuilder, sql } from 'kysely'
import { GoneError, NotFoundError } from '../http/errors'
import type { Database } from './schema'

/**
 * Who may see a post: everyone a public one, only its author a private one or one the moderators
 * hid or removed (issue 27). Someone else's private or moderated post does not exist as far as they
 * can tell (404, never 403), and nor do its comments, likes, analysis or files. Written once here,
 * for rows in memory (`canSee`) and for queries (`visibleTo` for Kysely, `visibleSql` for raw SQL);
 * every read of posts goes through one of them.
 */
export interface PostAccess {
  user_id: string
  visibility: string
  /** null, or 'hidden'/'removed' by a moderator. */
  moderation: string | null
}

export const POST_NOT_FOUND = 'Post not found'

export function canSee(post: PostAccess, viewerId: string | null): boolean {
  return (post.visibility !== 'private' && post.moderation === null) || post.user_id === viewerId
}

/** The post when the viewer may see it; otherwise 404 `detail` (default: Post not found). */
export function visibleOr404<P extends PostAccess>(
  post: P | null | undefined,
  viewerId: string | null,
  detail = POST_NOT_FOUND,
): P {
  if (!post || !canSee(post, viewerId)) throw new NotFoundError(detail)
  return post
}

/**
 * The post when the viewer may see it; otherwise what a reader may learn of it: a post the
 * moderators hid is a 404 and one they removed a 410, each with the reason the public log shows;
 * someone else's private post stays an unknown one.
 */
export function visibleOrUnavailable<P extends PostAccess & { moderation_reason: string }>(
  post: P | null | undefined,
  viewerId: string | null,
): P {
  if (post && canSee(post, viewerId)) return post
  if (!post || post.visibility === 'private') throw postNotFound()
  const more = post.moderation_reason ? { reason: post.moderation_reason } : undefined
  if (post.moderation === 'removed') {
    throw new GoneError('This post was removed by the moderators', POST_UNAVAILABLE.removed, more)
  }
  throw new NotFoundError('This post was hidden by the moderators', POST_UNAVAILABLE.hidden, more)
}

/** The 404 of a post that does not exist, as far as the viewer can tell. */
export function postNotFound(): NotFoundError {
  return new NotFoundError(POST_NOT_FOUND, POST_UNAVAILABLE.notFound)
}

/** `canSee` as a condition on the `posts` table, for Kysely queries. */
export function visibleTo(viewerId: string | null) {
  return <DB extends Pick<Database, 'posts'>, TB extends 'posts'>(eb: ExpressionBuilder<DB, TB>) => {
    const posts = eb as unknown as ExpressionBuilder<Pick<Database, 'posts'>, 'posts'>
    const open = posts.and([posts('posts.visibility', '=', 'public'), posts('posts.moderation', 'is', null)])
    return viewerId ? posts.or([open, posts('posts.user_id', '=', viewerId)]) : open
  }
}

/**
 * Posts only their author may see (private, or hidden or removed by a moderator): what `visibleTo`
 * adds for a signed-in viewer. The partial index posts_withheld_idx (migration 0038) holds them.
 */
export function withheldPosts() {
  return <DB extends Pick<Database, 'posts'>, TB extends 'posts'>(eb: ExpressionBuilder<DB, TB>) => {
    const posts = eb as unknown as ExpressionBuilder<Pick<Database, 'posts'>, 'posts'>
    return posts.or([posts('posts.visibility', '<>', 'public'), posts('posts.moderation', 'is not', null)])
  }
}

/** `withheldPosts` in raw SQL, for the post row aliased `post`. */
export function withheldSql(post: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${post}.visibility`)} <> 'public' or ${sql.ref(`${post}.moderation`)} is not null)`
}

/** `canSee` in raw SQL, for the post row aliased `post` and the viewer id expression `viewer`. */
export function visibleSql(post: string, viewer: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`((${sql.ref(`${post}.visibility`)} <> 'private' and ${sql.ref(`${post}.moderation`)} is null) or ${sql.ref(`${post}.user_id`)} = ${viewer})`
}

/**
 * A post's id, author, visibility and moderation: what a write on the post checks. With `lock`, the row is
 * locked (FOR NO KEY UPDATE) for the rest of the transaction, so writes on one post take turns.
 */
export function readPostAccess(db: Kysely<Database>, id: string, { lock = false } = {}) {
  const query = db
    .selectFrom('posts')
    .select(['id', 'user_id', 'visibility', 'moderation'])
    .where('id', '=', id)
  return (lock ? query.forNoKeyUpdate() : query).executeTakeFirst()
}
