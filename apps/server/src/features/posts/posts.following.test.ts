import { POST_SORTS, type PostSort } from '@agora/contract'
import { CompiledQuery, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import {
  apiFollow,
  apiLikePost,
  dbMakePost,
  makeUser,
  makeUsers,
  send,
  sendPostList,
  sendTo,
  type TestUser,
} from '../../../test/factories'
import { TEST_DB, type TestApp, useTestApp, withSecondApp } from '../../../test/harness'
import { parseSort } from '../../db/paging'
import { followingFeedQuery } from './posts.following'

// The Following feed: GET /media/list?feed=following — posts by followed authors or
// with followed tags, public, keyset-paged in every sort at a cost that does not grow with depth.

const t = useTestApp()

interface Page {
  items: { id: string; tags: string[] }[]
  has_next: boolean
  next_cursor: Record<string, unknown> | null
}

const feed = (user: TestUser | null, query: Record<string, string | number> = {}, app: TestApp = t) =>
  sendPostList(app, user, { feed: 'following', ...query })

async function feedIds(user: TestUser, query: Record<string, string | number> = {}) {
  const response = await feed(user, query)
  expect(response.statusCode).toBe(200)
  return (response.json() as Page).items.map((item) => item.id)
}

/** Every page of the feed in `sort`, `limit` at a time, following next_cursor; `between` runs after each page. */
async function allPages(
  user: TestUser,
  sort: PostSort,
  limit: number,
  between: (page: number) => Promise<void> = async () => {},
) {
  const ids: string[] = []
  let cursor: Record<string, unknown> | null = null
  for (let page = 0; page < 100; page++) {
    const response = await feed(user, {
      sort_by: sort,
      limit,
      ...(cursor ? { cursor: JSON.stringify(cursor) } : {}),
    })
    expect(response.statusCode).toBe(200)
    const body = response.json() as Page
    ids.push(...body.items.map((item) => item.id))
    if (!body.has_next) {
      expect(body.next_cursor).toBeNull()
      return ids
    }
    expect(body.items).toHaveLength(limit)
    cursor = body.next_cursor
    await between(page)
  }
  throw new Error('the feed did not end')
}

/** The feed as it must be, computed apart from the server: public, followed author or tag, in `sort`. */
async function expectedFeed(user: TestUser, sort: PostSort) {
  const db = t.database.db
  const follows = await db.selectFrom('follows').selectAll().where('follower_id', '=', user.id).execute()
  const authors = new Set(follows.filter((f) => f.kind === 'user').map((f) => f.target))
  const tags = new Set(follows.filter((f) => f.kind === 'tag').map((f) => f.target))
  const posts = await db
    .selectFrom('posts')
    .select(['id', 'user_id', 'tags', 'visibility', 'created_at', 'hot_score'])
    .execute()
  const order = parseSort(sort)
  const key = (post: (typeof posts)[number]) =>
    order.key === 'hot' ? post.hot_score : post.created_at.getTime()
  const sign = order.direction === 'desc' ? -1 : 1
  return posts
    .filter((post) => post.visibility === 'public')
    .filter((post) => authors.has(post.user_id) || post.tags.some((tag) => tags.has(tag)))
    .sort((a, b) => sign * (key(a) - key(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
    .map((post) => post.id)
}

describe(`the Following feed (${TEST_DB})`, () => {
  it('answers 401 to a visitor who is not signed in, whatever else the query says', async () => {
    const queries: Record<string, string | number>[] = [
      {},
      { sort_by: 'hot_desc' },
      { search: 'optics' },
      { limit: 3 },
    ]
    for (const query of queries) {
      const response = await feed(null, query)
      expect(response.statusCode).toBe(401)
      expect(response.json().detail).toBe('Please login to see the posts of whom you follow')
    }
    const forged = await feed({ headers: { authorization: 'Bearer not-a-token' } } as TestUser)
    expect(forged.statusCode).toBe(401)
    // The forum itself stays open.
    expect((await sendTo(t, null, 'GET /media/list')).statusCode).toBe(200)
  })

  it('holds the public posts of followed authors and with followed tags, each once', async () => {
    const [ada, bo, cy, dee] = await makeUsers(t, 4)
    await apiFollow(t, cy, { kind: 'user', target: ada.id })
    await apiFollow(t, cy, { kind: 'tag', target: 'optics' })
    const p = {
      adaPlain: await dbMakePost(t, ada),
      adaPrivate: await dbMakePost(t, ada, { visibility: 'private' }),
      adaTagged: await dbMakePost(t, ada, { tags: ['optics', 'lasers'] }),
      boOptics: await dbMakePost(t, bo, { tags: ['optics'] }),
      boGenomics: await dbMakePost(t, bo, { tags: ['genomics'] }),
      boPrivateOptics: await dbMakePost(t, bo, { tags: ['optics'], visibility: 'private' }),
      ownOptics: await dbMakePost(t, cy, { tags: ['optics'] }),
      ownPrivateOptics: await dbMakePost(t, cy, { tags: ['optics'], visibility: 'private' }),
      deeOptics: await dbMakePost(t, dee, { tags: ['genomics', 'optics'] }),
    }
    const ids = await feedIds(cy)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.sort()).toEqual([p.adaPlain, p.adaTagged, p.boOptics, p.ownOptics, p.deeOptics].sort())
    expect(ids).toEqual((await expectedFeed(cy, 'time_desc')).sort())
    // Someone who follows nothing has an empty feed; the others' follows are not theirs.
    expect(await feedIds(dee)).toEqual([])
  })

  it.each(POST_SORTS.map((sort) => [sort]))(
    'pages in %s without duplicates or gaps, ties broken by id',
    async (sort) => {
      const [ada, bo, viewer] = await makeUsers(t, 3)
      await apiFollow(t, viewer, { kind: 'user', target: ada.id })
      await apiFollow(t, viewer, { kind: 'tag', target: 'optics' })
      await apiFollow(t, viewer, { kind: 'tag', target: 'lasers' })
      const base = Date.parse('2026-06-01T00:00:00.000Z')
      for (let n = 0; n < 40; n++) {
        // Four posts share each creation time and many share a like count: the keys tie often.
        const created_at = new Date(base - Math.floor(n / 4) * 3_600_000)
        const likes_count = n % 3
        const author = n % 2 === 0 ? ada : bo
        const tags =
          n % 5 === 0 ? ['optics', 'lasers'] : n % 5 === 1 ? ['lasers'] : n % 5 === 2 ? ['genomics'] : []
        const visibility = n % 11 === 0 ? 'private' : 'public'
        await dbMakePost(t, author, { created_at, likes_count, tags, visibility })
      }
      const expected = await expectedFeed(viewer, sort)
      expect(expected.length).toBeGreaterThan(20)
      for (const limit of [1, 3, 7]) expect(await allPages(viewer, sort, limit)).toEqual(expected)
    },
  )

  it('keeps its place when newer posts arrive between pages', async () => {
    const [ada, viewer] = await makeUsers(t, 2)
    await apiFollow(t, viewer, { kind: 'user', target: ada.id })
    for (let n = 0; n < 9; n++)
      await dbMakePost(t, ada, { created_at: new Date(Date.now() - (n + 1) * 60_000) })
    const before = await expectedFeed(viewer, 'recent_desc')
    const seen = await allPages(viewer, 'recent_desc', 2, async () => {
      await dbMakePost(t, ada)
    })
    expect(seen).toEqual(before)
  })

  it('follows what happens to the posts: likes move them in hot order, edits and deletions take them in or out', async () => {
    const [ada, bo, viewer] = await makeUsers(t, 3)
    await apiFollow(t, viewer, { kind: 'user', target: ada.id })
    await apiFollow(t, viewer, { kind: 'tag', target: 'optics' })
    const old = await dbMakePost(t, ada, { created_at: new Date(Date.now() - 86_400_000) })
    const recent = await dbMakePost(t, ada)
    const boPost = await dbMakePost(t, bo, { title: 'Untagged' })
    expect(await feedIds(viewer, { sort_by: 'hot_desc' })).toEqual([recent, old])

    // Enough likes outweigh a day (hot_score = log10(1 + likes + 2 comments) + days).
    const fans = await Promise.all(Array.from({ length: 12 }, () => makeUser(t)))
    for (const fan of fans) await apiLikePost(t, fan, old)
    expect(await feedIds(viewer, { sort_by: 'hot_desc' })).toEqual([old, recent])
    expect(await feedIds(viewer, { sort_by: 'hot_desc' })).toEqual(await expectedFeed(viewer, 'hot_desc'))

    // bo tags his post: it joins; makes it private: it leaves; public again: back. (Written to the
    // table: the triggers keep the feed whatever path writes posts; an edit is one such path.)
    const update = (fields: { tags?: string[]; visibility?: 'public' | 'private' }) =>
      t.database.db.updateTable('posts').set(fields).where('id', '=', boPost).execute()
    await update({ tags: ['optics'] })
    expect(await feedIds(viewer)).toEqual([boPost, recent, old])
    await update({ visibility: 'private' })
    expect(await feedIds(viewer)).toEqual([recent, old])
    await update({ visibility: 'public' })
    expect(await feedIds(viewer)).toEqual([boPost, recent, old])
    await update({ tags: ['genomics'] })
    expect(await feedIds(viewer)).toEqual([recent, old])

    const removed = await send(t, ada, 'DELETE', `/api/v1/media/${recent}/delete`)
    expect(removed.statusCode).toBe(200)
    expect(await feedIds(viewer)).toEqual([old])
    await apiFollow(t, viewer, { kind: 'user', target: ada.id }, 'DELETE')
    expect(await feedIds(viewer)).toEqual([])
  })

  it('filters by media type and searches within the feed', async () => {
    const [ada, bo, viewer] = await makeUsers(t, 3)
    await apiFollow(t, viewer, { kind: 'user', target: ada.id })
    const image = await dbMakePost(t, ada, { media_type: 'image', title: 'Interferometer photo' })
    const document = await dbMakePost(t, ada, { media_type: 'document', title: 'Interferometer notes' })
    await dbMakePost(t, bo, { media_type: 'image', title: 'Interferometer elsewhere' })
    expect(await feedIds(viewer, { media_type: 'image' })).toEqual([image])
    expect((await feedIds(viewer, { search: 'interferometer' })).sort()).toEqual([image, document].sort())
    expect(await feedIds(viewer, { search: 'interferometer', sort_by: 'recent_asc' })).toEqual([
      image,
      document,
    ])
    expect(await feedIds(viewer, { search: 'interferometer', media_type: 'image' })).toEqual([image])
  })

  it("never serves one viewer's feed to another, with the read cache on", async () => {
    // A second app over the same database, its anonymous read cache on for a minute.
    await withSecondApp(t, { READ_CACHE_MS: '60000' }, async (cached) => {
      const [ada, bo, cy, dee] = await makeUsers(cached, 4)
      const byAda = await dbMakePost(cached, ada)
      const byBo = await dbMakePost(cached, bo)
      await apiFollow(cached, cy, { kind: 'user', target: ada.id })
      await apiFollow(cached, dee, { kind: 'user', target: bo.id })
      const idsOf = async (user: TestUser | null) => {
        const response = await feed(user, {}, cached)
        return response.statusCode === 200
          ? (response.json() as Page).items.map((item) => item.id)
          : response.statusCode
      }
      // The anonymous list is cached; the feed never is, and is each viewer's own.
      expect((await sendTo(cached, null, 'GET /media/list')).statusCode).toBe(200)
      expect(await idsOf(null)).toBe(401)
      expect(await idsOf(cy)).toEqual([byAda])
      expect(await idsOf(dee)).toEqual([byBo])
      expect(await idsOf(null)).toBe(401)
      expect(await idsOf(cy)).toEqual([byAda])
    })
  })
})

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  'Index Cond'?: string
  'Actual Rows': number
  'Actual Loops': number
  Plans?: PlanNode[]
}

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)]
}

