import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { dbMakeComments, dbMakePost, makeUser } from '../../../test/factories'
import { useTestApp } from '../../../test/harness'
import { commentSearchSource } from './search.comments'
import type { Frequency } from './search.frequency'
import { DEEP_MARGIN, type SearchTable, type WindowStarts, walkIsCheaper } from './search.newest'
import { postSearchSource } from './search.posts'
import { prefixQuery, type SearchSource } from './search.query'
import { widerWindows } from './search.windows'

const t = useTestApp()

/**
 * The windows of a search with a first window of 5 rows: `hits(…, { window: 5 })` scales the wider
 * window as the table's own (posts 4×, comments 20×), and these tables say where it and the deeper
 * ones start.
 */
const POSTS_OF_5: SearchTable = {
  table: 'posts',
  keys: 'id, created_at',
  newestFirst: 'created_at desc, id desc',
  window: 5,
  wider: 20,
  deeper: [45, 55],
  walkCost: postSearchSource.searchTable.walkCost,
  windowColumn: 'created_at',
  windowType: 'timestamptz',
}
const COMMENTS_OF_5: SearchTable = {
  ...POSTS_OF_5,
  table: 'comments',
  newestFirst: 'id desc',
  wider: 100,
  deeper: [230, 250],
  walkCost: commentSearchSource.searchTable.walkCost,
  windowColumn: 'id',
  windowType: 'uuid',
}

/**
 * The rows the statistics are said to count: enough for a common word's wider window to be walked
 * (0.3 and more, `walkCost`) rather than read from its start (0.1), in both tables.
 */
const ROWS = 800

/** A word in `share` of a table of ROWS rows, by the statistics: surely so where it is listed. */
const inShare = (share: number, listed = true): Frequency => ({
  share,
  listed,
  least: listed ? share : 0,
  rows: ROWS,
})

/** The share of a word that the deeper window of `rows` rows is the first to be read for (5 candidates). */
const firstReadAt = (rows: number): Frequency => inShare((DEEP_MARGIN * 5) / rows)

/**
 * Every way `newestMatches` may be asked, in posts (rare below 0.25) and comments (below 0.05): no
 * statistics, listed and common (walked, or read from the wider window's start), unlisted, rare;
 * rare and listed, read from each deeper window first.
 */
const FREQUENCIES: (Frequency | null)[] = [
  null,
  inShare(0.5),
  inShare(0.3),
  inShare(0.3, false),
  inShare(0.1),
  inShare(0.1, false),
  // Said to be in 0.3 of the rows, surely in 0.1 only (a word and its stem, counted twice).
  { ...inShare(0.3), least: 0.1 },
  ...POSTS_OF_5.deeper.map(firstReadAt),
  ...COMMENTS_OF_5.deeper.map(firstReadAt),
  inShare(0.01),
]

/** The candidates of `source` for `term` (5 at most, first window 5), in the order found. */
async function hits(
  source: SearchSource,
  term: string,
  frequency: Frequency | null,
  starts: WindowStarts | null,
) {
  const query = source.hits(prefixQuery([term]), 5, { window: 5, frequency, starts })
  // The wider window (every case but a rare word's) is read from where it starts, and a rare word
  // listed in the statistics from the first deeper window that should hold it twice over.
  const parameters = query.compile(t.database.db).parameters
  const table = source.table === 'posts' ? POSTS_OF_5 : COMMENTS_OF_5
  const rare = frequency !== null && frequency.share < 5 / table.wider
  // A listed word common enough is walked for (`walkCost`), so the window's start is not asked.
  const walking = frequency?.listed === true && !rare && walkIsCheaper(table, frequency, 5)
  if (starts?.wider && !rare) {
    if (walking) expect(parameters).not.toContain(starts.wider)
    else expect(parameters).toContain(starts.wider)
  }
  const deep = starts?.deeper.find((start) => frequency && start.rows * frequency.share >= DEEP_MARGIN * 5)
  if (rare && frequency.listed && deep) expect(parameters).toContain(deep.from)
  const { rows } = await sql<{
    post_id: string
    rank: number
    matched_comment_id: string | null
  }>`${query}`.execute(t.database.db)
  return rows.map((row) => `${row.post_id} ${row.matched_comment_id} ${row.rank}`).sort()
}

/** Where the windows of `table` start, looked up as a search does. */
async function startOf(source: SearchSource, table: SearchTable) {
  const windows = widerWindows(t.database.db, [{ ...source, searchTable: table }])
  return (await windows.of())[table.table]
}

