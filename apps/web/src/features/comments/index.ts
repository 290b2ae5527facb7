/**
 * The comments of a post, for the post page: the section, the comment dialog, showing one comment, and
 * discussion anchored to the post's files (anchors.ts: what the PDF viewer and the media player use).
 */

export {
  ANY_RECORDING,
  type AnchoredCommentRequest,
  type AnchorFocus,
  focusAnchor,
  openAnchoredComment,
  reportPassagePlaces,
  useAnchoredComments,
  useAnchorFocus,
  useRecordingName,
  useRecordingNames,
  useRecordingOnPage,
} from './anchors'
export { type CommentDraft, CommentModal } from './CommentModal'
export { CommentsSection } from './CommentsSection'
export { formatTime } from './timestamps'
export { commentsQuery, firstCommentsData, useComments } from './useComments'
export { useShowComment } from './useShowComment'
