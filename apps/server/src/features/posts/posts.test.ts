import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import {
  apiMakePost,
  dbLikePost,
  dbMakePost,
  makeUser,
  send,
  sendLikePost,
  sendPostList,
  sendTo,
  sendUpload,
} from '../../../test/factories'
import { pdfFile, pngFile, storedFiles } from '../../../test/files'
import { TEST_DB, useTestApp } from '../../../test/harness'
import { postSearchSource, prefixQuery } from '../search/index'

const t = useTestApp({}, { blobs: true })

type User = Awaited<ReturnType<typeof makeUser>>
const MB = 1024 * 1024

const list = (query: Record<string, string | number>, user?: User) => sendPostList(t, user ?? null, query)

async function counts() {
  const db = t.database.db
  const [posts, files, blobs] = await Promise.all([
    db.selectFrom('posts').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('post_files').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('blobs').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  return { posts: posts.n, files: files.n, blobs: blobs.n }
}

/** Files in the blob directory (shards) and in staging. */
async function expectNothingLeft() {
  expect(await counts()).toEqual({ posts: 0, files: 0, blobs: 0 })
  expect(storedFiles(t.config.dataDir)).toEqual({ blobs: [], staging: [] })
}

describe(`posts: upload (${TEST_DB})`, () => {
  it('creates a post from an image and a PDF with its metadata, and answers the real post id', async () => {
    const ada = await makeUser(t)
    const response = await sendUpload(
      t,
      ada,
      {
        title: '  Neural field notes ',
        summary: 'What we measured',
        content: '# Results\n\nThe **cortex** lit up.',
        tags: ' Neuro, IMAGING,neuro , , #fMRI',
        ai_instruction: 'Summarise the method',
        visibility: 'public',
      },
      [
        { name: 'scan.png', data: pngFile(1), type: 'image/png' },
        { name: 'paper.pdf', data: pdfFile(), type: 'application/pdf' },
      ],
    )
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body).toMatchObject({ status: 'success', message: 'Upload successful' })
    expect(body.post_id).toMatch(/^[0-9a-f-]{36}$/)

    const detail = await send(t, ada, 'GET', `/api/v1/media/${body.post_id}`)
    expect(detail.statusCode).toBe(200)
    const post = detail.json()
    expect(post).toMatchObject({
      id: body.post_id,
      _id: body.post_id,
      title: 'Neural field notes',
      author_id: ada.id,
      author_name: ada.username,
      Summary: 'What we measured',
      content: '# Results\n\nThe **cortex** lit up.',
      tags: ['neuro', 'imaging', 'fmri'],
      media_type: 'image',
      likes: 0,
      comments: 0,
      // The analysis is queued with the post and fills in later (features/analysis).
      ai_analysis: expect.stringContaining('"status":"pending"'),
      is_liked: false,
      visibility: 'public',
    })
    expect(
      post.media.map((item: { kind: string; mime: string; name: string }) => [
        item.kind,
        item.mime,
        item.name,
      ]),
    ).toEqual([
      ['image', 'image/png', 'scan.png'],
      ['document', 'application/pdf', 'paper.pdf'],
    ])
    expect(post.file_paths[0]).toBe(`/api/v1/files/${post.media[0].cid}`)
    expect(Date.parse(post.timestamp)).not.toBeNaN()

    const file = await t.app.inject({ method: 'GET', url: post.file_paths[1] })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('application/pdf')
    expect(file.rawPayload.equals(pdfFile())).toBe(true)
    expect(storedFiles(t.config.dataDir).staging).toEqual([])
  })

  it('asks for a login first', async () => {
    const response = await sendUpload(t, null, { title: 'x' }, [{ name: 'a.png', data: pngFile() }])
    expect(response.statusCode).toBe(401)
    expect(response.json().detail).toBe('Please login to upload files')
    await expectNothingLeft()
  })

  it('refuses a sixth file', async () => {
    const ada = await makeUser(t)
    const files = [1, 2, 3, 4, 5, 6].map((seed) => ({ name: `f${seed}.png`, data: pngFile(seed) }))
    const response = await sendUpload(t, ada, { title: 'Too many' }, files)
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toBe('Maximum 5 files allowed')
    await expectNothingLeft()
  })

  it('accepts five files', async () => {
    const ada = await makeUser(t)
    const files = [1, 2, 3, 4, 5].map((seed) => ({ name: `f${seed}.png`, data: pngFile(seed) }))
    const response = await sendUpload(t, ada, { title: 'Five' }, files)
    expect(response.statusCode).toBe(201)
    expect(response.json().post.media).toHaveLength(5)
  })

  it('refuses a file over 50 MB with 413 naming it, and keeps nothing', async () => {
    const ada = await makeUser(t)
    const big = Buffer.alloc(51 * MB, 'a')
    const response = await sendUpload(t, ada, { title: 'Big' }, [
      { name: 'small.png', data: pngFile() },
      { name: 'huge.txt', data: big },
    ])
    expect(response.statusCode).toBe(413)
    expect(response.json().detail).toBe('File huge.txt exceeds 50MB limit')
    await expectNothingLeft()
  })

  it.each([
    ['an executable', 'tool.png', Buffer.concat([Buffer.from('7f454c46020101', 'hex'), Buffer.alloc(200)])],
    [
      'a zip archive',
      'notes.txt',
      Buffer.concat([Buffer.from('504b030414000000', 'hex'), Buffer.alloc(200)]),
    ],
    ['an HTML page', 'page.txt', Buffer.from('<!doctype html><html><script>alert(1)</script></html>')],
    ['binary junk', 'data.bin', Buffer.from([0, 1, 2, 3, 0, 255, 254])],
  ])('refuses %s by its content with 415', async (_label, name, data) => {
    const ada = await makeUser(t)
    const response = await sendUpload(t, ada, { title: 'Bad type' }, [
      { name: 'ok.png', data: pngFile() },
      { name, data },
    ])
    expect(response.statusCode).toBe(415)
    expect(response.json().detail).toContain(`File ${name} is not an allowed type`)
    await expectNothingLeft()
  })

  it.each([
    [{ title: '   ' }, 'title', 'Title is required'],
    [{}, 'title', 'Title is required'],
    [{ title: 'x'.repeat(201) }, 'title', 'Title must be at most 200 characters'],
    [
      { title: 'Tags', tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(',') },
      'tags',
      'At most 10 tags allowed',
    ],
    [
      { title: 'Tags', tags: 'ok, '.concat('x'.repeat(33)) },
      'tags',
      `Tag "${'x'.repeat(33)}" is longer than 32 characters`,
    ],
    [{ title: 'Vis', visibility: 'friends' }, 'visibility', 'Visibility must be public or private'],
    [
      { title: 'Type', media_type: 'hologram' },
      'media_type',
      'Media type must be one of image, video, audio, document',
    ],
  ])('refuses bad fields %o with 400 and keeps no file', async (fields, field, detail) => {
    const ada = await makeUser(t)
    const response = await sendUpload(t, ada, fields as Record<string, string>, [
      { name: 'a.png', data: pngFile() },
    ])
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ detail, errors: [{ field, message: detail }] })
    await expectNothingLeft()
  })

  it('needs at least one file', async () => {
    const ada = await makeUser(t)
    const response = await sendUpload(t, ada, { title: 'Nothing attached' }, [])
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toBe('Please select at least one file to upload')
  })

  it('stores the same bytes once, however often and by whomever they are uploaded', async () => {
    const [ada, bob] = [await makeUser(t), await makeUser(t)]
    const png = pngFile(7)
    expect((await sendUpload(t, ada, { title: 'One' }, [{ name: 'a.png', data: png }])).statusCode).toBe(201)
    expect(
      (
        await sendUpload(t, bob, { title: 'Two' }, [
          { name: 'b.png', data: png },
          { name: 'c.png', data: png },
        ])
      ).statusCode,
    ).toBe(201)
    expect(await counts()).toEqual({ posts: 2, files: 3, blobs: 1 })
    expect(storedFiles(t.config.dataDir).blobs).toHaveLength(1)
    const blob = await t.database.db.selectFrom('blobs').selectAll().executeTakeFirstOrThrow()
    expect(blob).toMatchObject({ refs: 3, mime: 'image/png', size: png.length })
  })

  it('derives the media type from the first file and keeps a given one', async () => {
    const ada = await makeUser(t)
    const pdf = await sendUpload(t, ada, { title: 'Paper' }, [{ name: 'p.pdf', data: pdfFile() }])
    expect(pdf.json().post.media_type).toBe('document')
    const text = await sendUpload(t, ada, { title: 'Notes' }, [
      { name: 'n.md', data: Buffer.from('# Notes\n') },
    ])
    expect(text.json().post).toMatchObject({
      media_type: 'document',
      media: [{ mime: 'text/markdown', kind: 'document' }],
    })
    const given = await sendUpload(t, ada, { title: 'Clip', media_type: 'Video' }, [
      { name: 'p.png', data: pngFile() },
    ])
    expect(given.json().post.media_type).toBe('video')
  })

  it('answers 415 for a body that is not multipart', async () => {
    const ada = await makeUser(t)
    const response = await send(t, ada, 'POST', '/api/v1/media/upload', { title: 'json' })
    expect(response.statusCode).toBe(415)
  })
})

