import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import {
  apiMakeComment,
  apiMakePost,
  dbMakePost,
  makeUser,
  send,
  sendEditPost,
  sendTo,
  type TestUser,
} from '../../../test/factories'
import { counterMismatches } from '../../../test/faults/recount'
import {
  multipart,
  pdfFile,
  pngFile,
  storedFiles as storedFilesUnder,
  type UploadFile,
} from '../../../test/files'
import { TEST_DB, useTestApp } from '../../../test/harness'
import type { DomainEvents } from '../../events/events'
import { manifestCidOf } from './versions.manifest'

// The read cache on: a new version must reach anonymous readers at once.
const t = useTestApp({ READ_CACHE_MS: '60000', COMMENT_RATE_LIMIT: '1000' }, { blobs: true })
const MB = 1024 * 1024

function sendVersion(user: TestUser | null, postId: string, fields: [string, string][], files: UploadFile[]) {
  const body = multipart(fields, files)
  return sendTo(t, user, 'POST /media/:id/versions', { params: { id: postId }, form: body })
}

/** The manifest the server should give these files: computed here from the bytes given inline. */
const manifestOf = (files: Record<string, Buffer>) =>
  manifestCidOf(
    Object.entries(files).map(([name, data]) => ({
      name,
      open: async function* () {
        yield data
      },
    })),
  )

async function blobRefs(): Promise<Record<string, number>> {
  const rows = await t.database.db.selectFrom('blobs').select(['cid', 'refs']).execute()
  return Object.fromEntries(rows.map((row) => [row.cid, row.refs]))
}

/** Every blob's refs equal the rows of post_files and post_version_files naming it. */
async function expectExactRefs() {
  const { rows } = await sql<{ cid: string; refs: number; counted: number }>`
    select b.cid, b.refs,
      ((select count(*) from post_files f where f.cid = b.cid)
        + (select count(*) from post_version_files v where v.cid = b.cid))::int as counted
    from blobs b
  `.execute(t.database.db)
  expect(rows.filter((row) => Number(row.refs) !== Number(row.counted))).toEqual([])
  expect(await counterMismatches(t.database.db)).toEqual([])
}

/** How many files are in the blob directory and in staging. */
function storedFiles() {
  const { blobs, staging } = storedFilesUnder(t.config.dataDir)
  return { blobs: blobs.length, staging: staging.length }
}

async function tableCounts() {
  const { rows } = await sql<{ versions: number; earlier: number; current: number; blobs: number }>`
    select (select count(*) from post_versions)::int as versions,
           (select count(*) from post_version_files)::int as earlier,
           (select count(*) from post_files)::int as current,
           (select count(*) from blobs)::int as blobs
  `.execute(t.database.db)
  return rows[0]
}

const figure1 = pngFile(11)
const figure2 = pngFile(12)
const paper = pdfFile('Version one')
const notes = Buffer.from('# Notes\n\nWhat changed.\n')

/** Ada's post with figure.png and paper.pdf (version 1). */
async function adasPost(fields: Record<string, string> = {}) {
  const ada = await makeUser(t)
  const { post_id: id } = await apiMakePost(t, ada, { title: 'Lichens under UV', ...fields }, [
    { name: 'figure.png', data: figure1 },
    { name: 'paper.pdf', data: paper },
  ])
  return { ada, id }
}

/** A new version that must be published (201): answers the post as it now is. */
async function publishVersion(
  user: TestUser,
  postId: string,
  fields: Record<string, string>,
  files: UploadFile[],
) {
  const response = await sendVersion(user, postId, Object.entries(fields), files)
  expect(response.statusCode).toBe(201)
  return response.json()
}

/** `count` small Markdown files, n1.md… */
const noteFiles = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `n${i + 1}.md`, data: Buffer.from(`note ${i + 1}\n`) }))

