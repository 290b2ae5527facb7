import type { CommentView, CreateCommentRequest, CreateCommentResponse } from '@agora/contract'
import { v7 as uuidv7 } from 'uuid'
import type { BlobStore } from '../../blobs/index'
import type { AppContext } from '../../context'
import { isId } from '../../db/ids'
import { inTransaction } from '../../db/in-transaction'
import type { Db } from '../../db/index'
import { moderationState } from '../../db/moderation-state'
import type { EventBus } from '../../events/index'
import { BadRequestError, NotFoundError } from '../../http/errors'
import type { Kept, Personal } from '../../http/read-cache'
import { authorize, type ContributionGuard, viewerOf, visibleOr404, visibleOrGone } from '../../policy/index'
import { likesService } from '../likes/index'
import { editState } from '../revisions/index'
import { filesOfEveryVersion, seesWithheldVersions, withheldVersions } from '../versions/index'
import {
  ANCHOR_ON_REPLY,
  anchorView,
  checkAnchor,
  NOTHING_SEEN,
  placesOf,
  type VersionsSeen,
  versionsSeenFor,
} from './comments.anchors'
import { commentEditing } from './comments.edit'
import { learnDuration } from './comments.facts'
import { normalizeContent, placeComment, threadOrder } from './comments.rules'
import { type CommentWithAuthor, commentsStore } from './comments.store'

export { POST_NOT_FOUND } from '../../policy/index'
export { COMMENT_NOT_FOUND } from './comments.rules'
export const PARENT_NOT_FOUND = 'The comment you are replying to no longer exists'

/**
 * A comment as `viewerId` sees it. A hidden or removed comment keeps its place in its thread so
 * replies keep theirs, but only its author reads the reason, and the text only while it is hidden.
 * `seen` is what the viewer may open of the post's versions and where its files are in them
 * (comments.anchors.ts): the version it was written on and an anchor's say no more.
 */
export function toCommentView(
  row: CommentWithAuthor,
  isLiked: boolean,
  viewerId: string | null,
  seen: VersionsSeen = NOTHING_SEEN,
): CommentView {
  if (row.deleted_at) return placeholderView(row, seen)
  const own = row.user_id === viewerId
  const shown = row.moderation === null || (own && row.moderation === 'hidden')
  return {
    _id: row.id,
    postId: row.post_id,
    userId: row.user_id,
    username: row.username,
    display_name: row.nickname || row.username,
    avatar: row.avatar,
    content: shown ? row.content : '',
    createdAt: row.created_at.toISOString(),
    likes: row.likes_count,
    is_liked: isLiked,
    level: row.level,
    parentId: row.parent_id,
    rootId: row.root_id,
    replyCount: row.reply_count,
    ...editState(row),
    post_version: versionShown(row, seen),
    ...(row.moderation ? { moderation: moderationState(row, own) } : {}),
    ...anchorView(row, seen.places),
  }
}

/** The version a comment was written on, or null when the viewer may not open it. */
const versionShown = (row: CommentWithAuthor, seen: VersionsSeen) =>
  seen.withheld.has(row.post_version) ? null : row.post_version

/** A comment its author deleted while it had replies: its place in the thread, nothing of it or them. */
function placeholderView(row: CommentWithAuthor, seen: VersionsSeen): CommentView {
  return {
    _id: row.id,
    postId: row.post_id,
    userId: '',
    username: '',
    display_name: '',
    avatar: '',
    content: '',
    createdAt: row.created_at.toISOString(),
    likes: 0,
    is_liked: false,
    level: row.level,
    parentId: row.parent_id,
    rootId: row.root_id,
    replyCount: row.reply_count,
    revision: row.revision,
    edited_at: null,
    post_version: versionShown(row, seen),
    deleted: true,
    ...anchorView(row, seen.places),
  }
}

/** What deleting a comment did: `placeholder` when it had replies and stays, empty, for them. */
export interface CommentRemoval {
  deleted: number
  placeholder: boolean
}

/** What the comments service is made of, from the app's context. */
export type CommentsContext = Pick<AppContext, 'db' | 'events' | 'guard'>

