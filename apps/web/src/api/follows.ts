/** Following authors and tags, and saving posts. Screens use their features' hooks. */
import type {
  BookmarkResponse,
  FollowKind,
  FollowResponse,
  MyFollowsResponse,
  PostPageResponse,
} from '@agora/contract'
import { call } from './client'
import type { PageParams } from './profiles'

/** POST (follow) or DELETE (unfollow) /follows. */
export function setFollow(kind: FollowKind, target: string, follow: boolean): Promise<FollowResponse> {
  const json = { kind, target }
  return call(follow ? 'POST /follows' : 'DELETE /follows', { json })
}

/** GET /auth/me/follows: the authors and tags one follows. */
export function getMyFollows(signal?: AbortSignal): Promise<MyFollowsResponse> {
  return call('GET /auth/me/follows', { signal })
}

/** POST /media/{id}/bookmark: saves or unsaves a post. */
export function setSaved(postId: string, save: boolean): Promise<BookmarkResponse> {
  return call('POST /media/:id/bookmark', {
    params: { id: postId },
    json: { action: save ? 'save' : 'unsave' },
  })
}

/** GET /auth/me/bookmarks: one's saved posts, newest saved first (skip/limit pages). */
export function getMyBookmarks(page: PageParams, signal?: AbortSignal): Promise<PostPageResponse> {
  return call('GET /auth/me/bookmarks', { signal, query: { ...page } })
}
