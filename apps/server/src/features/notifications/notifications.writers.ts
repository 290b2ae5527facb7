import type { Db } from '../../db/index'
import type { DomainEvents, EventBus } from '../../events/index'
import type { Live } from '../../events/live'
import { type Draft, type LikeDraft, notificationsStore, type Written } from './notifications.store'
import { userTopic } from './notifications.stream'
import { mentionedNames, mentionedUsers } from './notifications.text'

/** Followers written per statement of a fan-out (one statement, one batch of events). */
export const FAN_OUT_BATCH = 2000
/** The durable subscriber's name, stored with each queued delivery: never rename it. */
export const FAN_OUT_HANDLER = 'notifications.followers'

/** The UTC day of `at`, 'YYYY-MM-DD': likes of one target on one day are one entry. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10)

/** News of a review (or an invitation to one), once per `id`: `userId` is told what `actorId` did on a post. */
function reviewNews(
  kind: 'review' | 'review_request' | 'review_response',
  id: string,
  userId: string,
  actorId: string,
  postId: string,
): Draft {
  return { userId, kind, actorId, postId, commentId: null, groupKey: `${kind}:${id}` }
}

/** What was written, told to whoever listens (live streams), in the same transaction. */
async function announce(events: EventBus, trx: Db, written: readonly Written[]) {
  await events.raise(
    trx,
    'notification.created',
    written.map((row) => ({ userId: row.user_id, notificationId: row.id, kind: row.kind })),
  )
}

/**
 * Mentions of users in a text (`markdown`) by `authorId` that `before` did not have: the users,
 * at most ten, only existing ones, never the author. A text of a private post mentions nobody.
 */
async function newMentions(trx: Db, authorId: string, markdown: string, before: string | null) {
  const names = mentionedNames(markdown)
  if (names.length === 0) return []
  const earlier = new Set(before ? mentionedNames(before).map((forms) => forms.at(-1)!.toLowerCase()) : [])
  const fresh = names.filter((forms) => !earlier.has(forms.at(-1)!.toLowerCase()))
  if (fresh.length === 0) return []
  const lookup = await notificationsStore(trx).usersNamed(fresh.flat())
  return mentionedUsers(fresh, lookup, authorId)
}

/**
 * Writes the mention notifications of a text and raises the `mention` event for each user named,
 * unless `skip` (someone told of this text already, e.g. as the comment's post author).
 */
async function mention(
  events: EventBus,
  trx: Db,
  users: readonly string[],
  by: { authorId: string; postId: string; commentId: string | null },
  skip: ReadonlySet<string> = new Set(),
) {
  if (users.length === 0) return []
  await events.raise(
    trx,
    'mention',
    users.map((userId) => ({
      mentionedUserId: userId,
      byUserId: by.authorId,
      postId: by.postId,
      commentId: by.commentId,
    })),
  )
  const source = by.commentId ? `comment:${by.commentId}` : `post:${by.postId}`
  return users
    .filter((userId) => !skip.has(userId))
    .map(
      (userId): Draft => ({
        userId,
        kind: 'mention',
        actorId: by.authorId,
        postId: by.postId,
        commentId: by.commentId,
        groupKey: `mention:${source}`,
      }),
    )
}

/**
 * The notifications' writers: each subscribes to the domain event that makes its news
 * (docs/decisions/004-domain-events.md) and is never called by the feature that raised it. Every
 * notification is written through the same rules (notifications.policy.ts) and announced as
 * `notification.created` in the transaction that wrote it.
 */
