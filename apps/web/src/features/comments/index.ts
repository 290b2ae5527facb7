/** The comments of a post, for the post page: the section, the comment dialog, and showing one comment. */
export { type CommentDraft, CommentModal } from './CommentModal'
export { CommentsSection } from './CommentsSection'
export { firstCommentsData, useComments } from './useComments'
export { useShowComment } from './useShowComment'
