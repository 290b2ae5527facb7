/**
 * Liking a post or a comment (spec §4 "Likes"): the wanted state is sent, the counter and the heart
 * change at once, and the server's answer either confirms them or has them rolled back.
 */
import type { LikeResponse } from '@agora/contract'

type Likeable = { likes: number; is_liked: boolean }

/** `item` as it shows at once once the reader has liked (or unliked) it. */
export function withLike<T extends Likeable>(item: T, like: boolean): T {
  return { ...item, is_liked: like, likes: Math.max(0, item.likes + (like ? 1 : -1)) }
}

/** Whether the server did what was asked (otherwise the shown like is rolled back). */
export function likeTookEffect(answer: LikeResponse, like: boolean): boolean {
  return answer.action === (like ? 'liked' : 'unliked')
}

/** `item` with the server's count and state. */
export function withLikeAnswer<T extends Likeable>(item: T, answer: LikeResponse): T {
  return { ...item, likes: answer.likes, is_liked: answer.is_liked }
}
