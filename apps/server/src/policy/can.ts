import { ForbiddenError, NotFoundError } from '../http/errors'
import { canReadComment, canSee, canSeeHistory, type PostAccess, type Reader } from './visibility'

/** Who asks: a signed-in reader (with whether they moderate), or null for a visitor. */
export type Viewer = Reader | null

/** What a viewer may ask to do with a post. */
export type PostAction =
  | 'post.read'
  | 'post.read_history'
  | 'post.edit'
  | 'post.delete'
  | 'post.rerun_analysis'
  | 'post.add_version'
  | 'post.review'

/** What a viewer may ask to do with a comment. */
export type CommentAction = 'comment.read_text' | 'comment.edit' | 'comment.delete'

/** What a viewer may ask to do with a review. */
export type ReviewAction = 'review.edit' | 'review.withdraw' | 'review.respond' | 'review.mark_helpful'

export type Action = PostAction | CommentAction

/** The part of a review its rules read: who wrote it, and who wrote the work it judges. */
export interface ReviewAccess {
  reviewer_id: string
  post_author_id: string
}

/**
 * Whether `viewer` may do `action` with a review (of a post they may see): edit or withdraw it, its
 * reviewer alone; answer it, the work's author alone; find it helpful, anyone but its reviewer.
 */
export function canWithReview(viewer: Viewer, action: ReviewAction, review: ReviewAccess): boolean {
  if (viewer === null) return false
  if (action === 'review.edit' || action === 'review.withdraw') return review.reviewer_id === viewer.userId
  if (action === 'review.respond') return review.post_author_id === viewer.userId
  return review.reviewer_id !== viewer.userId
}

/** The part of a comment its rules read. */
export interface CommentAccess {
  user_id: string
  moderation: string | null
}

/** Why an author-only action is refused to anyone else who may see the subject (the 403's detail). */
export const ONLY_AUTHOR: Record<
  Exclude<Action, 'post.read' | 'post.read_history' | 'post.review' | 'comment.read_text'>,
  string
> = {
  'post.edit': 'Only the post author can edit this post',
  'post.delete': 'Only the post author can delete this post',
  'post.rerun_analysis': 'Only the post author can re-run its analysis',
  'post.add_version': 'Only the post author can publish a new version',
  'comment.edit': 'Only the author of a comment can edit it',
  'comment.delete': 'Only the author of a comment can delete it',
}

/** The viewer of a signed-in id, or a visitor. */
export function viewerOf(userId: string | null | undefined, moderator = false): Viewer {
  return userId ? { userId, moderator } : null
}

/**
 * Whether `viewer` may do `action` with `subject`: the one answer every route, job and store asks.
 * Reading follows visibility.ts; changing a post or a comment is its author's alone.
 */
export function can(viewer: Viewer, action: PostAction, subject: PostAccess): boolean
export function can(viewer: Viewer, action: CommentAction, subject: CommentAccess): boolean
export function can(viewer: Viewer, action: Action, subject: PostAccess | CommentAccess): boolean {
  switch (action) {
    case 'post.read':
      return canSee(subject as PostAccess, viewer?.userId ?? null)
    case 'post.read_history':
      return canSeeHistory(subject as PostAccess, viewer)
    case 'comment.read_text':
      return canReadComment(subject as CommentAccess, viewer)
    // Someone else's public work: an author does not judge their own.
    case 'post.review':
      return viewer !== null && subject.user_id !== viewer.userId && canSee(subject as PostAccess, null)
    default:
      return viewer !== null && subject.user_id === viewer.userId
  }
}

/**
 * `can`, as the refusal a route answers, returning the subject: a post that is missing or that the
 * viewer may not see is a 404 (it does not exist for them), an author-only action on one they see
 * a 403 `not_author`; a missing comment or one whose text they may not read, a 404.
 */
export function authorize<P extends PostAccess>(
  viewer: Viewer,
  action: PostAction,
  post: P | null | undefined,
): P
export function authorize<C extends CommentAccess>(
  viewer: Viewer,
  action: CommentAction,
  comment: C | null | undefined,
): C
export function authorize(
  viewer: Viewer,
  action: Action,
  subject: PostAccess | CommentAccess | null | undefined,
): PostAccess | CommentAccess {
  const isPost = action.startsWith('post.')
  if (!subject) throw new NotFoundError(isPost ? 'post_not_found' : 'comment_not_found')
  // Moderators read the history of a post they cannot see (hidden or removed): it answers for itself.
  const readFirst = isPost && action !== 'post.read_history'
  if (readFirst && !can(viewer, 'post.read', subject as PostAccess)) throw new NotFoundError('post_not_found')
  if (
    isPost
      ? can(viewer, action as PostAction, subject as PostAccess)
      : can(viewer, action as CommentAction, subject)
  )
    return subject
  if (action === 'post.read' || action === 'post.read_history') throw new NotFoundError('post_not_found')
  if (action === 'comment.read_text') throw new NotFoundError('comment_not_found')
  if (action === 'post.review')
    throw new ForbiddenError(
      viewer && subject.user_id === viewer.userId ? 'review_own_work' : 'review_not_public',
    )
  throw new ForbiddenError('not_author', { detail: ONLY_AUTHOR[action] })
}
