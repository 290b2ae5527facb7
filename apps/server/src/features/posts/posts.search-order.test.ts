import { POST_SORTS } from '@agora/contract'
import { describe, expect, it } from 'vitest'
import { dbMakeComments, dbMakePost, makeUser } from '../../../test/factories'
import { useTestApp } from '../../../test/harness'
import { type Cursor, parseSort } from '../../db/paging'
import { type Frequency, prefixQuery, searchSources } from '../search/index'
import { type PostSummaryRow, postsStore } from './posts.store'

// A search in an explicit order (Hot or Recent) walks the order's index and checks each post,
// unless the statistics say the words are rare: then every match is found through the GIN indexes
// of posts and comments and sorted (search.query.ts `fewMatches`). Both ways must answer the same
// pages.

const t = useTestApp()

const RARE: Record<'posts' | 'comments', Frequency> = {
  posts: { share: 0.001, listed: false, least: 0, rows: 100_000 },
  comments: { share: 0.001, listed: false, least: 0, rows: 500_000 },
}

describe('a search in an explicit order', () => {
  it('answers the same pages whether it walks the order or finds rare words through the indexes', async () => {
    const db = t.database.db
    const ada = await makeUser(t)
    const ids: string[] = []
    for (let i = 0; i < 30; i++) {
      ids.push(
        await dbMakePost(t, ada, {
          title: i % 10 === 3 ? `Omega point ${i}` : `Filler ${i}`,
          created_at: new Date(Date.parse('2026-05-01T00:00:00Z') + i * 60_000),
          // Hot differs from Recent: likes move some older posts up.
          likes_count: (i * 7) % 5 === 0 ? 40 : 0,
        }),
      )
    }
    const [byComment] = await dbMakeComments(t, ada, ids[5], ['A note about omega'])
    const [hidden] = await dbMakeComments(t, ada, ids[6], ['Omega again'])
    await db.updateTable('comments').set({ moderation: 'hidden' }).where('id', '=', hidden).execute()

    const store = postsStore(db)
    const q = prefixQuery(['omega'])
    const cursorOf = (row: PostSummaryRow): Cursor => ({
      id: row.id,
      createdAt: row.created_at,
      likes: row.likes_count,
      hot: row.hot_score,
      rank: null,
    })
    for (const sort of POST_SORTS) {
      const order = parseSort(sort)
      const page = async (frequencies: typeof RARE | undefined, cursor: Cursor | null, limit: number) =>
        (
          await store.listInOrder(
            { viewerId: null, mediaType: null, query: q, sources: searchSources, frequencies },
            order,
            cursor,
            limit,
          )
        ).map((row) => ({ row, id: row.id, matched: row.matched_comment_id }))
      const walked = await page(undefined, null, 10)
      const indexed = await page(RARE, null, 10)
      // The three posts that say it, and the one whose (visible) comment does.
      expect(new Set(walked.map((hit) => hit.id))).toEqual(new Set([ids[3], ids[13], ids[23], ids[5]]))
      expect(walked.find((hit) => hit.id === ids[5])?.matched).toBe(byComment)
      expect(indexed.map(({ id, matched }) => ({ id, matched }))).toEqual(
        walked.map(({ id, matched }) => ({ id, matched })),
      )
      // From a cursor, too.
      const after = cursorOf(walked[1].row)
      expect((await page(RARE, after, 10)).map((hit) => hit.id)).toEqual(walked.slice(2).map((hit) => hit.id))
      expect((await page(undefined, after, 10)).map((hit) => hit.id)).toEqual(
        walked.slice(2).map((hit) => hit.id),
      )
    }
  })
})
