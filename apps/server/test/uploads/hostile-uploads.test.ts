// Hostile uploads through the real API, blob store and analysis queue: each
// is refused or handled within a bound, and afterwards nothing is half-written: no staged temp
// file, no blob file without its row, no blob row nobody refers to, no post without its files.
// Extraction limits themselves are unit-tested in features/analysis/extract.test.ts.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import JSZip from 'jszip'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analysisQueue } from '../../src/features/analysis/analysis.queue'
import { analysisStore } from '../../src/features/analysis/analysis.store'
import { closeSandboxThreads } from '../../src/features/analysis/sandbox'
import { makeUser, sendTo } from '../factories'
import { multipart, pdfFile, pngFile, type UploadFile } from '../files'
import { createTestApp, TEST_DB, type TestApp } from '../harness'

const MB = 1024 * 1024
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

let t: TestApp
let user: Awaited<ReturnType<typeof makeUser>>
beforeAll(async () => {
  t = await createTestApp()
  user = await makeUser(t)
})
afterAll(async () => {
  await closeSandboxThreads()
  await t.close()
})

function upload(fields: Record<string, string>, files: UploadFile[], cutAt?: number) {
  const form = multipart(fields, files)
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/media/upload',
    headers: { ...user.headers, ...form.headers },
    payload:
      cutAt === undefined ? form.payload : form.payload.subarray(0, Math.floor(form.payload.length * cutAt)),
  })
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
  } catch {
    return []
  }
}

/** Everything that would be left half-written, by kind; all empty when the store is consistent. */
async function leftovers() {
  const db = t.database.db
  const root = join(t.config.dataDir, 'blobs')
  // The heartbeats of staging processes (.staging-owners) are neither blobs nor staging.
  const onDisk = filesUnder(root).filter((path) => !path.includes('.staging-owners'))
  const rows = await db.selectFrom('blobs').select(['cid', 'pinned']).execute()
  const known = new Set(rows.map((row) => row.cid))
  const referenced = new Set(
    (await db.selectFrom('post_files').select('cid').execute()).map((row) => row.cid as string),
  )
  const postsWithoutFiles = await db
    .selectFrom('posts')
    .select('id')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('post_files').select(sql`1`.as('one')).whereRef('post_files.post_id', '=', 'posts.id'),
        ),
      ),
    )
    .execute()
  return {
    staging: onDisk.filter((path) => path.includes('.staging')),
    blobFilesWithoutRow: onDisk
      .filter((path) => !path.includes('.staging'))
      .filter((path) => ![...known].some((cid) => path.endsWith(cid))),
    blobRowsNobodyUses: rows.filter((row) => !row.pinned && !referenced.has(row.cid)).map((row) => row.cid),
    postsWithoutFiles: postsWithoutFiles.map((row) => row.id),
  }
}

async function expectNothingHalfWritten() {
  expect(await leftovers()).toEqual({
    staging: [],
    blobFilesWithoutRow: [],
    blobRowsNobodyUses: [],
    postsWithoutFiles: [],
  })
}

/** A .docx whose document.xml inflates to `inflated` bytes of blanks (it compresses a thousandfold). */
async function docxBomb(inflated: number): Promise<Buffer> {
  const zip = new JSZip()
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  )
  zip.file('_rels/.rels', '<?xml version="1.0"?><Relationships/>')
  zip.file('word/document.xml', new Uint8Array(inflated).fill(0x20))
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })
}

/** Runs the analysis jobs waiting now; answers the job of `postId`. */
async function analyse(postId: string) {
  await analysisQueue(t.app.ctx).drain()
  const [job] = await analysisStore(t.database.db).jobsOf(postId)
  return job
}

