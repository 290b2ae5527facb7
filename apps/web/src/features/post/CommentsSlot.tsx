import { CommentsSection } from '../comments'

export interface CommentsSlotProps {
  postId: string
  /** The post's comment count, from the post itself. */
  count: number
  /** The post's current version of its files: comments written on an earlier one say which. */
  version: number
}

/**
 * The comments section of the post page (spec §2). It keeps `id="comments"`: the counter above links to
 * it and `#{commentId}` links from search results land inside it.
 */
export function CommentsSlot({ postId, count, version }: CommentsSlotProps) {
  return <CommentsSection postId={postId} count={count} version={version} />
}
