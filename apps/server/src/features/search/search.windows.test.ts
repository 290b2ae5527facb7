import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { dbMakeComments, dbMakePost, makeUser } from '../../../test/factories'
import { useTestApp } from '../../../test/harness'
import { commentSearchSource } from './search.comments'
import type { Frequency } from './search.frequency'
import { postSearchSource } from './search.posts'
import { prefixQuery, type SearchSource, type SearchTable } from './search.query'
import { widerWindows } from './search.windows'

const t = useTestApp()

/**
 * The windows of a search with a first window of 5 rows: `hits(…, { window: 5 })` scales the wider
 * window as the table's own (posts 4×, comments 20×), and these tables say where it starts.
 */
const POSTS_OF_5: SearchTable = {
  table: 'posts',
  keys: 'id, created_at',
  newestFirst: 'created_at desc, id desc',
  window: 5,
  wider: 20,
  windowColumn: 'created_at',
  windowType: 'timestamptz',
}
const COMMENTS_OF_5: SearchTable = {
  ...POSTS_OF_5,
  table: 'comments',
  newestFirst: 'id desc',
  wider: 100,
  windowColumn: 'id',
  windowType: 'uuid',
}

/** Every way `newestMatches` may be asked, in posts (rare below 0.25) and comments (below 0.05): no statistics, listed and common, unlisted, rare. */
const FREQUENCIES: (Frequency | null)[] = [
  null,
  { share: 0.5, listed: true },
  { share: 0.3, listed: true },
  { share: 0.3, listed: false },
  { share: 0.1, listed: true },
  { share: 0.1, listed: false },
  { share: 0.01, listed: true },
]

/** The candidates of `source` for `term` (5 at most, first window 5), in the order found. */
async function hits(
  source: SearchSource,
  term: string,
  frequency: Frequency | null,
  widerFrom: string | null,
) {
  const query = source.hits(prefixQuery([term]), 5, { window: 5, frequency, widerFrom })
  // The wider window (every case but a rare word's) is read from where it starts.
  const wider = source.table === 'posts' ? POSTS_OF_5.wider : COMMENTS_OF_5.wider
  const rare = frequency !== null && frequency.share < 5 / wider
  if (widerFrom !== null && !rare) expect(query.compile(t.database.db).parameters).toContain(widerFrom)
  const { rows } = await sql<{
    post_id: string
    rank: number
    matched_comment_id: string | null
  }>`${query}`.execute(t.database.db)
  return rows.map((row) => `${row.post_id} ${row.matched_comment_id} ${row.rank}`).sort()
}

/** Where the wider window of `table` starts, looked up as a search does. */
async function startOf(source: SearchSource, table: SearchTable) {
  const windows = widerWindows(t.database.db, [{ ...source, searchTable: table }])
  return (await windows.of())[table.table]
}

/** Each term's candidates, however common it is said to be, the same read from `start` as walked. */
async function expectSameAsWalking(source: SearchSource, terms: string[], start: string | null) {
  for (const term of terms) {
    for (const frequency of FREQUENCIES) {
      const walked = await hits(source, term, frequency, null)
      expect(await hits(source, term, frequency, start), `${term} ${JSON.stringify(frequency)}`).toEqual(
        walked,
      )
    }
  }
}

describe('the wider window read through the indexes from where it starts', () => {
  it('finds the same candidates in posts as walking the window', async () => {
    const ada = await makeUser(t)
    expect(await startOf(postSearchSource, POSTS_OF_5)).toBeNull()
    // 60 posts, oldest first: 'alpha' in every one, 'alpine' in every fourth, 'delta' in two of
    // the newest ten and every fourth of the oldest thirty, 'omega' in the two oldest.
    const ids: string[] = []
    for (let i = 0; i < 60; i++) {
      const words = [
        'alpha',
        i % 4 === 0 ? 'alpine' : 'filler',
        (i >= 52 && i % 3 === 0) || (i < 30 && i % 4 === 0) ? 'delta' : '',
        i < 2 ? 'omega' : '',
      ]
      ids.push(
        await dbMakePost(t, ada, {
          title: words.join(' ').trim(),
          created_at: new Date(Date.parse('2026-04-01T00:00:00Z') + i * 1000),
        }),
      )
    }
    const start = await startOf(postSearchSource, POSTS_OF_5)
    // The 20th newest post's time, kept to the microsecond.
    const { rows } = await sql<{
      id: string
    }>`select id from posts where created_at >= ${start}::timestamptz`.execute(t.database.db)
    expect(rows.map((row) => row.id).sort()).toEqual(ids.slice(-20).sort())

    await expectSameAsWalking(postSearchSource, ['alpha', 'alpine', 'delta', 'omega', 'nothing'], start)
    // The windows were looked in, not the whole table: 'delta' is in 2 of the 20 newest only, which
    // a common word's windows take as its candidates.
    expect(await hits(postSearchSource, 'delta', { share: 0.5, listed: true }, start)).toHaveLength(2)
  })

  it('finds the same candidates in comments as walking the window', async () => {
    const ada = await makeUser(t)
    const post = await dbMakePost(t, ada, { title: 'A post to comment on' })
    // 130 comments, oldest first: 'kappa' in every tenth, 'lambda' in the three oldest, 'mu' in
    // every one, 'nu' in two of the newest twenty and every fifth of the oldest thirty.
    const contents = Array.from({ length: 130 }, (_, i) =>
      [
        'mu',
        i % 10 === 0 ? 'kappa' : 'filler',
        i < 3 ? 'lambda' : '',
        (i >= 110 && i % 9 === 0) || (i < 30 && i % 5 === 0) ? 'nu' : '',
      ]
        .join(' ')
        .trim(),
    )
    const commentIds = await dbMakeComments(t, ada, post, contents)
    const start = await startOf(commentSearchSource, COMMENTS_OF_5)
    expect(start).toBe(commentIds[130 - 100])

    await expectSameAsWalking(commentSearchSource, ['mu', 'kappa', 'lambda', 'nu', 'nothing'], start)
    expect(await hits(commentSearchSource, 'kappa', { share: 0.1, listed: true }, start)).toHaveLength(5)
  })
})