describe(`hostile uploads (${TEST_DB})`, { timeout: 60_000 }, () => {
  it('a zip bomb posing as a .docx is stored, but its preview and its analysis stop at the bound', async () => {
    const bomb = await docxBomb(200 * MB)
    expect(bomb.length).toBeLessThan(1 * MB)
    const response = await upload({ title: 'Innocent report' }, [{ name: 'report.docx', data: bomb }])
    expect(response.statusCode).toBe(201)
    const { post_id: postId, post } = response.json()
    expect(post.media[0].mime).toBe(DOCX_MIME)

    const preview = await sendTo(t, null, 'GET /files/:cid/preview', { params: { cid: post.media[0].cid } })
    expect(preview.statusCode).toBe(415)
    expect(preview.json().detail).toBe('This document could not be read for preview')

    const job = await analyse(postId)
    expect(job.status).toBe('failed')
    expect(job.last_error).toBe('The Word file "report.docx" unpacks to more than we analyse.')
    // The server is still serving, and the post is readable without its analysis.
    expect((await sendTo(t, user, 'GET /media/:id', { params: { id: postId } })).statusCode).toBe(200)
    await expectNothingHalfWritten()
  })

  it('a PDF with a broken xref table and one claiming two billion pages are analysed, not hung', async () => {
    const good = pdfFile('Coral reefs bleach when the sea warms')
    const text = good.toString('latin1')
    const brokenXref = Buffer.from(text.replace(/startxref\n\d+/, 'startxref\n999999'), 'latin1')
    const hugeCount = Buffer.from(text.replace('/Count 1', '/Count 2147483647'), 'latin1')
    for (const [name, data] of [
      ['broken-xref.pdf', brokenXref],
      ['huge-count.pdf', hugeCount],
    ] as const) {
      const response = await upload({ title: name }, [{ name, data }])
      expect(response.statusCode).toBe(201)
      const job = await analyse(response.json().post_id)
      // pdf.js rebuilds a broken xref by scanning, and reads only the pages that exist.
      expect(job.status, `${name}: ${job.last_error}`).toBe('done')
    }
    await expectNothingHalfWritten()
  })

  it('types a file by its content, not its name', async () => {
    const response = await upload({ title: 'Misnamed' }, [
      { name: 'paper.pdf', data: pngFile(5), type: 'application/pdf' },
      { name: 'photo.png', data: pdfFile(), type: 'image/png' },
    ])
    expect(response.statusCode).toBe(201)
    expect(
      response.json().post.media.map((file: { name: string; mime: string }) => [file.name, file.mime]),
    ).toEqual([
      ['paper.pdf', 'image/png'],
      ['photo.png', 'application/pdf'],
    ])
    const disguised = await upload({ title: 'Disguised' }, [
      { name: 'notes.pdf', data: Buffer.from('<html><script>window.__xss=1</script></html>') },
    ])
    expect(disguised.statusCode).toBe(415)
    await expectNothingHalfWritten()
  })

  it('keeps only the last part of a name with ../ or a NUL, and writes nothing outside the blob store', async () => {
    const response = await upload({ title: 'Traversal' }, [
      { name: '../../../../tmp/evil\u0000.png', data: pngFile(9) },
      { name: '..\\..\\windows\\system.pdf', data: pdfFile('x') },
    ])
    expect(response.statusCode).toBe(201)
    expect(response.json().post.media.map((file: { name: string }) => file.name)).toEqual([
      'evil.png',
      'system.pdf',
    ])
    const blobPaths = filesUnder(join(t.config.dataDir, 'blobs'))
    const cids = response.json().post.media.map((file: { cid: string }) => file.cid)
    for (const cid of cids) expect(blobPaths.some((path) => path.endsWith(cid))).toBe(true)
    expect(filesUnder(t.config.dataDir).filter((path) => /evil|system/.test(path))).toEqual([])
    await expectNothingHalfWritten()
  })

  it('refuses a 0-byte file with 400 and keeps nothing', async () => {
    const response = await upload({ title: 'Empty' }, [
      { name: 'a.png', data: pngFile(12) },
      { name: 'empty.pdf', data: Buffer.alloc(0) },
    ])
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toBe('File empty.pdf is empty')
    await expectNothingHalfWritten()
  })

  it.each([0.3, 0.5, 0.9])(
    'refuses a multipart body cut off at %s of its length and keeps nothing',
    async (cutAt) => {
      const response = await upload(
        { title: 'Cut off' },
        [
          { name: 'a.png', data: pngFile(11) },
          { name: 'b.pdf', data: pdfFile('cut') },
        ],
        cutAt,
      )
      expect(response.statusCode).toBe(400)
      expect(response.json().detail).toBe('The form data is malformed or was cut off')
      await expectNothingHalfWritten()
    },
  )
})