describe(`posts: detail, likes and deletion (${TEST_DB})`, () => {
  it('hides a private post from everyone but its author (404 as if missing)', async () => {
    const [ada, bob] = [await makeUser(t), await makeUser(t)]
    const id = (await apiMakePost(t, ada, { visibility: 'private', title: 'Secret draft' })).post_id
    const own = await sendTo(t, ada, 'GET /media/:id', { params: { id } })
    expect(own.statusCode).toBe(200)
    for (const headers of [bob.headers, {}]) {
      const other = await sendTo(t, null, 'GET /media/:id', { params: { id }, headers })
      expect(other.statusCode).toBe(404)
      expect(other.json().detail).toBe('Post not found')
    }
    expect((await list({}, bob)).json().items).toEqual([])
    expect((await list({ search: 'secret' }, bob)).json().items).toEqual([])
    expect((await list({}, ada)).json().items.map((item: { id: string }) => item.id)).toEqual([id])
    const like = await sendLikePost(t, bob, id)
    expect(like.statusCode).toBe(404)
  })

  it.each(['00000000-0000-0000-0000-000000000000', 'not-a-uuid'])(
    'answers 404 for unknown post %s',
    async (id) => {
      const response = await sendTo(t, null, 'GET /media/:id', { params: { id } })
      expect(response.statusCode).toBe(404)
      expect(response.json().detail).toBe('Post not found')
    },
  )

  it('toggles a like and reports it in the detail', async () => {
    const [ada, bob] = [await makeUser(t), await makeUser(t)]
    const id = (await apiMakePost(t, ada)).post_id
    const like = () => sendLikePost(t, bob, id)
    expect((await like()).json()).toEqual({ status: 'success', action: 'liked', likes: 1, is_liked: true })
    const seen = await sendTo(t, bob, 'GET /media/:id', { params: { id } })
    expect(seen.json()).toMatchObject({ likes: 1, is_liked: true })
    expect((await like()).json()).toEqual({ status: 'success', action: 'unliked', likes: 0, is_liked: false })
    const anonymous = await sendLikePost(t, null, id)
    expect(anonymous.statusCode).toBe(401)
  })

  it('keeps exactly one like when one user sends 20 likes at once', async () => {
    const [ada, bob] = [await makeUser(t), await makeUser(t)]
    const id = (await apiMakePost(t, ada)).post_id
    const responses = await Promise.all(Array.from({ length: 20 }, () => sendLikePost(t, bob, id, 'like')))
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200))
    const rows = await t.database.db.selectFrom('post_likes').selectAll().where('post_id', '=', id).execute()
    expect(rows).toHaveLength(1)
    const post = await t.database.db
      .selectFrom('posts')
      .select('likes_count')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(post.likes_count).toBe(1)
  })

  it('serialises 20 concurrent toggles: they alternate and the counter matches the rows', async () => {
    const [ada, bob] = [await makeUser(t), await makeUser(t)]
    const id = (await apiMakePost(t, ada)).post_id
    const responses = await Promise.all(Array.from({ length: 20 }, () => sendLikePost(t, bob, id)))
    const actions = responses.map((response) => response.json().action)
    expect(actions.filter((action) => action === 'liked')).toHaveLength(10)
    expect(actions.filter((action) => action === 'unliked')).toHaveLength(10)
    const post = await t.database.db
      .selectFrom('posts')
      .select('likes_count')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const rows = await t.database.db.selectFrom('post_likes').selectAll().where('post_id', '=', id).execute()
    expect(post.likes_count).toBe(rows.length)
    expect(rows).toHaveLength(0)
  })

  it('raises the hot score with likes, in the same transaction', async () => {
    const [ada, bob] = [await makeUser(t), await makeUser(t)]
    const id = (await apiMakePost(t, ada)).post_id
    const before = await t.database.db
      .selectFrom('posts')
      .select('hot_score')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    await sendLikePost(t, bob, id)
    const after = await t.database.db
      .selectFrom('posts')
      .select('hot_score')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(after.hot_score - before.hot_score).toBeCloseTo(Math.log10(2), 10)
  })

  it('lets only the author delete, removing likes and the files no other post uses', async () => {
    const [ada, bob] = [await makeUser(t), await makeUser(t)]
    const shared = pngFile(3)
    const { post_id: id } = await apiMakePost(t, ada, {}, [
      { name: 'shared.png', data: shared },
      { name: 'own.pdf', data: pdfFile('only here') },
    ])
    const { post_id: other } = await apiMakePost(t, bob, {}, [{ name: 'same.png', data: shared }])
    await sendLikePost(t, bob, id)

    const refused = await send(t, bob, 'DELETE', `/api/v1/media/${id}/delete`)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().detail).toBe('Only the post author can delete this post')
    expect((await sendTo(t, null, 'DELETE /media/:id/delete', { params: { id } })).statusCode).toBe(401)

    const deleted = await send(t, ada, 'DELETE', `/api/v1/media/${id}/delete`)
    expect(deleted.statusCode).toBe(200)
    expect(deleted.json()).toEqual({ status: 'success', message: 'Post deleted successfully' })
    expect((await sendTo(t, null, 'GET /media/:id', { params: { id } })).statusCode).toBe(410)
    expect(await t.database.db.selectFrom('post_likes').selectAll().execute()).toEqual([])
    expect(await counts()).toEqual({ posts: 1, files: 1, blobs: 1 })
    expect(storedFiles(t.config.dataDir).blobs).toHaveLength(1)

    const sharedFile = await sendTo(t, null, 'GET /media/:id', { params: { id: other } })
    const cover = await t.app.inject({ method: 'GET', url: sharedFile.json().file_paths[0] })
    expect(cover.statusCode).toBe(200)

    expect((await sendTo(t, bob, 'DELETE /media/:id/delete', { params: { id: other } })).statusCode).toBe(200)
    await expectNothingLeft()
  })
})

