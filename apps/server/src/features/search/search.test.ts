import type { PostListItem, PostListResponse, SearchSnippet } from '@agora/contract'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import {
  apiFollow,
  dbMakeComments,
  dbMakePost,
  makeUser,
  sendPostList,
  type TestUser,
} from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'
import { RANK_CANDIDATES } from './search.query'

const t = useTestApp()

const list = (query: Record<string, string | number>, user?: TestUser) => sendPostList(t, user ?? null, query)

async function page(query: Record<string, string | number>, user?: TestUser): Promise<PostListResponse> {
  const response = await list(query, user)
  if (response.statusCode !== 200) throw new Error(`list: ${response.statusCode} ${response.body}`)
  return response.json()
}

/** Every page of a list, following next_cursor: the titles in order. */
async function allTitles(query: Record<string, string | number>, user?: TestUser): Promise<string[]> {
  const titles: string[] = []
  let cursor: string | null = null
  for (let pages = 0; pages < 50; pages += 1) {
    const answer: PostListResponse = await page({ ...query, ...(cursor ? { cursor } : {}) }, user)
    titles.push(...answer.items.map((item) => item.title))
    if (!answer.has_next) return titles
    cursor = JSON.stringify(answer.next_cursor)
  }
  throw new Error('more than 50 pages')
}

/** The words a snippet marks. */
function marked(snippet: SearchSnippet | undefined): string[] {
  return (snippet?.highlights ?? []).map(([start, end]) => snippet!.text.slice(start, end))
}

function byTitle(items: PostListItem[], title: string): PostListItem {
  const item = items.find((candidate) => candidate.title === title)
  if (!item) throw new Error(`no post "${title}" in ${items.map((i) => i.title).join(', ')}`)
  return item
}

const day = (iso: string) => new Date(`${iso}T12:00:00.000Z`)

describe(`search snippets (${TEST_DB})`, () => {
  it('says where each result matched: title, summary, content or a comment, the words marked', async () => {
    const ada = await makeUser(t)
    await dbMakePost(t, ada, { title: 'Zebrafish regeneration atlas' })
    await dbMakePost(t, ada, { title: 'Fin study', summary: 'We imaged zebrafish fins for a week.' })
    await dbMakePost(t, ada, {
      title: 'Long methods',
      content: `${'Plain words about the setup. '.repeat(40)}Then the **zebrafish** larvae were counted.`,
    })
    const quiet = await dbMakePost(t, ada, { title: 'Quiet post' })
    const [comment] = await dbMakeComments(t, ada, quiet, ['Have you tried zebrafish models?'])

    for (const sort of ['', 'recent_desc', 'hot_desc']) {
      const { items } = await page({ search: 'zebrafish', ...(sort ? { sort_by: sort } : {}) })
      expect(items).toHaveLength(4)
      const title = byTitle(items, 'Zebrafish regeneration atlas').snippet
      expect(title).toMatchObject({ field: 'title', text: 'Zebrafish regeneration atlas' })
      expect(marked(title)).toEqual(['Zebrafish'])
      const summary = byTitle(items, 'Fin study').snippet
      expect(summary?.field).toBe('summary')
      expect(marked(summary)).toEqual(['zebrafish'])
      const content = byTitle(items, 'Long methods').snippet
      expect(content?.field).toBe('content')
      // The passage around the hit, Markdown reduced to words.
      expect(content?.text).toContain('Then the zebrafish larvae')
      expect(content?.text.length).toBeLessThan(400)
      expect(marked(content)).toEqual(['zebrafish'])
      const fromComment = byTitle(items, 'Quiet post')
      expect(fromComment.matched_comment_id).toBe(comment)
      expect(fromComment.snippet).toMatchObject({ field: 'comment', comment_id: comment })
      expect(marked(fromComment.snippet)).toEqual(['zebrafish'])
    }
  })

  it('marks stemmed forms and a prefix still being typed; a summary given as description is the summary', async () => {
    const ada = await makeUser(t)
    await dbMakePost(t, ada, { title: 'Notes', summary: 'The runners kept running.' })
    const stemmed = (await page({ search: 'run' })).items[0].snippet
    expect(marked(stemmed)).toEqual(['runners', 'running'])
    const prefix = (await page({ search: 'runn' })).items[0].snippet
    expect(prefix?.field).toBe('summary')
    expect(marked(prefix)).toEqual(['runners', 'running'])
  })

  it('finds a hit deep in a long text, and a search whose words are in different fields', async () => {
    const ada = await makeUser(t)
    await dbMakePost(t, ada, {
      title: 'Deep',
      content: `${'filler words go on. '.repeat(3000)}A quasicrystal at last.`,
    })
    await dbMakePost(t, ada, { title: 'Alpha study', content: 'The beta results.' })
    const deep = (await page({ search: 'quasicrystal' })).items[0].snippet
    expect(deep?.field).toBe('content')
    expect(deep?.text.startsWith('… ')).toBe(true)
    expect(deep?.text.endsWith('A quasicrystal at last.')).toBe(true)
    expect(marked(deep)).toEqual(['quasicrystal'])
    const split = (await page({ search: 'alpha beta' })).items[0].snippet
    expect(split).toMatchObject({ field: 'title', text: 'Alpha study' })
    expect(marked(split)).toEqual(['Alpha'])
  })

  it('returns text as it is written, never markup, and no snippet for a tag or author hit', async () => {
    const ada = await makeUser(t)
    await dbMakePost(t, ada, {
      title: 'Sneaky',
      summary: 'Look <img src=x onerror=alert(1)> here: payload \u0001 inside',
    })
    await dbMakePost(t, ada, { title: 'Tagged only', tags: ['payloadtag'] })
    const { items } = await page({ search: 'payload' })
    const sneaky = byTitle(items, 'Sneaky').snippet
    expect(sneaky?.text).toContain('<img src=x onerror=alert(1)')
    expect(marked(sneaky)).toEqual(['payload'])
    expect(byTitle(items, 'Tagged only').snippet).toBeUndefined()
    // Without a search, no snippet.
    expect((await page({})).items.every((item) => item.snippet === undefined)).toBe(true)
  })
})