describe(`the Following feed's cost (${TEST_DB})`, () => {
  it('seeks each followed source from the cursor: no page reads what came before it', async () => {
    const authors = await Promise.all(Array.from({ length: 10 }, () => makeUser(t)))
    const viewer = await makeUser(t)
    const db = t.database.db
    // 4,000 posts by ten authors over ~3 months, each with one of 20 tags; a few private.
    await sql`
      insert into posts (id, user_id, title, tags, visibility, media_type, likes_count, created_at)
      select gen_random_uuid(), (${sql.val(authors.map((a) => a.id))}::uuid[])[1 + i % 10], 'Post ' || i,
             array['tag' || (i % 20)], case when i % 17 = 0 then 'private' else 'public' end, 'document',
             i % 9, date_trunc('milliseconds', now()) - i * interval '31 minutes'
      from generate_series(1, 4000) i
    `.execute(db)
    for (const author of authors.slice(0, 3)) await apiFollow(t, viewer, { kind: 'user', target: author.id })
    for (const tag of ['tag3', 'tag8']) await apiFollow(t, viewer, { kind: 'tag', target: tag })
    await sql`analyze`.execute(db)
    const follows = 5
    const limit = 13

    for (const sort of ['recent_desc', 'hot_desc', 'recent_asc'] as const) {
      const order = parseSort(sort)
      const expected = await expectedFeed(viewer, sort)
      expect(expected.length).toBeGreaterThan(1000)
      const index = order.key === 'hot' ? 'feed_entries_hot_idx' : 'feed_entries_recent_idx'

      /** Entries of feed_entries the page starting after `at` reads, checking how it reaches them. */
      const readOf = async (at: number | null) => {
        const row =
          at === null
            ? null
            : await db
                .selectFrom('posts')
                .select(['id', 'created_at', 'hot_score'])
                .where('id', '=', expected[at])
                .executeTakeFirstOrThrow()
        const cursor = row && {
          id: row.id,
          createdAt: row.created_at,
          likes: 0,
          hot: row.hot_score,
          rank: null,
        }
        const compiled = followingFeedQuery(db, viewer.id, order, cursor, null, limit).compile()
        const explained = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
          CompiledQuery.raw(`explain (analyze, format json) ${compiled.sql}`, [...compiled.parameters]),
        )
        const raw = explained.rows[0]['QUERY PLAN']
        const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan as PlanNode
        const nodes = nodesOf(plan)
        if (process.env.DEBUG_PLAN) {
          const show = (node: PlanNode, depth: number): string =>
            `${' '.repeat(depth * 2)}${node['Node Type']} ${node['Relation Name'] ?? ''} ${node['Index Name'] ?? ''} ${node['Index Cond'] ?? ''} rows=${node['Actual Rows']}x${node['Actual Loops']}\n${(node.Plans ?? []).map((child) => show(child, depth + 1)).join('')}`
          console.log(sort, at, `\n${show(plan, 0)}`)
        }
        // Every read of feed_entries goes through the order's index, from the cursor on: an index
        // scan in order, or (when the planner expects few entries left after the cursor) a bitmap
        // of the entries after it. Never a scan of the table, never an offset.
        const entries = nodes.filter((node) => node['Relation Name'] === 'feed_entries')
        expect(entries.length).toBeGreaterThan(0)
        for (const node of entries) {
          const seek =
            node['Node Type'] === 'Bitmap Heap Scan'
              ? node.Plans?.find((child) => child['Node Type'] === 'Bitmap Index Scan')
              : node
          expect(['Index Scan', 'Index Only Scan', 'Bitmap Index Scan']).toContain(seek?.['Node Type'])
          expect(seek?.['Index Name']).toBe(index)
          if (cursor) expect(seek?.['Index Cond']).toMatch(/ROW\(.*post_id\)/)
        }
        expect(
          nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] !== 'follows'),
        ).toEqual([])
        return entries.reduce((sum, node) => sum + node['Actual Rows'] * node['Actual Loops'], 0)
      }
      // The first page, and pages a tenth, half and nine tenths deep: each reads at most `limit`
      // entries per followed source, or (deep down) only what is left after the cursor.
      expect(await readOf(null)).toBeLessThanOrEqual(follows * limit)
      expect(await readOf(Math.floor(expected.length * 0.1))).toBeLessThanOrEqual(follows * limit)
      expect(await readOf(Math.floor(expected.length * 0.5))).toBeLessThanOrEqual(follows * limit)
      const at = Math.floor(expected.length * 0.9)
      // Entries left after that post, over the followed sources (a post may be under two of them).
      const left = (expected.length - at - 1) * 2
      expect(await readOf(at)).toBeLessThanOrEqual(Math.max(follows * limit, left))
      const deep = await db
        .selectFrom('posts')
        .select(['id', 'created_at', 'hot_score'])
        .where('id', '=', expected[at])
        .executeTakeFirstOrThrow()

      // And the page the server answers from there is the right one.
      const response = await feed(viewer, {
        sort_by: sort,
        limit: limit - 1,
        cursor: JSON.stringify({
          id: deep.id,
          created_at: deep.created_at.toISOString(),
          likes: 0,
          hot: deep.hot_score,
        }),
      })
      expect((response.json() as Page).items.map((item) => item.id)).toEqual(
        expected.slice(at + 1, at + limit),
      )
    }
  })
})