describe(`posts: the forum list (${TEST_DB})`, () => {
  async function walk(query: Record<string, string | number>, user?: User, useLegacy = false) {
    const seen: string[] = []
    let cursor: Record<string, unknown> | null = null
    for (let page = 0; page < 100; page++) {
      const extra: Record<string, string | number> = cursor
        ? useLegacy
          ? {
              last_id: String(cursor.id),
              last_created_at: String(cursor.created_at),
              last_likes: Number(cursor.likes),
            }
          : { cursor: JSON.stringify(cursor) }
        : {}
      const response = await list({ ...query, ...extra }, user)
      expect(response.statusCode).toBe(200)
      const body = response.json()
      seen.push(...body.items.map((item: { id: string }) => item.id))
      if (!body.has_next) {
        expect(body.next_cursor).toBeNull()
        break
      }
      cursor = body.next_cursor
    }
    return seen
  }

  async function hundredPosts() {
    const ada = await makeUser(t)
    const base = Date.parse('2026-01-01T00:00:00Z')
    const ids: string[] = []
    for (let i = 0; i < 100; i++) {
      // Groups of four share a timestamp: the id must break the ties.
      ids.push(
        await dbMakePost(t, ada, {
          title: `Study ${i}`,
          created_at: new Date(base + Math.floor(i / 4) * 60_000),
          likes_count: (i * 37) % 11,
          comments_count: i % 3,
          tags: i % 2 ? ['odd'] : ['even'],
        }),
      )
    }
    return { ada, ids }
  }

  it.each([
    ['time_desc', false],
    ['recent_asc', false],
    ['hot_desc', false],
    ['hot_asc', false],
    ['recent_desc', true],
    ['hot_desc', true],
  ])(
    'pages through 100 posts by %s (legacy last_* params: %s) without repeating or skipping',
    async (sort, legacy) => {
      const { ids } = await hundredPosts()
      const seen = await walk({ sort_by: sort, limit: 7 }, undefined, legacy)
      expect(seen).toHaveLength(100)
      expect(new Set(seen)).toEqual(new Set(ids))
    },
  )

  it('orders by recency and by hot score as asked', async () => {
    const { ids } = await hundredPosts()
    const recent = (await list({ sort_by: 'recent_desc', limit: 50 }))
      .json()
      .items.map((item: { id: string }) => item.id)
    expect(recent.slice(0, 4).sort()).toEqual(ids.slice(96).sort())
    const rows = await t.database.db
      .selectFrom('posts')
      .select(['id', 'hot_score'])
      .orderBy('hot_score', 'desc')
      .orderBy('id', 'desc')
      .execute()
    const hot = (await list({ sort_by: 'hot_desc', limit: 50 }))
      .json()
      .items.map((item: { id: string }) => item.id)
    expect(hot).toEqual(rows.slice(0, 50).map((row) => row.id))
  })

  it('defaults to 12 items and caps the limit at 50', async () => {
    await hundredPosts()
    expect((await list({})).json().items).toHaveLength(12)
    expect((await list({ limit: 2000 })).json().items).toHaveLength(50)
  })

  it('filters by media type', async () => {
    const ada = await makeUser(t)
    await dbMakePost(t, ada, { media_type: 'video', title: 'Clip' })
    await dbMakePost(t, ada, { media_type: 'image', title: 'Picture' })
    const items = (await list({ media_type: 'video' })).json().items
    expect(items.map((item: { title: string }) => item.title)).toEqual(['Clip'])
  })

  it.each([
    [{ sort_by: 'popular' }, 'Unknown sort_by "popular"'],
    [{ media_type: 'hologram' }, 'Unknown media_type "hologram"'],
    [{ cursor: '{not json' }, 'Invalid cursor'],
    [{ cursor: '[1,2]' }, 'Invalid cursor'],
    [{ cursor: JSON.stringify({ id: 'x', created_at: '2026-01-01T00:00:00Z', likes: 0 }) }, 'Invalid cursor'],
    [
      {
        cursor: JSON.stringify({
          id: '0190f0e8-0000-7000-8000-000000000000',
          created_at: 'yesterday',
          likes: 0,
        }),
      },
      'Invalid cursor',
    ],
    [{ last_id: '0190f0e8-0000-7000-8000-000000000000', last_created_at: 'soon' }, 'Invalid cursor'],
    [{ limit: 0 }, 'limit'],
  ])('answers 400 for %o', async (query, detail) => {
    const response = await list(query as Record<string, string>)
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toContain(detail)
  })

  it('gives each item the spec fields, with the author and the cover first', async () => {
    const ada = await makeUser(t)
    const response = await sendUpload(
      t,
      ada,
      { title: 'Shape', content: 'Some **bold** claim', tags: 'a,b' },
      [
        { name: 'cover.png', data: pngFile(2) },
        { name: 'doc.pdf', data: pdfFile() },
      ],
    )
    const id = response.json().post_id
    const [item] = (await list({})).json().items
    expect(item).toMatchObject({
      _id: id,
      id,
      title: 'Shape',
      summary: '',
      preview: 'Some bold claim',
      user_id: ada.id,
      user_name: ada.username,
      author: ada.username,
      user_avatar: '',
      avatar: '',
      media_type: 'image',
      tags: ['a', 'b'],
      likes: 0,
      comments: 0,
      visibility: 'public',
    })
    expect(item.file_paths).toHaveLength(2)
    expect(item.media[0]).toMatchObject({ kind: 'image', name: 'cover.png', url: item.file_paths[0] })
    expect(item).not.toHaveProperty('matched_comment_id')
  })
})