export function subscribeNotifications(events: EventBus, live: Live) {
  // Open streams of the users told hear of it once the transaction commits (events/live.ts).
  events.inTransaction('notification.created', (trx, created) =>
    live.tell(
      trx,
      created.map((event) => ({ topic: userTopic(event.userId), data: { id: event.notificationId } })),
    ),
  )

  const write = async (trx: Db, drafts: readonly Draft[]) =>
    announce(events, trx, await notificationsStore(trx).write(drafts))

  // A comment: its post's author (`comment`), its parent's author (`reply`), and who it names.
  events.inTransaction('comment.written', async (trx, written) => {
    const store = notificationsStore(trx)
    const drafts: Draft[] = []
    for (const comment of await store.commentsWithContext(written.map((event) => event.commentId))) {
      const about = { actorId: comment.user_id, postId: comment.post_id, commentId: comment.id }
      const told = new Set<string>()
      const tell = (userId: string, kind: 'reply' | 'comment') => {
        drafts.push({ ...about, userId, kind, groupKey: `${kind}:${comment.id}` })
        told.add(userId)
      }
      if (comment.parent_author_id) tell(comment.parent_author_id, 'reply')
      if (!told.has(comment.post_author_id)) tell(comment.post_author_id, 'comment')
      if (comment.visibility === 'private') continue
      const named = await newMentions(trx, comment.user_id, comment.content, null)
      drafts.push(...(await mention(events, trx, named, { authorId: comment.user_id, ...about }, told)))
    }
    await write(trx, drafts)
  })

  events.inTransaction('comment.edited', async (trx, edits) => {
    const store = notificationsStore(trx)
    const drafts: Draft[] = []
    // A text that names nobody tells nobody: most edits read nothing more.
    const byId = new Map(
      edits.filter((edit) => mentionedNames(edit.text).length > 0).map((edit) => [edit.commentId, edit]),
    )
    if (byId.size === 0) return
    for (const comment of await store.commentsWithContext([...byId.keys()])) {
      if (comment.visibility === 'private') continue
      const before = await store.commentTextAt(comment.id, byId.get(comment.id)!.revision - 1)
      const named = await newMentions(trx, comment.user_id, comment.content, before)
      drafts.push(
        ...(await mention(events, trx, named, {
          authorId: comment.user_id,
          postId: comment.post_id,
          commentId: comment.id,
        })),
      )
    }
    await write(trx, drafts)
  })

  // Likes come in batches (the likes of one event-loop turn): one statement counts them all.
  // A deleted comment's notifications go with it, also when it stays as a placeholder for its replies.
  events.inTransaction('comment.removed', async (trx, removed) => {
    const ids = removed.map((event) => event.commentId)
    await trx.deleteFrom('notifications').where('comment_id', 'in', ids).execute()
  })

  events.inTransaction('like.given', async (trx, likes) => {
    const day = utcDay(new Date())
    const seen = new Set<string>()
    const drafts: LikeDraft[] = []
    for (const like of likes) {
      const key = `like:${like.kind}:${like.targetId}:${day}`
      if (like.likerId === like.authorId || seen.has(`${key}:${like.likerId}`)) continue
      seen.add(`${key}:${like.likerId}`)
      drafts.push({
        userId: like.authorId,
        actorId: like.likerId,
        postId: like.postId,
        commentId: like.kind === 'comment' ? like.targetId : null,
        groupKey: key,
      })
    }
    await announce(events, trx, await notificationsStore(trx).addLikes(drafts))
  })

  // A post: who it names now, and (later, from the outbox) the followers of its author and tags.
  events.inTransaction('post.published', async (trx, posts) => {
    const drafts: Draft[] = []
    for (const published of posts) {
      if (published.visibility === 'private') continue
      const post = await notificationsStore(trx).post(published.postId)
      if (!post) continue
      const named = await newMentions(trx, post.user_id, post.content, null)
      drafts.push(
        ...(await mention(events, trx, named, { authorId: post.user_id, postId: post.id, commentId: null })),
      )
    }
    await write(trx, drafts)
  })

  events.inTransaction('post.edited', async (trx, edits) => {
    const store = notificationsStore(trx)
    const drafts: Draft[] = []
    for (const edit of edits) {
      if (edit.visibility === 'private') {
        // Nothing about a private post reaches anyone but its author, not even what was said before.
        if (edit.changed.includes('visibility')) await store.forgetPostForOthers(edit.postId, edit.authorId)
        continue
      }
      if (!edit.changed.includes('content') && !edit.changed.includes('visibility')) continue
      // A text that names nobody tells nobody: most edits read nothing more.
      if (mentionedNames(edit.content).length === 0) continue
      const before = await store.postAt(edit.postId, edit.revision - 1)
      // A post that was private named nobody: all of its mentions are new once it is public.
      const earlier = before?.visibility === 'public' ? before.content : null
      const named = await newMentions(trx, edit.authorId, edit.content, earlier)
      drafts.push(
        ...(await mention(events, trx, named, {
          authorId: edit.authorId,
          postId: edit.postId,
          commentId: null,
        })),
      )
    }
    await write(trx, drafts)
  })

  events.durable('post.published', FAN_OUT_HANDLER, (trx, post) => fanOut(events, trx, post))

  // A moderator hid, removed or restored someone's post or comment: its author is told why.
  // The moderator is not named: the public log does not name them either.
  events.inTransaction('content.moderated', async (trx, actions) => {
    const at = Date.now()
    await write(
      trx,
      actions.map((action) => ({
        userId: action.authorId,
        kind: 'moderation',
        actorId: null,
        postId: action.postId,
        commentId: action.kind === 'comment' ? action.id : null,
        groupKey: `moderation:${action.kind}:${action.id}:${action.action}:${at}`,
        excerpt: action.reason,
        data: { action: action.action },
      })),
    )
  })

  // Reviews: the work's author hears of a review, the invitee of an invitation, the reviewer of an answer.
  events.inTransaction('review.written', (trx, reviews) =>
    write(
      trx,
      reviews.map((r) => reviewNews('review', r.reviewId, r.postAuthorId, r.reviewerId, r.postId)),
    ),
  )
  events.inTransaction('review.requested', (trx, requests) =>
    write(
      trx,
      requests.map((r) => reviewNews('review_request', r.requestId, r.reviewerId, r.requesterId, r.postId)),
    ),
  )
  events.inTransaction('review.changed', async (trx, changes) => {
    const answered = changes.filter((change) => change.change === 'response').map((change) => change.reviewId)
    if (answered.length === 0) return
    const rows = await trx
      .selectFrom('reviews')
      .innerJoin('posts', 'posts.id', 'reviews.post_id')
      .select(['reviews.id', 'reviews.reviewer_id', 'reviews.post_id', 'posts.user_id'])
      .where('reviews.id', 'in', answered)
      .execute()
    await write(
      trx,
      rows.map((row) => reviewNews('review_response', row.id, row.reviewer_id, row.user_id, row.post_id)),
    )
  })

  // A bounty's award: the reviewer hears who awarded how much, once per award.
  events.inTransaction('bounty.awarded', (trx, awards) =>
    write(
      trx,
      awards.map((award) => ({
        userId: award.reviewerId,
        kind: 'bounty_award' as const,
        actorId: award.funderId,
        postId: award.postId,
        commentId: null,
        groupKey: `bounty_award:${award.awardId}`,
        data: { award_id: award.awardId, amount: (BigInt(award.amount) * 10n ** 9n).toString() },
      })),
    ),
  )

  events.inTransaction('claim.settled', async (trx, claims) => {
    const drafts: Draft[] = []
    for (const claim of claims) {
      drafts.push({
        userId: claim.userId,
        kind: claim.status === 'paid' ? 'claim_paid' : 'claim_failed',
        actorId: null,
        postId: null,
        commentId: null,
        groupKey: `claim:${claim.claimId}`,
        excerpt: claim.status === 'failed' ? await notificationsStore(trx).claimFailure(claim.claimId) : '',
        data: { claim_id: claim.claimId, amount: claim.amount },
      })
    }
    await write(trx, drafts)
  })
}

/**
 * Tells the followers of a public post's author and of its tags, in batches of FAN_OUT_BATCH, each
 * one statement: run by the outbox worker, never inside the request that published the post.
 * A delivery run again (at least once) writes nothing twice: one notification per follower per
 * post (`post:{id}`).
 */
async function fanOut(events: EventBus, trx: Db, post: DomainEvents['post.published']) {
  if (post.visibility === 'private') return
  const store = notificationsStore(trx)
  let after: string | null = null
  for (;;) {
    const batch = await store.fanOutBatch(post, after, FAN_OUT_BATCH)
    await announce(events, trx, batch.written)
    if (batch.last === null) return
    after = batch.last
  }
}
