import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { dbMakePost, makeUser } from '../../../test/factories'
import { useTestApp } from '../../../test/harness'
import { wordFrequencies } from './search.frequency'
import { postSearchSource } from './search.posts'
import { prefixQuery } from './search.query'

const t = useTestApp()

/** 40 posts, oldest first: 'alpha' in every one, 'alpine' in every fourth, 'omega' in the two oldest. */
async function forum() {
  const ada = await makeUser(t)
  const ids: string[] = []
  for (let i = 0; i < 40; i++) {
    const words = ['alpha', i % 4 === 0 ? 'alpine' : 'filler', i < 2 ? 'omega' : '']
    ids.push(
      await dbMakePost(t, ada, {
        title: words.join(' ').trim(),
        created_at: new Date(Date.parse('2026-04-01T00:00:00Z') + i * 1000),
      }),
    )
  }
  return ids
}

describe('how common search words are, by the statistics', () => {
  it('knows nothing before ANALYZE, then the share of rows that may hold a word typed, as a prefix or from its stem', async () => {
    await forum()
    expect(await wordFrequencies(t.database.db).of('posts', ['alpha'])).toBeNull()

    await sql`analyze posts`.execute(t.database.db)
    const frequencies = wordFrequencies(t.database.db)
    const share = async (...terms: string[]) => (await frequencies.of('posts', terms))?.share
    expect(await share('alpha')).toBeCloseTo(1, 1)
    // Its stem 'alpin' is in the same posts: not counted again.
    expect(await share('alpine')).toBeCloseTo(0.25, 1)
    // A prefix holds every word it begins (and their stems), added up: at most every row.
    expect(await share('alp')).toBe(1)
    // 'alphas' is stemmed to 'alpha' by the query: the lexeme it starts with counts.
    expect(await share('alphas')).toBeCloseTo(1, 1)
    // Every word must match: the least common one bounds them.
    expect(await share('alpha', 'alpine')).toBeCloseTo(0.25, 1)
    // A word below every common lexeme gets the least common one's share, at most.
    const rare = await share('zebra')
    expect(rare).toBeGreaterThan(0)
    expect(rare).toBeLessThanOrEqual(0.25)
    expect((await frequencies.of('posts', ['alpine']))?.rows).toBeCloseTo(10, 0)
  })

  it('takes a rare word from the index at once and a very common one from the windows only', async () => {
    const ids = await forum()
    const hits = async (term: string, share: number, rows: number) => {
      const query = postSearchSource.hits(prefixQuery([term]), 5, { window: 5, frequency: { share, rows } })
      const { rows: found } = await sql<{ post_id: string }>`${query}`.execute(t.database.db)
      return found.map((row) => row.post_id).sort()
    }
    // Rare by the statistics: the two oldest, however far from the windows they are.
    expect(await hits('omega', 0.01, 2)).toEqual(ids.slice(0, 2).sort())
    // Said to be common (more rows than the index is read for): only the windows (the 5 and the
    // 20 newest) are looked in, and neither holds 'omega', so it has no candidates.
    expect(await hits('omega', 0.5, 1_000_000)).toEqual([])
    // A common word fills from the windows all the same: the five newest.
    expect(await hits('alpha', 0.5, 1_000_000)).toEqual(ids.slice(-5).sort())
    expect(await hits('alpine', 0.5, 1_000_000)).toEqual(
      ids
        .filter((_, i) => i % 4 === 0)
        .slice(-5)
        .sort(),
    )
  })
})