describe(`posts: search (${TEST_DB})`, () => {
  it('finds posts by title, tag, summary, content and author, as a prefix while typing', async () => {
    const ada = await makeUser(t, { username: 'lovelace' })
    const neural = await dbMakePost(t, ada, { title: 'Neural networks in the cortex' })
    const tagged = await dbMakePost(t, ada, { title: 'Untitled', tags: ['crispr'] })
    const summarised = await dbMakePost(t, ada, {
      title: 'Plain',
      summary: 'Quantum entanglement measured',
    })
    const bodied = await dbMakePost(t, ada, {
      title: 'Body',
      content: 'We observed superconductivity at 90K.',
    })
    const titles = async (search: string) =>
      (await list({ search })).json().items.map((item: { id: string }) => item.id)

    expect(await titles('neur')).toEqual([neural])
    expect(await titles('Neural netw')).toEqual([neural])
    expect(await titles('CRISP')).toEqual([tagged])
    expect(await titles('entangle')).toEqual([summarised])
    expect(await titles('superconduct')).toEqual([bodied])
    expect((await titles('lovel')).sort()).toEqual([neural, tagged, summarised, bodied].sort())
    expect(await titles('neural crispr')).toEqual([])
    expect(await titles('!!! ()')).toHaveLength(4)
  })

  it('copes with stop words, other scripts and long queries', async () => {
    const ada = await makeUser(t)
    const chinese = await dbMakePost(t, ada, { title: '神经网络 研究', tags: ['深度学习'] })
    const the = await dbMakePost(t, ada, { title: 'The theory of everything' })
    const ids = async (search: string) => {
      const response = await list({ search })
      expect(response.statusCode).toBe(200)
      return response.json().items.map((item: { id: string }) => item.id)
    }
    expect(await ids('神经网络')).toEqual([chinese])
    expect(await ids('深度')).toEqual([chinese])
    expect(await ids('the')).toEqual([the])
    expect(await ids('a b c d e f g h i j k l m n o p')).toEqual([])
    expect(await ids("o'brien & (x | y) <-> z:*")).toEqual([])
  })

  it('finds a renamed author under the new name', async () => {
    const ada = await makeUser(t, { username: 'oldname' })
    const id = await dbMakePost(t, ada, { title: 'Anything' })
    await t.database.db
      .updateTable('users')
      .set({ username: 'freshname', nickname: 'freshname' })
      .where('id', '=', ada.id)
      .execute()
    const found = (await list({ search: 'freshn' })).json().items
    expect(found.map((item: { id: string }) => item.id)).toEqual([id])
    expect((await list({ search: 'oldname' })).json().items).toEqual([])
  })

  it('ranks a title hit above a content hit by default, and keeps the asked order otherwise', async () => {
    const ada = await makeUser(t)
    const inTitle = await dbMakePost(t, ada, {
      title: 'Graphene',
      created_at: new Date('2026-01-01T00:00:00Z'),
    })
    const inContent = await dbMakePost(t, ada, {
      title: 'Other',
      content: 'a note on graphene',
      created_at: new Date('2026-02-01T00:00:00Z'),
    })
    const ids = async (query: Record<string, string>) =>
      (await list(query)).json().items.map((item: { id: string }) => item.id)
    expect(await ids({ search: 'graph' })).toEqual([inTitle, inContent])
    expect(await ids({ search: 'graph', sort_by: 'recent_desc' })).toEqual([inContent, inTitle])
  })

  /** `count` posts titled `titleOf(i)`, a second apart from 2026-04-01, oldest first; their ids. */
  async function postsInOrder(count: number, titleOf: (i: number) => string) {
    const ada = await makeUser(t)
    const ids: string[] = []
    for (let i = 0; i < count; i++) {
      const created_at = new Date(Date.parse('2026-04-01T00:00:00Z') + i * 1000)
      ids.push(await dbMakePost(t, ada, { title: titleOf(i), created_at }))
    }
    return ids
  }

  /** The relevance candidates for `term` (5 at most, from a window of the 10 newest posts), ids sorted. */
  async function hits(term: string) {
    const candidates = postSearchSource.hits(prefixQuery([term]), 5, { window: 10 })
    const { rows } = await sql<{ post_id: string }>`${candidates}`.execute(t.database.db)
    return rows.map((row) => row.post_id).sort()
  }

  it('takes relevance candidates from the newest posts when a word is common, from the index when it is rare', async () => {
    const ids = await postsInOrder(30, (i) => `alpha ${i < 3 ? 'omega' : 'beta'}`)
    // Common: the window of the 10 newest posts already holds 5 matches, the newest five.
    expect(await hits('alpha')).toEqual(ids.slice(25).sort())
    // Rare: nothing in the window, so the index finds the three oldest posts.
    expect(await hits('omega')).toEqual(ids.slice(0, 3).sort())
    expect(await hits('nothing')).toEqual([])
  })

  it('takes the newest matches of a word of middling frequency from a wider window, or from the index when that does not fill', async () => {
    // 80 posts, oldest first. 'gamma' in every fourth; 'delta' in two of the newest ten and in
    // every fourth of the oldest forty (so the window of 40 holds only those two).
    const gamma = (i: number) => i % 4 === 0
    const delta = (i: number) => (i >= 74 && i % 3 === 0) || (i < 40 && i % 4 === 0)
    const ids = await postsInOrder(80, (i) =>
      `${gamma(i) ? 'gamma' : 'filler'} ${delta(i) ? 'delta' : ''}`.trim(),
    )
    const newestFive = (matches: (i: number) => boolean) =>
      ids
        .filter((_, i) => matches(i))
        .slice(-5)
        .sort()
    // The 10 newest hold 2 or 3 of 'gamma' (fewer than 5, enough for the window of 40 to fill).
    expect(await hits('gamma')).toEqual(newestFive(gamma))
    // 'delta': two in the 10 newest, still two in the 40 newest, so the index finds the rest.
    expect(await hits('delta')).toEqual(newestFive(delta))
  })

  it('pages search results by relevance and by an explicit sort without repeating or skipping', async () => {
    const ada = await makeUser(t)
    const matching: string[] = []
    for (let i = 0; i < 60; i++) {
      const id = await dbMakePost(t, ada, {
        title: i % 3 === 0 ? `Protein folding ${i}` : `Study ${i}`,
        content: i % 3 === 0 ? '' : i % 2 ? 'protein data' : 'protein protein protein models',
        created_at: new Date(Date.parse('2026-03-01T00:00:00Z') + Math.floor(i / 5) * 1000),
      })
      matching.push(id)
      await dbMakePost(t, ada, { title: `Unrelated ${i}` })
    }
    for (const sort of ['time_desc', 'hot_desc', 'recent_asc']) {
      const seen: string[] = []
      let cursor: unknown = null
      for (let page = 0; page < 30; page++) {
        const body = (
          await list({
            search: 'protein',
            sort_by: sort,
            limit: 8,
            ...(cursor ? { cursor: JSON.stringify(cursor) } : {}),
          })
        ).json()
        seen.push(...body.items.map((item: { id: string }) => item.id))
        if (!body.has_next) break
        cursor = body.next_cursor
      }
      expect(seen).toHaveLength(60)
      expect(new Set(seen)).toEqual(new Set(matching))
    }
  })
})

