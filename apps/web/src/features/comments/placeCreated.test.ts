import type { CommentView } from '@agora/contract'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { commentKeys } from '../../api/queryKeys'
import { placeCreated } from './placeCreated'
import type { CommentsData, CommentsPage } from './threads'

const topLevel = (id: string) =>
  ({ _id: id, level: 1, parentId: null, rootId: null, replyCount: 0 }) as unknown as CommentView
const key = commentKeys.post('p')
const listed = (client: QueryClient) =>
  client.getQueryData<CommentsData>(key)?.pages.flatMap((page) => page.items.map((item) => item._id))

describe('placeCreated', () => {
  it('keeps the comment just written when a load of the list asked before it answers after it', async () => {
    const client = new QueryClient()
    // Shown a while ago (the page's first comments, say): stale.
    client.setQueryData(
      key,
      { pages: [{ items: [topLevel('a')], hasMore: false }], pageParams: [0] },
      { updatedAt: Date.now() - 60_000 },
    )
    // The list loads again (a refetch on focus, say) and its answer, read before the comment was
    // written, arrives only after the comment is placed.
    let answer: (page: CommentsPage) => void = () => {}
    const loading = client
      .fetchInfiniteQuery({
        queryKey: key,
        queryFn: () => new Promise<CommentsPage>((resolve) => (answer = resolve)),
        initialPageParam: 0,
      })
      .catch(() => null)
    await placeCreated(client, 'p', topLevel('b'))
    answer({ items: [topLevel('a')], hasMore: false })
    await loading
    expect(listed(client)).toEqual(['b', 'a'])
  })

  it('places it at the head of the list when nothing is loading', async () => {
    const client = new QueryClient()
    client.setQueryData(key, { pages: [{ items: [topLevel('a')], hasMore: false }], pageParams: [0] })
    await placeCreated(client, 'p', topLevel('b'))
    expect(listed(client)).toEqual(['b', 'a'])
  })
})
