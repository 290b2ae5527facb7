import type { PostListItem, PostListResponse } from '@agora/contract'
import { describe, expect, it } from 'vitest'
import { uniquePosts } from './useForumPosts'

const post = (id: string) => ({ id, _id: id, title: `Post ${id}` }) as PostListItem
const page = (...ids: string[]): PostListResponse => ({
  items: ids.map(post),
  has_next: true,
  next_cursor: null,
})

describe('uniquePosts', () => {
  it('keeps the order of the pages and drops a post seen on an earlier page', () => {
    const posts = uniquePosts([page('a', 'b', 'c'), page('c', 'd'), page('b', 'e')])
    expect(posts.map((item) => item.id)).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it('gives nothing for no pages', () => {
    expect(uniquePosts([])).toEqual([])
  })
})
