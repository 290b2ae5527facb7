/**
 * Blocks and review requests. Screens use the hooks in app/useBlocks.ts and their
 * features, not these directly.
 *
 *   await blockUser(userId)            // { blocked: true }
 *   const { items } = await getMyBlocks(signal)
 *   await requestReview('comments', commentId)
 */
import type { BlockResponse, BlocksResponse, ModerationState } from '@agora/contract'
import { call } from './client'

/** POST /users/{id}/block: they can no longer reply to one's comments, comment on one's posts or mention one. */
export function blockUser(userId: string): Promise<BlockResponse> {
  return call('POST /users/:id/block', { params: { id: userId } })
}

/** DELETE /users/{id}/block. */
export function unblockUser(userId: string): Promise<BlockResponse> {
  return call('DELETE /users/:id/block', { params: { id: userId } })
}

/** GET /auth/me/blocks: whom one blocked, newest first. */
export function getMyBlocks(signal?: AbortSignal): Promise<BlocksResponse> {
  return call('GET /auth/me/blocks', { signal })
}

/** POST /mod/{posts|comments}/{id}/review: the author of a hidden or removed thing asks for another look. */
export function requestReview(
  target: 'posts' | 'comments',
  id: string,
  note?: string,
): Promise<ModerationState> {
  return call('POST /mod/:kind/:id/review', { params: { kind: target, id }, json: note ? { note } : {} })
}
