import type { ContentKind, ModeratedKind, TargetType } from '@agora/contract'
/**
 * What happened, as the features that do it say it: the domain events. A contribution raises its
 * event inside the transaction that makes it; what reacts to it (rewards, notifications, the read
 * cache) subscribes here instead of being called by the feature (docs/decisions/004-domain-events.md).
 * A write that changes what a read shows raises one: the read cache forgets on events only.
 *
 * Payloads are plain JSON (ids and strings): a durable subscriber gets them back from the outbox.
 */
export type LikeKind = ContentKind

export interface DomainEvents {
  /** A post was created (files stored, analysis queued). */
  'post.published': { postId: string; authorId: string; visibility: 'public' | 'private'; tags: string[] }
  /**
   * A post's text, tags or visibility changed: `revision` is the new one, `changed` names the
   * fields, `text` is its title, summary and content as edited (a line each), `content` the
   * content alone.
   */
  'post.edited': {
    postId: string
    authorId: string
    editorId: string
    revision: number
    changed: string[]
    visibility: 'public' | 'private'
    text: string
    content: string
  }
  /** A new version of a post's files was published (features/versions); `version` is its number. */
  'post.versioned': { postId: string; authorId: string; version: number }
  /** A post is about to be deleted with its comments and likes (raised before the rows go). */
  'post.removed': { postId: string; authorId: string; removedBy: string }
  /** A comment or reply was written. */
  'comment.written': {
    commentId: string
    postId: string
    authorId: string
    parentId: string | null
    postAuthorId: string
  }
  /** A comment's text changed; `revision` is the new one, `text` the text as edited. */
  'comment.edited': {
    commentId: string
    postId: string
    authorId: string
    editorId: string
    revision: number
    text: string
  }
  /** A review of a version of a post was written (features/reviews). */
  'review.written': {
    reviewId: string
    postId: string
    reviewerId: string
    postAuthorId: string
    version: number
  }
  /** Someone invited `reviewerId` to review a post. */
  'review.requested': { requestId: string; postId: string; reviewerId: string; requesterId: string }
  /** A review was edited, withdrawn, found helpful (or no longer), or answered (or the answer edited). */
  'review.changed': {
    reviewId: string
    postId: string
    change: 'edited' | 'withdrawn' | 'helpful' | 'response' | 'response_edited'
  }
  /** A bounty's funder awarded `amount` whole tokens of it to a review (features/bounties). */
  'bounty.awarded': {
    bountyId: string
    awardId: string
    reviewId: string
    postId: string
    reviewerId: string
    funderId: string
    amount: number
  }
  /** A comment is about to be deleted with its replies (raised before the rows go). */
  'comment.removed': { commentId: string; postId: string; authorId: string; removedBy: string }
  /** A like that was not there before; `authorId` wrote the liked post or comment. */
  'like.given': { kind: LikeKind; targetId: string; postId: string; authorId: string; likerId: string }
  /** A like that was there is withdrawn. */
  'like.withdrawn': { kind: LikeKind; targetId: string; postId: string; authorId: string; likerId: string }
  /** A post's analysis ended (`done` with a result, or `failed` for good). */
  'analysis.finished': { postId: string; authorId: string; status: 'done' | 'failed'; fileCount: number }
  /** Someone named a user in a post or a comment. */
  mention: { mentionedUserId: string; byUserId: string; postId: string; commentId: string | null }
  /** Someone followed an author or a tag. */
  follow: { followerId: string; kind: 'user' | 'tag'; target: string }
  /** Someone stopped following an author or a tag. */
  'follow.withdrawn': { followerId: string; kind: 'user' | 'tag'; target: string }
  /** A reader saved a post for later (`saved`) or unsaved it. */
  'bookmark.changed': { postId: string; userId: string; saved: boolean }
  /** A user marked notifications read. */
  'notifications.read': { userId: string; count: number }
  /** A post's author asked for its analysis again (queued; `analysis.finished` follows). */
  'analysis.requested': { postId: string; authorId: string }
  /**
   * A notification was written for `userId` (features/notifications), in the transaction that wrote
   * it; live streams tell the user once that transaction commits.
   */
  'notification.created': { userId: string; notificationId: string; kind: string }
  /** A reward claim reached its end: paid on chain, or failed and credited back. */
  'claim.settled': { claimId: string; userId: string; status: 'paid' | 'failed'; amount: string }
  /**
   * A moderator hid, removed or restored a post, a comment or a review (features/moderation):
   * `previous` is the state before (null: visible). Rewards reverse what hidden or removed content
   * earned (a review's bounty awards); its author is told.
   */
  'content.moderated': {
    kind: ModeratedKind
    id: string
    postId: string
    authorId: string
    moderatorId: string
    action: 'hide' | 'remove' | 'restore'
    previous: 'hidden' | 'removed' | null
    reason: string
  }
  /** A moderator suspended a user until `until` (ISO 8601), or lifted it (`until` null). */
  'user.suspended': { userId: string; moderatorId: string; until: string | null; reason: string }
  /** A user changed their e-mail address (features/profiles): the new one is unproven until verified. */
  'user.email_changed': { userId: string; previous: string; email: string; language: string }
  /** A user changed what others read of them: names, avatar, links, bio or privacy settings (`fields`). */
  'user.profile_changed': { userId: string; fields: string[] }
  /** A user deleted their account: their name goes from what they wrote, and their posts if they asked. */
  'user.deleted': { userId: string }
  /** Someone reported a post, a comment or a user to the moderators. */
  report: { reportId: string; reporterId: string; targetType: TargetType; targetId: string }
}

export type EventName = keyof DomainEvents
