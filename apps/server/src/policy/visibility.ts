import { POST_UNAVAILABLE } from '@agora/contract'
import { ERRORS, type ErrorCodeOf } from '@agora/contract/errors'
import { type ExpressionBuilder, type Kysely, type RawBuilder, sql } from 'kysely'
import { isId } from '../db/ids'
import type { Database } from '../db/schema'
import { GoneError, NotFoundError } from '../http/errors'

/**
 * Who may see a post: everyone a public one, only its author a private one or one the moderators
 * hid or removed. Someone else's private or moderated post does not exist as far as they can tell
 * (404, never 403), and nor do its comments, likes, analysis or files. Written once here, for rows
 * in memory (`canSee`) and for queries (`visibleTo` for Kysely, `visibleSql` for raw SQL); every
 * read of posts goes through one of them. Histories and files add moderators (`Reader`).
 */
export interface PostAccess {
  user_id: string
  visibility: string
  /** null, or 'hidden'/'removed' by a moderator. */
  moderation: string | null
}

export const POST_NOT_FOUND = ERRORS.post_not_found.detail

export function canSee(post: PostAccess, viewerId: string | null): boolean {
  return (post.visibility !== 'private' && post.moderation === null) || post.user_id === viewerId
}

/** The post when the viewer may see it; otherwise a 404 with `code` (default: post_not_found). */
export function visibleOr404<P extends PostAccess>(
  post: P | null | undefined,
  viewerId: string | null,
  code: ErrorCodeOf<404> = 'post_not_found',
): P {
  if (!post || !canSee(post, viewerId)) throw new NotFoundError(code)
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
  if (post.moderation === 'removed') throw new GoneError(POST_UNAVAILABLE.removed, { more })
  throw new NotFoundError(POST_UNAVAILABLE.hidden, { more })
}

/** The 404 of a post that does not exist, as far as the viewer can tell. */
export function postNotFound(): NotFoundError {
  return new NotFoundError(POST_UNAVAILABLE.notFound)
}

/** The 410 of a post its author deleted: nothing of it is left to say but that. */
export function postDeleted(): GoneError {
  return new GoneError(POST_UNAVAILABLE.deleted)
}

/** Whether `id` names a post its author deleted while others could see it (migration 0044). */
export async function wasDeleted(db: Kysely<Database>, id: string): Promise<boolean> {
  if (!isId(id)) return false
  const row = await db.selectFrom('deleted_posts').select('id').where('id', '=', id).executeTakeFirst()
  return row !== undefined
}

/**
 * `visibleOr404` for a read of what belongs to the post `id` (its comments, versions, citation):
 * 410 when its author deleted it, as its own address answers.
 */