describe(`list filters (${TEST_DB})`, () => {
  /** Ada and Bo's posts over three days; Bo's private one; titles say what each is. */
  async function world() {
    const ada = await makeUser(t)
    const bo = await makeUser(t)
    await dbMakePost(t, ada, { title: 'ada cells day1', tags: ['cells'], created_at: day('2026-03-01') })
    await dbMakePost(t, ada, {
      title: 'ada cells day2',
      tags: ['cells'],
      created_at: day('2026-03-02'),
      media_type: 'image',
    })
    await dbMakePost(t, ada, { title: 'ada other day3', tags: ['other'], created_at: day('2026-03-03') })
    await dbMakePost(t, bo, {
      title: 'bo cells day2',
      tags: ['cells'],
      created_at: day('2026-03-02'),
      likes_count: 50,
    })
    await dbMakePost(t, bo, {
      title: 'bo cells day3',
      tags: ['cells'],
      created_at: day('2026-03-03'),
      media_type: 'image',
    })
    await dbMakePost(t, bo, {
      title: 'bo secret cells day2',
      tags: ['cells'],
      created_at: day('2026-03-02'),
      visibility: 'private',
    })
    return { ada, bo }
  }

  it('filters by tag, author, author_username, days and media type, each alone', async () => {
    const { ada, bo } = await world()
    const recent = { sort_by: 'recent_desc' }
    expect(await allTitles({ ...recent, tag: 'other' })).toEqual(['ada other day3'])
    expect(await allTitles({ ...recent, author: ada.id })).toEqual([
      'ada other day3',
      'ada cells day2',
      'ada cells day1',
    ])
    expect(await allTitles({ ...recent, author_username: bo.username.toUpperCase() })).toEqual([
      'bo cells day3',
      'bo cells day2',
    ])
    expect(await allTitles({ ...recent, author_username: 'nobody-of-that-name' })).toEqual([])
    expect(await allTitles({ ...recent, from: '2026-03-03' })).toEqual(['bo cells day3', 'ada other day3'])
    // `to` counts its whole day; from and to the same day is that day.
    expect(await allTitles({ ...recent, to: '2026-03-01' })).toEqual(['ada cells day1'])
    expect((await allTitles({ from: '2026-03-02', to: '2026-03-02' })).sort()).toEqual([
      'ada cells day2',
      'bo cells day2',
    ])
    expect(await allTitles({ ...recent, media_type: 'image' })).toEqual(['bo cells day3', 'ada cells day2'])
  })

  it('combines filters with a search, every sort and cursor paging', async () => {
    const { bo } = await world()
    const filters = { search: 'cells', tag: 'cells', from: '2026-03-02', to: '2026-03-03', limit: 1 }
    expect(await allTitles({ ...filters, sort_by: 'recent_desc' })).toEqual([
      'bo cells day3',
      'bo cells day2',
      'ada cells day2',
    ])
    expect(await allTitles({ ...filters, sort_by: 'recent_asc' })).toEqual([
      'ada cells day2',
      'bo cells day2',
      'bo cells day3',
    ])
    expect(await allTitles({ ...filters, sort_by: 'hot_desc' })).toEqual([
      'bo cells day2',
      'bo cells day3',
      'ada cells day2',
    ])
    expect((await allTitles(filters)).sort()).toEqual(['ada cells day2', 'bo cells day2', 'bo cells day3'])
    expect(await allTitles({ ...filters, author: bo.id, media_type: 'image' })).toEqual(['bo cells day3'])
    const withSnippets = await page({ ...filters, author: bo.id, limit: 5 })
    expect(withSnippets.items.map((item) => marked(item.snippet))).toEqual([['cells'], ['cells']])
  })

  it('never shows a private post through a filter, but shows its author their own', async () => {
    const { ada, bo } = await world()
    const query = { author: bo.id, tag: 'cells', from: '2026-03-02', to: '2026-03-02' }
    expect(await allTitles(query)).toEqual(['bo cells day2'])
    expect(await allTitles({ ...query, search: 'secret' })).toEqual([])
    expect(await allTitles({ ...query, search: 'secret' }, ada)).toEqual([])
    expect(await allTitles({ ...query, search: 'secret' }, bo)).toEqual(['bo secret cells day2'])
    expect((await allTitles({ ...query, sort_by: 'recent_desc' }, bo)).sort()).toEqual([
      'bo cells day2',
      'bo secret cells day2',
    ])
  })

  it('filters the Following feed too', async () => {
    const { ada } = await world()
    const reader = await makeUser(t)
    await apiFollow(t, reader, { kind: 'tag', target: 'cells' })
    const following = { feed: 'following', sort_by: 'recent_desc', limit: 1 }
    expect(await allTitles({ ...following, author: ada.id }, reader)).toEqual([
      'ada cells day2',
      'ada cells day1',
    ])
    expect(await allTitles({ ...following, to: '2026-03-01' }, reader)).toEqual(['ada cells day1'])
  })

  it('answers a bad date, an inverted range or a bad author with 400 and a sentence', async () => {
    const bad: Record<string, string>[] = [
      { from: '2026-13-01' },
      { to: '2026-02-30' },
      { from: 'yesterday' },
      { from: '2026-03-02T00:00:00Z' },
      { from: '2026-03-03', to: '2026-03-01' },
      { author: 'not-an-id' },
    ]
    for (const query of bad) {
      const response = await list(query)
      expect(response.statusCode, JSON.stringify(query)).toBe(400)
      expect(response.json().detail).toMatch(/^(Invalid|The dates)/)
    }
    expect((await list({ to: '9999-12-31', from: '1970-01-01' })).statusCode).toBe(200)
  })

  it('finds a filtered search match older than the newest candidates, by relevance', async () => {
    const ada = await makeUser(t)
    const bo = await makeUser(t)
    await dbMakePost(t, bo, { title: 'old protein fold', created_at: day('2020-01-01') })
    const newer = Array.from({ length: RANK_CANDIDATES + 10 }, (_, index) => ({
      id: uuidv7(),
      user_id: ada.id,
      title: `protein number ${index}`,
      media_type: 'document',
    }))
    await t.database.db.insertInto('posts').values(newer).execute()
    expect(await allTitles({ search: 'protein', author: bo.id })).toEqual(['old protein fold'])
    expect(await allTitles({ search: 'protein', to: '2020-12-31' })).toEqual(['old protein fold'])
  })
})
