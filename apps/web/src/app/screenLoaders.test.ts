import type { CommentView, PostDetailResponse, PostListResponse, StatsResponse } from '@agora/contract'
import type { LoaderFunctionArgs } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { COMMENTS_PAGE_SIZE } from '../api/comments'
import { EARLY_WAIT_MS } from '../api/early'
import { commentKeys, postKeys, statsKey } from '../api/queryKeys'
import { configureSession } from '../api/session'
import type { CommentsData } from '../features/comments/threads'
import { loader as forumLoader } from '../features/forum/ForumListPage'
import { NO_FILTERS } from '../features/forum/forumFilters'
import { loader as postLoader } from '../features/post/PostDetailPage'
import { browserSession } from './authState'
import { lazyScreen } from './lazyScreen'
import { queryClient } from './queryClient'

// The loaders of the screens the server may draw: on the visit's first page they put what
// public/route-prefetch.js asked for into the cache before the screen's first render (so that render,
// sliced, draws the content), and on any later visit they pass at once and ask nothing.

configureSession(browserSession)
const post = { id: 'p1', title: 'Early', comments: 1 } as unknown as PostDetailResponse
const comment = { id: 'c1', level: 1, content: 'First' } as unknown as CommentView
const list: PostListResponse = { items: [], has_next: false, next_cursor: null }
const stats = { members: 3, posts: 5, comments: 8, tokens_earned: 13 } as unknown as StatsResponse
const args = (params: Record<string, string>) => ({ params }) as unknown as LoaderFunctionArgs
const fetched = vi.fn()

/** The answers route-prefetch.js left on `window`, as an anonymous visitor's. */
function askedEarly(answers: Record<string, unknown>) {
  const early = Object.fromEntries(
    Object.entries(answers).map(([path, body]) => [path, Promise.resolve(body)]),
  )
  vi.stubGlobal('window', { __agoraEarly: early, __agoraEarlyAs: null })
  return early
}

beforeEach(() => {
  queryClient.clear()
  vi.stubGlobal('fetch', fetched)
})
afterEach(() => {
  vi.unstubAllGlobals()
  fetched.mockReset()
})

describe('the post screen’s loader', () => {
  it('puts the post and its first comments into the cache, taking both early answers', async () => {
    const early = askedEarly({
      '/media/p1': post,
      [`/comments/post/p1?skip=0&limit=${COMMENTS_PAGE_SIZE}`]: [comment],
    })
    expect(await postLoader(args({ id: 'p1' }))).toBeNull()
    expect(queryClient.getQueryData(postKeys.detail('p1'))).toEqual(post)
    const comments = queryClient.getQueryData<CommentsData>(commentKeys.post('p1'))
    expect(comments?.pages).toEqual([{ items: [comment], hasMore: false }])
    expect(early).toEqual({})
    expect(fetched).not.toHaveBeenCalled()
  })

  it('lets the screen render without an early answer that hangs, after EARLY_WAIT_MS', async () => {
    vi.useFakeTimers()
    try {
      vi.stubGlobal('window', { __agoraEarly: { '/media/p1': new Promise(() => {}) }, __agoraEarlyAs: null })
      let done = false
      const waiting = postLoader(args({ id: 'p1' }))?.then(() => {
        done = true
      })
      await vi.advanceTimersByTimeAsync(EARLY_WAIT_MS - 1)
      expect(done).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      await waiting
      expect(done).toBe(true)
      expect(queryClient.getQueryState(postKeys.detail('p1'))?.status).toBe('pending')
    } finally {
      vi.useRealTimers()
    }
  })

  it('passes at once on a later visit, asking nothing', () => {
    askedEarly({})
    expect(postLoader(args({ id: 'p2' }))).toBeNull()
    expect(queryClient.getQueryState(postKeys.detail('p2'))).toBeUndefined()
    expect(fetched).not.toHaveBeenCalled()
  })
})

describe('the forum screen’s loader', () => {
  it('puts the first page and the figures into the cache under the keys the screen reads', async () => {
    const early = askedEarly({ '/media/list?limit=12': list, '/stats': stats })
    expect(await forumLoader()).toBeNull()
    const key = postKeys.list('', null, undefined, NO_FILTERS)
    expect(queryClient.getQueryData(key)).toEqual({ pages: [list], pageParams: [null] })
    expect(queryClient.getQueryData(statsKey)).toEqual(stats)
    expect(early).toEqual({})
    expect(fetched).not.toHaveBeenCalled()
  })

  it('passes at once on a later visit, asking nothing', () => {
    askedEarly({})
    expect(forumLoader()).toBeNull()
    expect(queryClient.getQueryCache().getAll()).toEqual([])
    expect(fetched).not.toHaveBeenCalled()
  })
})

const Screen = () => null

describe('lazyScreen', () => {
  it('hands the router a screen module’s loader, and none where the module has none', async () => {
    const loader = () => null
    expect(await lazyScreen(async () => ({ Screen, loader }), 'Screen')()).toEqual({
      Component: Screen,
      loader,
    })
    expect(await lazyScreen(async () => ({ Screen }), 'Screen')()).toEqual({ Component: Screen })
  })
})