/** `blobs`: where a time anchor's recording is read to learn its length (comments.facts.ts). */
export function commentsService(db: Db, events: EventBus, guard: ContributionGuard, blobs?: BlobStore) {
  const store = commentsStore(db)
  const likes = likesService(db, events, 'comment', 'comment_not_found')
  const editing = commentEditing(db, events, guard, async (viewerId, id) => {
    const row = await store.findCommentWithAuthor(id)
    if (!row) throw new NotFoundError('comment_not_found')
    const seen = await versionsSeenFor(db, row.post_id, [row], viewerId)
    return toCommentView(row, (await likes.likedAmong(viewerId, [id])).has(id), viewerId, seen)
  })

  return {
    /** Edits the text of a comment of the viewer's (comments.edit.ts). */
    edit: editing.edit,
    revisions: editing.revisions,

    /**
     * One page of a post's threads in display order (see PostCommentsResponse); with `anchorCid`,
     * only the threads anchored to that file.
     */
    async listForPost(
      postId: string,
      viewerId: string | null,
      page: { skip: number; limit: number; anchorCid?: string },
    ): Promise<CommentView[]> {
      await visibleOrGone(db, isId(postId) ? await store.findPost(postId) : undefined, postId, viewerId)
      const tops = await store.listTopLevel(postId, page.skip, page.limit, page.anchorCid)
      const replies = await store.listReplies(tops.map((top) => top.id))
      const ordered = threadOrder(tops, replies)
      const liked = viewerId
        ? await likes.likedAmong(
            viewerId,
            ordered.map((row) => row.id),
          )
        : new Set<string>()
      const seen = await versionsSeenFor(db, postId, ordered, viewerId)
      return ordered.map((row) => toCommentView(row, liked.has(row.id), viewerId, seen))
    },

    /**
     * A page of threads as every reader gets it made the viewer's (http/read-cache.ts):
     * the comments they like marked (one query for every reader of the event-loop turn); or null when a comment of theirs was
     * moderated (its author reads the reason, others do not), or when the page names versions and
     * the viewer may open some that others may not (the post's author, a moderator): then the page
     * is loaded for them.
     */
    async forViewer(
      shared: CommentView[],
      viewerId: string,
      kept: Kept,
    ): Promise<Personal<CommentView[]> | null> {
      if (shared.some((comment) => comment.moderation !== undefined && comment.userId === viewerId))
        return null
      const postId = shared[0]?.postId
      const namesEarlier = shared.some(
        (comment) => comment.post_version === null || (comment.anchor && !comment.anchor.current),
      )
      if (
        postId &&
        namesEarlier &&
        (await kept(`sees withheld versions ${viewerId} ${postId}`, () =>
          seesWithheldVersions(db, postId, viewerId),
        ))
      )
        return null
      const ids = shared.map((comment) => comment._id)
      // Which of the page's comments the viewer likes: only a write changes it (a like is one).
      const liked =
        ids.length === 0
          ? new Set<string>()
          : await kept(`liked comments ${viewerId} ${ids.join(' ')}`, () =>
              likes.likedAmongThisTurn(viewerId, ids),
            )
      // Viewers who like the same comments of the page read the same variant.
      return {
        variant: [...liked].sort().join(' '),
        make: () =>
          shared.map((comment) => (liked.has(comment._id) ? { ...comment, is_liked: true } : comment)),
      }
    },

    /**
     * The post's anchored comments as `viewerId` sees them, oldest first, leaving out what
     * moderators took away from them (for the post's CAR export).
     */
    async anchoredForPost(postId: string, viewerId: string | null): Promise<CommentView[]> {
      visibleOr404(isId(postId) ? await store.findPost(postId) : undefined, viewerId)
      const rows = await store.listAnchored(postId)
      const seen = await versionsSeenFor(db, postId, rows, viewerId)
      return rows
        .map((row) => toCommentView(row, false, viewerId, seen))
        .filter((view) => !view.moderation || view.content !== '')
    },

    /**
     * Adds a comment or a reply. The post row is locked first, so writes to one post's comments
     * take turns and the post's count and the parent's reply count stay exact. Answers the comment
     * and what writing it earned.
     */
    async create(viewerId: string, input: CreateCommentRequest): Promise<CreateCommentResponse> {
      const content = normalizeContent(input.content)
      if (input.anchor?.kind === 'time' && blobs && isId(input.postId)) {
        // Read outside the transaction: the post row is not held while a recording's header is read.
        const file = (await filesOfEveryVersion(db, input.postId)).find((f) => f.cid === input.anchor?.cid)
        if (file) await learnDuration(db, blobs, file)
      }
      return inTransaction(db, async (trx) => {
        const tx = commentsStore(trx)
        const post = visibleOr404(isId(input.postId) ? await tx.lockPost(input.postId) : undefined, viewerId)
        let parent = null
        if (input.parentId) {
          parent = isId(input.parentId) ? await tx.findComment(input.parentId) : undefined
          if (!parent) throw new NotFoundError('parent_not_found')
        }
        const place = placeComment(post.id, parent)
        await guard(trx, {
          kind: 'comment',
          authorId: viewerId,
          text: content,
          postAuthorId: post.user_id,
          parentAuthorId: parent?.user_id ?? null,
        })
        let anchor = {}
        let seen = NOTHING_SEEN
        if (input.anchor) {
          if (place.parentId)
            throw new BadRequestError('anchor_invalid', {
              detail: ANCHOR_ON_REPLY,
              errors: [{ field: 'anchor', message: ANCHOR_ON_REPLY }],
            })
          // Only into files of versions the writer may open: the others are unknown to them.
          const withheld = await withheldVersions(trx, post.id, viewerId)
          const files = await filesOfEveryVersion(trx, post.id, withheld)
          anchor = checkAnchor(input.anchor, files)
          seen = { withheld, places: placesOf(files) }
        }
        const id = uuidv7()
        const created = await tx.addComment({
          id,
          post_id: post.id,
          user_id: viewerId,
          parent_id: place.parentId,
          root_id: place.rootId,
          level: place.level,
          content,
          ...anchor,
        })
        const { reward = null } = await events.raise(trx, 'comment.written', [
          {
            commentId: id,
            postId: post.id,
            authorId: viewerId,
            parentId: place.parentId,
            postAuthorId: post.user_id,
          },
        ])
        return { ...toCommentView(created, false, viewerId, seen), reward }
      })
    },

    /** Likes or unlikes a comment (likes/: the same as a post's). */
    like: likes.like,

    /**
     * Deletes a comment of the viewer's. One with replies stays as an empty placeholder so the
     * replies keep their place; one without goes, and so do the placeholders above it that it was
     * the last reply of. The post's count is of comments that are there, placeholders not included.
     */
    async remove(viewerId: string, commentId: string): Promise<CommentRemoval> {
      const found = isId(commentId) ? await store.findComment(commentId) : undefined
      if (!found) throw new NotFoundError('comment_not_found')
      authorize(viewerOf(viewerId), 'comment.delete', found)

      return inTransaction(db, async (trx) => {
        const tx = commentsStore(trx)
        // Same lock order as create (post, then comment): a reply cannot slip in uncounted.
        await tx.lockPost(found.post_id)
        const comment = await tx.lockComment(commentId)
        if (!comment) throw new NotFoundError('comment_not_found')
        await events.raise(trx, 'comment.removed', [
          { commentId: comment.id, postId: comment.post_id, authorId: comment.user_id, removedBy: viewerId },
        ])
        await tx.addToPostCommentCount(comment.post_id, -1)
        if (comment.reply_count > 0) {
          await tx.leavePlaceholder(comment.id)
          return { deleted: 1, placeholder: true }
        }
        await tx.deleteComment(comment.id)
        let parentId = comment.parent_id
        while (parentId) {
          await tx.addToReplyCount(parentId, -1)
          const bare = await tx.lockBarePlaceholder(parentId)
          if (!bare) break
          await tx.deleteComment(bare.id)
          parentId = bare.parent_id
        }
        return { deleted: 1, placeholder: false }
      })
    },
  }
}
export type CommentsService = ReturnType<typeof commentsService>