/** A new version of Ada's post is refused with 400 and `detail`, and nothing changes. */
async function expectRefused(fields: [string, string][], files: UploadFile[], detail: string) {
  const { ada, id } = await adasPost()
  const before = await tableCounts()
  const response = await sendVersion(ada, id, fields, files)
  expect(response.statusCode).toBe(400)
  expect(response.json().detail).toBe(detail)
  expect((await sendTo(t, null, 'GET /media/:id', { params: { id } })).json().version).toBe(1)
  expect(await tableCounts()).toEqual(before)
  expect(storedFiles()).toEqual({ blobs: 2, staging: 0 })
}

describe(`versions of a post's files (${TEST_DB})`, () => {
  afterEach(async () => {
    await sql`drop trigger if exists versions_test_fail_trg on post_versions`.execute(t.database.db)
  })

  it('writes version 1 with the post, its manifest the CID of a directory of its files', async () => {
    const { ada, id } = await adasPost()
    const detail = (await sendTo(t, null, 'GET /media/:id', { params: { id } })).json()
    expect(detail).toMatchObject({
      version: 1,
      version_count: 1,
      version_changelog: '',
      manifest_cid: await manifestOf({ 'figure.png': figure1, 'paper.pdf': paper }),
    })
    const versions = await sendTo(t, ada, 'GET /media/:id/versions', { params: { id } })
    expect(versions.statusCode).toBe(200)
    expect(versions.json()).toMatchObject({
      post_id: id,
      current: 1,
      items: [{ version: 1, changelog: '', created_by: ada.id, manifest_cid: detail.manifest_cid }],
    })
    expect(versions.json().items[0].files.map((file: { name: string }) => file.name)).toEqual([
      'figure.png',
      'paper.pdf',
    ])
  })

  it('lets a new file replace a kept file of the same name, in its place', async () => {
    const { ada, id } = await adasPost()
    const v1 = (await sendTo(t, null, 'GET /media/:id', { params: { id } })).json()
    const newer = pdfFile('the corrected paper')
    const v2 = await publishVersion(ada, id, { changelog: 'Corrected PDF', keep: 'figure.png,paper.pdf' }, [
      { name: 'paper.pdf', data: newer },
    ])
    expect(v2.media.map((file: { name: string }) => file.name)).toEqual(['figure.png', 'paper.pdf'])
    expect(v2.media[0].cid).toBe(v1.media[0].cid)
    expect(v2.media[1].cid).not.toBe(v1.media[1].cid)
    expect(v2.manifest_cid).toBe(await manifestOf({ 'figure.png': figure1, 'paper.pdf': newer }))
  })

  it('publishes a new version: kept files carried over, a same-named file replaced in place, new ones after', async () => {
    const { ada, id } = await adasPost()
    const v1 = (await sendTo(t, null, 'GET /media/:id', { params: { id } })).json()
    const v2 = await publishVersion(
      ada,
      id,
      { changelog: 'Sharper figure, notes added', keep: 'paper.pdf' },
      [
        { name: 'notes.md', data: notes },
        { name: 'figure.png', data: figure2 },
      ],
    )
    expect(v2).toMatchObject({
      id,
      version: 2,
      version_count: 2,
      version_changelog: 'Sharper figure, notes added',
      manifest_cid: await manifestOf({ 'figure.png': figure2, 'paper.pdf': paper, 'notes.md': notes }),
    })
    expect(v2.media.map((file: { name: string }) => file.name)).toEqual([
      'figure.png',
      'paper.pdf',
      'notes.md',
    ])
    // The unchanged PDF is the same blob under the same CID.
    expect(v2.media[1].cid).toBe(v1.media[1].cid)
    expect(v2.media[0].cid).not.toBe(v1.media[0].cid)

    // Anonymous readers (the read cache) and the lists see the new version at once.
    expect((await sendTo(t, null, 'GET /media/:id', { params: { id } })).json()).toMatchObject({
      version: 2,
      manifest_cid: v2.manifest_cid,
    })
    const card = (await sendTo(t, null, 'GET /media/list'))
      .json()
      .items.find((item: { id: string }) => item.id === id)
    expect(card.media.map((file: { cid: string }) => file.cid)).toEqual(
      v2.media.map((file: { cid: string }) => file.cid),
    )

    // Version 1 stays viewable, and its files downloadable at their own CIDs.
    const old = await sendTo(t, null, 'GET /media/:id', { params: { id }, query: { version: '1' } })
    expect(old.statusCode).toBe(200)
    expect(old.json()).toMatchObject({
      version: 1,
      version_count: 2,
      version_changelog: '',
      manifest_cid: v1.manifest_cid,
      media: v1.media,
      title: 'Lichens under UV',
    })
    const oldFigure = await t.app.inject({ method: 'GET', url: v1.media[0].url })
    expect(oldFigure.statusCode).toBe(200)
    expect(oldFigure.rawPayload.equals(figure1)).toBe(true)
    expect(
      (await sendTo(t, null, 'GET /media/:id', { params: { id }, query: { version: '2' } })).json().media,
    ).toEqual(v2.media)

    const list = (await sendTo(t, null, 'GET /media/:id/versions', { params: { id } })).json()
    expect(list.current).toBe(2)
    expect(
      list.items.map((item: { version: number; changelog: string }) => [item.version, item.changelog]),
    ).toEqual([
      [1, ''],
      [2, 'Sharper figure, notes added'],
    ])
    expect(list.items[0].files.map((file: { cid: string }) => file.cid)).toEqual(
      v1.media.map((file: { cid: string }) => file.cid),
    )
    expect(list.items[1].manifest_cid).toBe(v2.manifest_cid)

    // Stored once: figure 1, figure 2, the PDF and the notes; the PDF named by both versions.
    expect(await tableCounts()).toEqual({ versions: 2, earlier: 2, current: 3, blobs: 4 })
    expect(storedFiles()).toEqual({ blobs: 4, staging: 0 })
    const refs = await blobRefs()
    expect(refs[v1.media[1].cid]).toBe(2)
    expect(refs[v1.media[0].cid]).toBe(1)
    expect(refs[v2.media[0].cid]).toBe(1)
    await expectExactRefs()
  })

  it('answers 404 with a detail for a version out of range', async () => {
    const { ada, id } = await adasPost()
    await publishVersion(ada, id, { changelog: 'Two' }, [{ name: 'n.md', data: notes }])
    for (const version of ['3', '0', '-1', '99999999999']) {
      const response = await sendTo(t, null, 'GET /media/:id', { params: { id }, query: { version } })
      expect(response.statusCode, version).toBe(404)
      expect(response.json().detail).toBe('This post has no such version')
    }
    expect(
      (await sendTo(t, null, 'GET /media/:id', { params: { id }, query: { version: 'abc' } })).statusCode,
    ).toBe(400)
  })

  it('takes `keep` repeated or comma-separated, and a name holding a comma as one name', async () => {
    const ada = await makeUser(t)
    const { post_id: id } = await apiMakePost(t, ada, { title: 'Three files' }, [
      { name: 'a.png', data: pngFile(21) },
      { name: 'b, final.pdf', data: pdfFile('b') },
      { name: 'c.md', data: Buffer.from('c\n') },
    ])
    const names = (response: { json(): { media: { name: string }[] } }) =>
      response.json().media.map((file) => file.name)

    const repeated = await sendVersion(
      ada,
      id,
      [
        ['changelog', 'Keep two'],
        ['keep', 'a.png'],
        ['keep', 'b, final.pdf'],
      ],
      [],
    )
    expect(repeated.statusCode).toBe(201)
    expect(names(repeated)).toEqual(['a.png', 'b, final.pdf'])

    const commas = await sendVersion(
      ada,
      id,
      [
        ['changelog', 'Keep one'],
        ['keep', ' a.png , '],
      ],
      [{ name: 'd.md', data: Buffer.from('d\n') }],
    )
    expect(commas.statusCode).toBe(201)
    expect(names(commas)).toEqual(['a.png', 'd.md'])
    expect(commas.json().version).toBe(3)
    await expectExactRefs()
  })

  it.each([
    ['no changelog', [] as [string, string][], 'Say in one line what changed (changelog)'],
    [
      'a blank changelog',
      [['changelog', '   ']] as [string, string][],
      'Say in one line what changed (changelog)',
    ],
    [
      'a changelog of two lines',
      [['changelog', 'one\ntwo']] as [string, string][],
      'The changelog is one line',
    ],
    [
      'a changelog over 200 characters',
      [['changelog', 'x'.repeat(201)]] as [string, string][],
      'The changelog is at most 200 characters',
    ],
    [
      'keeping a file that is not there',
      [
        ['changelog', 'Keep'],
        ['keep', 'nope.pdf'],
      ] as [string, string][],
      'There is no file named nope.pdf in the current version',
    ],
  ])('refuses %s with 400 and changes nothing', (_what, fields, detail) =>
    expectRefused(fields, [{ name: 'notes.md', data: notes }], detail),
  )

  it.each([
    [
      'without files',
      [['changelog', 'Nothing']],
      [],
      'A version needs at least one file: upload one or keep one',
    ],
    [
      'with two new files of one name',
      [['changelog', 'Twice']],
      [
        { name: 'notes.md', data: notes },
        { name: 'notes.md', data: noteFiles(1)[0]!.data },
      ],
      'Two files of the new version are named notes.md',
    ],
    [
      'with more than 5 files, kept and new',
      [
        ['changelog', 'Many'],
        ['keep', 'figure.png,paper.pdf'],
      ],
      noteFiles(4),
      'A version holds at most 5 files',
    ],
    ['with more than 5 new files', [['changelog', 'Six']], noteFiles(6), 'Maximum 5 files allowed'],
  ] as [string, [string, string][], UploadFile[], string][])(
    'refuses a version %s with 400 and changes nothing',
    (_what, fields, files, detail) => expectRefused(fields, files, detail),
  )

  it('refuses a binary file with 415 and changes nothing', async () => {
    const { ada, id } = await adasPost()
    const exe = await sendVersion(
      ada,
      id,
      [['changelog', 'Binary']],
      [{ name: 'run.exe', data: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff') }],
    )
    expect(exe.statusCode).toBe(415)

    expect((await sendTo(t, null, 'GET /media/:id', { params: { id } })).json().version).toBe(1)
    expect(await tableCounts()).toEqual({ versions: 1, earlier: 0, current: 2, blobs: 2 })
    expect(storedFiles()).toEqual({ blobs: 2, staging: 0 })
  })

  it('lets only the author publish: 401 signed out, 403 others, 404 for a private post or none', async () => {
    const { ada, id } = await adasPost()
    const bob = await makeUser(t)
    const { post_id: secret } = await apiMakePost(t, ada, { title: 'Secret', visibility: 'private' })
    const file = [{ name: 'notes.md', data: notes }]
    const fields: [string, string][] = [['changelog', 'Mine']]

    const anonymous = await sendVersion(null, id, fields, file)
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().detail).toBe('Please login to upload a new version')
    const other = await sendVersion(bob, id, fields, file)
    expect(other.statusCode).toBe(403)
    expect(other.json().detail).toBe('Only the post author can publish a new version')
    expect((await sendVersion(bob, secret, fields, file)).statusCode).toBe(404)
    expect((await sendVersion(ada, '0190d3c6-0000-7000-8000-000000000000', fields, file)).statusCode).toBe(
      404,
    )
    expect((await sendVersion(ada, 'not-an-id', fields, file)).statusCode).toBe(404)
    expect(storedFiles()).toEqual({ blobs: 3, staging: 0 })

    // Versions of a private post are as hidden as the post.
    expect((await sendTo(t, null, 'GET /media/:id/versions', { params: { id: secret } })).statusCode).toBe(
      404,
    )
    expect((await sendTo(t, bob, 'GET /media/:id/versions', { params: { id: secret } })).statusCode).toBe(404)
    expect((await sendTo(t, ada, 'GET /media/:id/versions', { params: { id: secret } })).statusCode).toBe(200)
    expect(
      (await sendTo(t, bob, 'GET /media/:id', { params: { id: secret }, query: { version: '1' } }))
        .statusCode,
    ).toBe(404)
    // A version that does not exist says no more than the post would: nothing of it to bob.
    for (const viewer of [bob, undefined]) {
      const hidden = await sendTo(t, viewer ?? null, 'GET /media/:id', {
        params: { id: secret },
        query: { version: '99' },
      })
      expect(hidden.statusCode).toBe(404)
      expect(hidden.json().detail).toBe('Post not found')
    }
    expect(
      (await sendTo(t, ada, 'GET /media/:id', { params: { id: secret }, query: { version: '99' } })).json()
        .detail,
    ).toBe('This post has no such version')
    expect((await sendVersion(ada, secret, fields, file)).statusCode).toBe(201)
  })

  it('leaves no half version and no orphan file when the upload stops at a file over 50 MB', async () => {
    const { ada, id } = await adasPost()
    const before = { counts: await tableCounts(), refs: await blobRefs() }
    const response = await sendVersion(
      ada,
      id,
      [['changelog', 'Too big']],
      [
        { name: 'notes.md', data: notes },
        { name: 'huge.txt', data: Buffer.alloc(51 * MB, 'a') },
      ],
    )
    expect(response.statusCode).toBe(413)
    expect(response.json().detail).toBe('File huge.txt exceeds 50MB limit')
    expect(await tableCounts()).toEqual(before.counts)
    expect(await blobRefs()).toEqual(before.refs)
    expect(storedFiles()).toEqual({ blobs: 2, staging: 0 })
    expect((await sendTo(t, null, 'GET /media/:id', { params: { id } })).json().version).toBe(1)
  })

  it('leaves no half version and no orphan file when the database fails after the files were stored', async () => {
    const { ada, id } = await adasPost()
    const before = { counts: await tableCounts(), refs: await blobRefs() }
    // Fails the insert of the new version's row: after the new file's bytes went into the store
    // and the current files moved to the earlier versions' table.
    await sql`
      create or replace function versions_test_fail() returns trigger language plpgsql as $$
      begin
        if new.changelog = 'fail here' then raise exception 'injected failure'; end if;
        return new;
      end $$
    `.execute(t.database.db)
    await sql`
      create trigger versions_test_fail_trg before insert on post_versions
      for each row execute function versions_test_fail()
    `.execute(t.database.db)

    const response = await sendVersion(
      ada,
      id,
      [
        ['changelog', 'fail here'],
        ['keep', 'paper.pdf'],
      ],
      [{ name: 'notes.md', data: notes }],
    )
    expect(response.statusCode).toBe(500)
    expect(await tableCounts()).toEqual(before.counts)
    expect(await blobRefs()).toEqual(before.refs)
    expect(storedFiles()).toEqual({ blobs: 2, staging: 0 })
    const post = (await sendTo(t, null, 'GET /media/:id', { params: { id } })).json()
    expect(post).toMatchObject({ version: 1, version_count: 1 })
    expect(post.media.map((file: { name: string }) => file.name)).toEqual(['figure.png', 'paper.pdf'])
    await expectExactRefs()
  })

  it('releases every version’s files nothing else uses when the post is deleted; shared ones stay', async () => {
    const { ada, id } = await adasPost()
    const bob = await makeUser(t)
    // Bob's post shares the PDF; figure 2 will be used by Ada's version 2 only.
    const { post_id: bobs } = await apiMakePost(t, bob, { title: 'Same paper' }, [
      { name: 'p.pdf', data: paper },
    ])
    await publishVersion(ada, id, { changelog: 'v2', keep: 'paper.pdf' }, [
      { name: 'figure.png', data: figure2 },
    ])
    await publishVersion(ada, id, { changelog: 'v3', keep: 'figure.png' }, [
      { name: 'notes.md', data: notes },
    ])
    expect(await tableCounts()).toEqual({ versions: 4, earlier: 4, current: 3, blobs: 4 })
    await expectExactRefs()

    const deleted = await send(t, ada, 'DELETE', `/api/v1/media/${id}/delete`)
    expect(deleted.statusCode).toBe(200)
    expect(await tableCounts()).toEqual({ versions: 1, earlier: 0, current: 1, blobs: 1 })
    const bobsPdf = (await sendTo(t, null, 'GET /media/:id', { params: { id: bobs } })).json().media[0]
    expect(await blobRefs()).toEqual({ [bobsPdf.cid]: 1 })
    expect(storedFiles()).toEqual({ blobs: 1, staging: 0 })
    await expectExactRefs()
    expect((await t.app.inject({ method: 'GET', url: bobsPdf.url })).statusCode).toBe(200)
  })

  it('records on each comment the version it was written on', async () => {
    const { ada, id } = await adasPost()
    const first = await apiMakeComment(t, ada, id, { content: 'On the first version' })
    await publishVersion(ada, id, { changelog: 'Two' }, [{ name: 'n.md', data: notes }])
    const second = await apiMakeComment(t, ada, id, { content: 'On the second version' })
    const { rows } = await sql<{ id: string; post_version: number }>`
      select id, post_version from comments where post_id = ${id}
    `.execute(t.database.db)
    expect(Object.fromEntries(rows.map((row) => [row.id, row.post_version]))).toEqual({
      [first._id]: 1,
      [second._id]: 2,
    })
    // …and each comment's view says it, for the page to mark one written on an earlier version.
    expect([first.post_version, second.post_version]).toEqual([1, 2])
    const listed = await sendTo(t, null, 'GET /comments/post/:id', { params: { id } })
    expect(listed.statusCode).toBe(200)
    expect(
      Object.fromEntries(
        (listed.json() as { _id: string; post_version: number }[]).map((c) => [c._id, c.post_version]),
      ),
    ).toEqual({ [first._id]: 1, [second._id]: 2 })
  })

  it('raises post.versioned, re-queues the analysis, and never earns rewards or moves hot_score', async () => {
    const { ada, id } = await adasPost()
    const raised: DomainEvents['post.versioned'][] = []
    t.app.ctx.events.inTransaction('post.versioned', async (_trx, events) => void raised.push(...events))
    const row = () =>
      t.database.db
        .selectFrom('posts')
        .select(['hot_score', 'version', 'revision'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
      (await query.execute(t.database.db)).rows[0].n
    await t.database.db
      .updateTable('analysis_jobs')
      .set({ status: 'done' })
      .where('post_id', '=', id)
      .execute()
    const before = await row()
    const rewards = await count(sql<{ n: number }>`select count(*)::int as n from reward_entries`)

    await publishVersion(ada, id, { changelog: 'Two' }, [{ name: 'n.md', data: notes }])
    expect(raised).toEqual([{ postId: id, authorId: ada.id, version: 2 }])
    expect(
      await count(
        sql<{
          n: number
        }>`select count(*)::int as n from analysis_jobs where post_id = ${id} and status = 'queued'`,
      ),
    ).toBe(1)
    expect(await row()).toEqual({ ...before, version: 2 })
    expect(await count(sql<{ n: number }>`select count(*)::int as n from reward_entries`)).toBe(rewards)
  })

  it('versions a post made before versions existed (no version row), and a text edit keeps its version', async () => {
    const ada = await makeUser(t)
    const id = await dbMakePost(t, ada, { title: 'Old post' })
    expect((await sendTo(t, null, 'GET /media/:id', { params: { id } })).json()).toMatchObject({
      version: 1,
      version_count: 1,
      manifest_cid: null,
    })
    const created = await publishVersion(ada, id, { changelog: 'First files' }, [
      { name: 'n.md', data: notes },
    ])
    expect(created).toMatchObject({ version: 2, version_count: 2 })
    expect(
      (await sendTo(t, null, 'GET /media/:id/versions', { params: { id } }))
        .json()
        .items.map((item: { version: number }) => item.version),
    ).toEqual([1, 2])
    const edited = await sendEditPost(t, ada, id, { title: 'Old post, renamed' })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({ version: 2, version_changelog: 'First files' })
    await expectExactRefs()
  })
})
