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
    expect(await wordFrequencies(t.database.db).of(['alpha'])).toEqual({ posts: null, comments: null })

    await sql`analyze posts`.execute(t.database.db)
    const frequencies = wordFrequencies(t.database.db)
    const share = async (...terms: string[]) => (await frequencies.of(terms)).posts?.share
    expect(await share('alpha')).toBeCloseTo(1, 1)
    // With the table's rows by the same statistics: the 40 posts, the test database's only ones.
    expect((await frequencies.of(['alpha'])).posts?.rows).toBe(40)
    // In a quarter of the posts; its stem 'alpin' is in the same ones and counted too: a bound.
    expect(await share('alpine')).toBeGreaterThanOrEqual(0.2)
    expect(await share('alpine')).toBeLessThanOrEqual(0.55)
    // Surely in a quarter: its most common form's share, whichever of the two that is.
    const least = async (...terms: string[]) => (await frequencies.of(terms)).posts?.least
    expect(await least('alpine')).toBeCloseTo(0.25, 1)
    expect(await least('alp')).toBeCloseTo(1, 1)
    // Several words may share no row, and a word not listed may be in none: nothing is sure.
    expect(await least('alpha', 'alpine')).toBe(0)
    expect(await least('zebra')).toBe(0)
    // A prefix holds every word it begins (and their stems), added up: at most every row.
    expect(await share('alp')).toBe(1)
    // 'alphas' is stemmed to 'alpha' by the query: the lexemes that begin with the stem count.
    expect(await share('alphas')).toBeCloseTo(1, 1)
    // Stop words have no stem: only the word as typed is looked for.
    expect(await share('the')).toBeLessThanOrEqual(0.25)
    // Every word must match: the least common one bounds them.
    expect(await share('alpha', 'alpine')).toBe(await share('alpine'))
    // A word below every common lexeme gets the least common one's share, at most.
    const rare = await share('zebra')
    expect(rare).toBeGreaterThan(0)
    expect(rare).toBeLessThanOrEqual(0.25)
    expect((await frequencies.of(['alpine'])).posts?.listed).toBe(true)
    expect((await frequencies.of(['alpine', 'zebra'])).posts?.listed).toBe(false)
    // No comments yet: nothing gathered about them.
    expect((await frequencies.of(['alpine'])).comments).toBeNull()
  })

  it('takes a rare word from the index at once and a very common one from the windows only', async () => {
    const ids = await forum()
    const hits = async (term: string, share: number, listed = true) => {
      const query = postSearchSource.hits(prefixQuery([term]), 5, {
        window: 5,
        frequency: { share, listed, least: listed ? share : 0, rows: 40 },
      })
      const { rows: found } = await sql<{ post_id: string }>`${query}`.execute(t.database.db)
      return found.map((row) => row.post_id).sort()
    }
    // Rare by the statistics: the two oldest, however far from the windows they are.
    expect(await hits('omega', 0.01)).toEqual(ids.slice(0, 2).sort())
    // Said to be common enough for the wider window (5 of 20): only the windows (the 5 and the 20
    // newest) are looked in, and neither holds 'omega', so it has no candidates.
    expect(await hits('omega', 0.5)).toEqual([])
    // Not among the common lexemes: what the statistics say is only a bound, so the index is
    // read when the windows do not fill.
    expect(await hits('omega', 0.5, false)).toEqual(ids.slice(0, 2).sort())
    // A common word fills from the windows all the same: the five newest.
    expect(await hits('alpha', 0.5)).toEqual(ids.slice(-5).sort())
    const everyFourth = ids.filter((_, i) => i % 4 === 0)
    expect(await hits('alpine', 0.5)).toEqual(everyFourth.slice(-5).sort())
  })

  it('asks a word its stem begins by the stem alone, and finds the same posts as by both forms', async () => {
    const ada = await makeUser(t)
    const titles = [
      'Species of the deep',
      'A special case',
      'Running late',
      'The runner',
      'Happy days',
      'Happiness',
    ]
    const ids = new Map<string, string>()
    for (const title of titles) ids.set(await dbMakePost(t, ada, { title }), title)
    const frequencies = wordFrequencies(t.database.db)
    const found = async (terms: string[], stems?: (string | null)[]) => {
      const { rows } = await sql<{ id: string }>`
        select id from posts where search @@ ${prefixQuery(terms, '', stems)}`.execute(t.database.db)
      return rows.map((row) => ids.get(row.id)).sort()
    }
    expect(await frequencies.stemsOf(['species', 'happy', 'the', 'runner'])).toEqual([
      'speci',
      'happi',
      null,
      'runner',
    ])
    for (const terms of [
      ['species'],
      ['spec'],
      ['running'],
      ['run'],
      ['happy'],
      ['happ'],
      ['the'],
      ['the', 'deep'],
      ['runn', 'late'],
      ['zebra'],
    ]) {
      const stems = await frequencies.stemsOf(terms)
      expect(await found(terms, stems), terms.join(' ')).toEqual(await found(terms))
      expect(await found(terms, stems), terms.join(' ')).not.toHaveLength(ids.size)
    }
    expect(await found(['spec'], await frequencies.stemsOf(['spec']))).toEqual([
      'A special case',
      'Species of the deep',
    ])
    // 'species' begins with its stem 'speci': the stem is asked alone; 'happy' does not begin with 'happi'.
    const parameters = (terms: string[], stems: (string | null)[]) =>
      prefixQuery(terms, '', stems).compile(t.database.db).parameters
    expect(parameters(['species'], ['speci'])).toEqual(['species:*'])
    expect(parameters(['happy'], ['happi'])).toEqual(['happy:*', 'happy:*'])
  })
})