/** Each term's candidates, however common it is said to be, the same read from `start` as walked. */
async function expectSameAsWalking(source: SearchSource, terms: string[], start: WindowStarts | null) {
  for (const term of terms) {
    for (const frequency of FREQUENCIES) {
      const walked = await hits(source, term, frequency, null)
      expect(await hits(source, term, frequency, start), `${term} ${JSON.stringify(frequency)}`).toEqual(
        walked,
      )
    }
  }
}

/** The ids of `table`'s rows from `start` on (a window's). */
async function idsSince(table: 'posts' | 'comments', start: string | undefined) {
  const column = table === 'posts' ? sql`created_at >= ${start}::timestamptz` : sql`id >= ${start}::uuid`
  const { rows } = await sql<{ id: string }>`select id from ${sql.table(table)} where ${column}`.execute(
    t.database.db,
  )
  return rows.map((row) => row.id).sort()
}

describe('the windows read through the indexes from where they start', () => {
  it('finds the same candidates in posts as walking the window', async () => {
    const ada = await makeUser(t)
    expect(await startOf(postSearchSource, POSTS_OF_5)).toEqual({ wider: null, deeper: [] })
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
    // The 20th, 45th and 55th newest posts' times, kept to the microsecond.
    expect(await idsSince('posts', start?.wider ?? undefined)).toEqual(ids.slice(-20).sort())
    expect(start?.deeper.map((deeper) => deeper.rows)).toEqual([45, 55])
    for (const deeper of start?.deeper ?? []) {
      expect(await idsSince('posts', deeper.from)).toEqual(ids.slice(-deeper.rows).sort())
    }

    await expectSameAsWalking(postSearchSource, ['alpha', 'alpine', 'delta', 'omega', 'nothing'], start)
    // The windows were looked in, not the whole table: 'delta' is in 2 of the 20 newest only, which
    // a common word's windows take as its candidates.
    expect(await hits(postSearchSource, 'delta', inShare(0.5), start)).toHaveLength(2)
    // A deeper window is only where the search looks first: 'delta' is in 6 of the 45 newest and
    // 'omega' in none, which the index then answers; a window the table does not hold is not asked.
    expect(await hits(postSearchSource, 'omega', firstReadAt(45), start)).toHaveLength(2)
    expect(await hits(postSearchSource, 'delta', firstReadAt(45), { wider: null, deeper: [] })).toEqual(
      await hits(postSearchSource, 'delta', firstReadAt(45), start),
    )
  })

  it('finds the same candidates in comments as walking the window', async () => {
    const ada = await makeUser(t)
    const post = await dbMakePost(t, ada, { title: 'A post to comment on' })
    // 260 comments, oldest first: 'kappa' in every tenth, 'lambda' in the three oldest, 'mu' in
    // every one, 'nu' in two of the newest twenty (so in 2 of the newest 230 and 6 of the 250) and
    // every fifth of the oldest thirty.
    const contents = Array.from({ length: 260 }, (_, i) =>
      [
        'mu',
        i % 10 === 0 ? 'kappa' : 'filler',
        i < 3 ? 'lambda' : '',
        (i >= 240 && i % 9 === 0) || (i < 30 && i % 5 === 0) ? 'nu' : '',
      ]
        .join(' ')
        .trim(),
    )
    const commentIds = await dbMakeComments(t, ada, post, contents)
    const start = await startOf(commentSearchSource, COMMENTS_OF_5)
    expect(start).toEqual({
      wider: commentIds[260 - 100],
      deeper: [
        { rows: 230, from: commentIds[260 - 230] },
        { rows: 250, from: commentIds[260 - 250] },
      ],
    })

    await expectSameAsWalking(commentSearchSource, ['mu', 'kappa', 'lambda', 'nu', 'nothing'], start)
    expect(await hits(commentSearchSource, 'kappa', inShare(0.1), start)).toHaveLength(5)
    // Both ways of a listed word too rare for the first window are taken: walked where it is
    // surely common enough in a table this size, read from the window's start where it is not.
    for (const table of [POSTS_OF_5, COMMENTS_OF_5]) {
      expect(walkIsCheaper(table, inShare(0.3), 5)).toBe(true)
      expect(walkIsCheaper(table, inShare(0.1), 5)).toBe(false)
      expect(walkIsCheaper(table, { ...inShare(0.3), least: 0.1 }, 5)).toBe(false)
    }
  })
})