describe(`posts: author and liked lists, stats (${TEST_DB})`, () => {
  it("pages an author's posts by skip/limit, hides private ones from others", async () => {
    const [ada, bob] = [await makeUser(t), await makeUser(t)]
    const db = t.database.db
    const base = Date.parse('2026-01-01T00:00:00Z')
    for (let i = 0; i < 15; i++)
      await dbMakePost(t, ada, { title: `P${i}`, created_at: new Date(base + i * 1000) })
    await dbMakePost(t, ada, {
      title: 'Hidden',
      visibility: 'private',
      created_at: new Date(base + 99_000),
    })
    const page = async (user: User | undefined, query: string) =>
      (
        await sendTo(t, user ?? null, 'GET /media/user/:id/posts', {
          params: { id: ada.id },
          query: Object.fromEntries(new URLSearchParams(query)),
        })
      ).json()
    const first = await page(bob, '')
    expect(first).toHaveLength(12)
    expect(first[0].title).toBe('P14')
    expect((await page(bob, 'skip=12')).map((item: { title: string }) => item.title)).toEqual([
      'P2',
      'P1',
      'P0',
    ])
    expect((await page(ada, 'limit=1'))[0].title).toBe('Hidden')
    expect(
      (await page(bob, 'sort_by=recent_asc&limit=2')).map((item: { title: string }) => item.title),
    ).toEqual(['P0', 'P1'])

    await db.updateTable('users').set({ public_posts: false }).where('id', '=', ada.id).execute()
    const hidden = await send(t, bob, 'GET', `/api/v1/media/user/${ada.id}/posts`)
    expect(hidden.statusCode).toBe(403)
    expect((await page(ada, 'limit=50')).length).toBe(16)
    const unknown = await sendTo(t, null, 'GET /media/user/:id/posts', {
      params: { id: '00000000-0000-0000-0000-000000000000' },
    })
    expect(unknown.statusCode).toBe(404)
  })

  it('lists the posts a user liked, newest like first', async () => {
    const [ada, bob] = [await makeUser(t), await makeUser(t)]
    const db = t.database.db
    const first = await dbMakePost(t, ada, { title: 'First' })
    const second = await dbMakePost(t, ada, { title: 'Second' })
    const secret = await dbMakePost(t, ada, { title: 'Secret', visibility: 'private' })
    for (const id of [second, first]) expect((await sendLikePost(t, bob, id)).statusCode).toBe(200)
    // Apart in time as set in the database, not waited for: the first like an hour before the second.
    await sql`update post_likes set created_at = created_at - interval '1 hour' where post_id = ${second}`.execute(
      db,
    )
    await dbLikePost(t, bob, secret)
    const liked = await sendTo(t, null, 'GET /media/user/:id/liked', { params: { id: bob.id } })
    expect(liked.json().map((item: { title: string }) => item.title)).toEqual(['First', 'Second'])
    const byAuthor = await send(t, ada, 'GET', `/api/v1/media/user/${bob.id}/liked`)
    expect(byAuthor.json().map((item: { title: string }) => item.title)).toEqual([
      'Secret',
      'First',
      'Second',
    ])
  })

  it('counts members, the posts and comments every reader can see, and confirmed faucet tokens for the heroes', async () => {
    const [ada] = [await makeUser(t), await makeUser(t)]
    await dbMakePost(t, ada, { comments_count: 3 })
    await dbMakePost(t, ada, { comments_count: 2, visibility: 'private' })
    const grant = { user_id: ada.id, address: 'addr', ip: '127.0.0.1', cluster: 'localnet', mint: 'mint' }
    await t.database.db
      .insertInto('faucet_grants')
      .values([
        { ...grant, id: '0190f0e8-0000-7000-8000-000000000001', amount: 2.5 },
        { ...grant, id: '0190f0e8-0000-7000-8000-000000000002', amount: 100 },
      ])
      .execute()
    await t.database.db
      .updateTable('faucet_grants')
      .set({ status: 'confirmed' })
      .where('amount', '=', 2.5)
      .execute()
    const stats = await sendTo(t, null, 'GET /stats')
    expect(stats.statusCode).toBe(200)
    // Whole tokens, rounded down; no rewards earned by accounts this new. The private post and its
    // comments are not counted: a visitor could never find them.
    expect(stats.json()).toEqual({
      members: 2,
      posts: 1,
      comments: 3,
      tokens_distributed: 2,
      tokens_earned: 0,
    })
  })
})