export async function visibleOrGone<P extends PostAccess>(
  db: Kysely<Database>,
  post: P | null | undefined,
  id: string,
  viewerId: string | null,
): Promise<P> {
  if (!post && (await wasDeleted(db, id))) throw postDeleted()
  return visibleOr404(post, viewerId)
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

/** What everyone may see (`canSee` of a visitor) in raw SQL, for the post row aliased `post`. */
export function openSql(post: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${post}.visibility`)} <> 'private' and ${sql.ref(`${post}.moderation`)} is null)`
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

/** Who reads, as the rules of histories and files need them: their id, and whether they moderate. */
export interface Reader {
  userId: string
  moderator: boolean
}

const readerId = (reader: Reader | null) => reader?.userId ?? null

/**
 * Who may read a post's history (its revisions and versions): whoever may see the post, and
 * moderators one that is not private (they judge what was hidden or removed).
 */
export function canSeeHistory(post: PostAccess, reader: Reader | null): boolean {
  return canSee(post, readerId(reader)) || (!!reader?.moderator && post.visibility !== 'private')
}

/**
 * Whether a revision or version made (at `madeAt`) while its post was private is shown: to the
 * post's author and moderators, to others once the author shared the post's private history after it.
 */
export function canSeePrivateEra(
  post: { user_id: string; private_history_shared_at: Date | null },
  madeAt: Date | string,
  reader: Reader | null,
): boolean {
  if (seesWholePast(post, reader)) return true
  return post.private_history_shared_at !== null && new Date(madeAt) <= post.private_history_shared_at
}

/** Whether `reader` sees all of a post's private past, shared or not: its author and moderators. */
export function seesWholePast(post: { user_id: string }, reader: Reader | null): boolean {
  return post.user_id === readerId(reader) || !!reader?.moderator
}

/**
 * The version row `v` of post `p` that `canSeePrivateEra` keeps from all but the author and
 * moderators: an earlier one made while private and not shared (never the current one).
 */
export function withheldVersionSql(v: string, p: string): RawBuilder<boolean> {
  const [version, shared] = [sql.ref(`${v}.version`), sql.ref(`${p}.private_history_shared_at`)]
  return sql<boolean>`coalesce(${sql.ref(`${v}.made_private`)} and ${version} < ${sql.ref(`${p}.version`)}
    and (${shared} is null or ${sql.ref(`${v}.created_at`)} > ${shared}), false)`
}

/**
 * Whether a comment's text (and so its history) may be read: a hidden one by its author and
 * moderators, a removed one by moderators only.
 */
export function canReadComment(
  comment: { user_id: string; moderation: string | null },
  reader: Reader | null,
): boolean {
  if (comment.moderation === null || reader?.moderator) return true
  return comment.moderation === 'hidden' && comment.user_id === readerId(reader)
}

/** A comment whose text everyone may read (`canReadComment` of a visitor), for the row aliased `comment`. */
export function openCommentSql(comment: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${comment}.moderation`)} is null)`
}

/** Whether a review's text and ratings may be read: one a moderator hid or removed by its reviewer only. */
export function canReadReview(
  review: { reviewer_id: string; moderation: string | null },
  viewerId: string | null,
) {
  return review.moderation === null || review.reviewer_id === viewerId
}

/** `canReadReview` for the review row aliased `review`: what lists of a person's reviews show. */
export function readableReviewSql(review: string, viewerId: string | null): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${review}.moderation`)} is null or ${sql.ref(`${review}.reviewer_id`)} = ${viewerId}::uuid)`
}

/** The reviews that count (aggregates, cards, counts, bounties): not withdrawn, nor hidden by a moderator. */
export function countedReviewSql(review: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${review}.withdrawn_at`)} is null and ${sql.ref(`${review}.moderation`)} is null)`
}

/** Whether a file is served to everyone ('public'), to this reader alone ('private') or not at all. */
export type FileAccess = 'public' | 'private' | 'none'

/**
 * Whether `reader` may fetch the stored file or version directory `cid` (by /files and the IPFS
 * gateway): a post or version holding it is one they may see, or it is a file uploaded on its own
 * that no post holds (public, like an IPFS pin). A removed post's files go to moderators only; a
 * data export is never served by its CID. 'private' answers must not be kept by shared caches.
 */
export async function fileAccess(
  db: Kysely<Database>,
  cid: string,
  reader: Reader | null,
): Promise<FileAccess> {
  const { rows } = await sql<{ open: boolean; theirs: boolean }>`
    select ${fileVisibleSql(cid, null)} as open, ${fileVisibleSql(cid, reader)} as theirs`.execute(db)
  const row = rows[0]
  return row?.open ? 'public' : row?.theirs ? 'private' : 'none'
}

function fileVisibleSql(cid: string, reader: Reader | null) {
  const viewer = sql`${readerId(reader)}::uuid`
  const moderator = sql.lit(reader?.moderator ?? false)
  const holder = sql<boolean>`((p.visibility = 'public' and p.moderation is null)
      or (p.user_id = ${viewer} and p.moderation is distinct from 'removed')
      or (${moderator} and p.visibility <> 'private'))`
  // `canSeePrivateEra` for the version row `v` (none for versions from before their table).
  const era = sql<boolean>`(not ${withheldVersionSql('v', 'p')} or p.user_id = ${viewer} or ${moderator})`
  return sql<boolean>`(not exists (select 1 from account_exports e where e.cid = ${cid}) and (
      exists (select 1 from post_files f join posts p on p.id = f.post_id where f.cid = ${cid} and ${holder})
      or exists (select 1 from post_version_files f join posts p on p.id = f.post_id
                 left join post_versions v on v.post_id = f.post_id and v.version = f.version
                 where f.cid = ${cid} and ${holder} and ${era})
      or exists (select 1 from post_versions v join posts p on p.id = v.post_id
                 where v.manifest_cid = ${cid} and ${holder} and ${era})
      or exists (select 1 from blobs b where b.cid = ${cid} and b.pinned
                 and not exists (select 1 from post_files f where f.cid = b.cid)
                 and not exists (select 1 from post_version_files f where f.cid = b.cid))))`
}
