import { readdirSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { waitFor } from '@agora/test-kit'
import { parse as parseDisposition } from 'content-disposition'
import { Document, ExternalHyperlink, Packer, Paragraph, TextRun } from 'docx'
import { describe, expect, it } from 'vitest'
import { makeUser, sendForm, sendTo } from '../../../test/factories'
import { beginUpload, multipart, pdfFile, pngFile } from '../../../test/files'
import { TEST_DB, useTestApp } from '../../../test/harness'
import { stageStream } from '../../blobs/index'
import { parseRange } from './files.routes'

const t = useTestApp({}, { blobs: true })

type User = Awaited<ReturnType<typeof makeUser>>

async function uploadIpfs(user: User | null, name: string, data: Buffer) {
  const body = multipart({}, [{ name, data, field: 'file' }])
  return sendForm(t, user, '/api/v1/media/upload/ipfs', body)
}

/** Puts bytes in the store with a given type, as a row the upload path would never write. */
async function storeRaw(bytes: Buffer, mime: string) {
  const store = t.app.ctx.blobs
  const staged = await stageStream(
    (async function* () {
      yield bytes
    })(),
    store.stagingDir,
  )
  await store.put(staged, mime)
  await t.database.db
    .insertInto('blobs')
    .values({ cid: staged.cid, size: bytes.length, mime, pinned: true })
    .execute()
  return staged.cid
}

describe('parseRange', () => {
  it.each([
    [undefined, 'all'],
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=90-', { start: 90, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=50-500', { start: 50, end: 99 }],
    ['bytes=100-', 'unsatisfiable'],
    ['bytes=9-3', 'unsatisfiable'],
    ['bytes=0-1,5-6', 'all'],
    ['items=0-1', 'all'],
  ])('reads %s of a 100-byte file as %o', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected)
  })
})

describe(`files (${TEST_DB})`, () => {
  it('stores a single file via /media/upload/ipfs under its CID and serves it', async () => {
    const ada = await makeUser(t)
    const response = await uploadIpfs(ada, 'hello.txt', Buffer.from('hello world'))
    expect(response.statusCode).toBe(200)
    // CIDv1 (raw, sha2-256) of "hello world": what `ipfs add --cid-version 1` answers for these bytes.
    const cid = 'bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e'
    expect(response.json()).toEqual({
      cid,
      url: `/api/v1/files/${cid}`,
      size: 11,
      mime: 'text/plain',
      name: 'hello.txt',
    })

    const file = await sendTo(t, null, 'GET /files/:cid', { params: { cid } })
    expect(file.statusCode).toBe(200)
    expect(file.body).toBe('hello world')
    expect(file.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'content-length': '11',
      etag: `"${cid}"`,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      'content-disposition': 'inline',
    })
    const blob = await t.database.db.selectFrom('blobs').selectAll().executeTakeFirstOrThrow()
    expect(blob).toMatchObject({ cid, pinned: true, refs: 0 })
  })

  it('needs a login, one file, and an allowed type for /media/upload/ipfs', async () => {
    const ada = await makeUser(t)
    expect((await uploadIpfs(null, 'a.png', pngFile())).statusCode).toBe(401)
    const twoFiles = multipart({}, [
      { name: 'a.png', data: pngFile(1) },
      { name: 'b.png', data: pngFile(2) },
    ])
    const two = await sendForm(t, ada, '/api/v1/media/upload/ipfs', twoFiles)
    expect(two.statusCode).toBe(400)
    expect(two.json().detail).toBe('Upload one file at a time')
    expect((await uploadIpfs(ada, 'x.exe', Buffer.from('4d5a900003000000', 'hex'))).statusCode).toBe(415)
    expect(await t.database.db.selectFrom('blobs').selectAll().execute()).toEqual([])
  })

  it('answers byte ranges with 206 (video seeking), and 416 outside the file', async () => {
    const ada = await makeUser(t)
    const pdf = pdfFile('range test')
    const { cid } = (await uploadIpfs(ada, 'doc.pdf', pdf)).json()
    const part = await t.app.inject({
      method: 'GET',
      url: `/api/v1/files/${cid}`,
      headers: { range: 'bytes=5-14' },
    })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 5-14/${pdf.length}`)
    expect(part.headers['content-length']).toBe('10')
    expect(part.rawPayload.equals(pdf.subarray(5, 15))).toBe(true)

    const tail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/files/${cid}`,
      headers: { range: 'bytes=-4' },
    })
    expect(tail.rawPayload.equals(pdf.subarray(pdf.length - 4))).toBe(true)

    const outside = await t.app.inject({
      method: 'GET',
      url: `/api/v1/files/${cid}`,
      headers: { range: `bytes=${pdf.length}-` },
    })
    expect(outside.statusCode).toBe(416)
    expect(outside.headers['content-range']).toBe(`bytes */${pdf.length}`)

    const staleIfRange = await t.app.inject({
      method: 'GET',
      url: `/api/v1/files/${cid}`,
      headers: { range: 'bytes=0-1', 'if-range': '"something-else"' },
    })
    expect(staleIfRange.statusCode).toBe(200)
    expect(staleIfRange.rawPayload.length).toBe(pdf.length)
  })

  it('compresses API answers for clients that accept it, but sends files as stored (ranges count stored bytes)', async () => {
    const docs = await t.app.inject({
      method: 'GET',
      url: '/api/v1/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(docs.statusCode).toBe(200)
    expect(docs.headers['content-encoding']).toBe('gzip')
    const text = Buffer.from('Compressible text, repeated well past the compression threshold. '.repeat(100))
    const cid = await storeRaw(text, 'text/plain')
    const whole = await t.app.inject({
      method: 'GET',
      url: `/api/v1/files/${cid}`,
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(whole.headers['content-encoding']).toBeUndefined()
    expect(whole.headers['content-length']).toBe(String(text.length))
    expect(whole.rawPayload.equals(text)).toBe(true)
    const part = await t.app.inject({
      method: 'GET',
      url: `/api/v1/files/${cid}`,
      headers: { 'accept-encoding': 'gzip', range: 'bytes=100-1099' },
    })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-encoding']).toBeUndefined()
    expect(part.rawPayload.equals(text.subarray(100, 1100))).toBe(true)
  })

  it('answers 304 to a matching If-None-Match and headers only to HEAD', async () => {
    const ada = await makeUser(t)
    const { cid } = (await uploadIpfs(ada, 'a.png', pngFile())).json()
    const cached = await t.app.inject({
      method: 'GET',
      url: `/api/v1/files/${cid}`,
      headers: { 'if-none-match': `"${cid}"` },
    })
    expect(cached.statusCode).toBe(304)
    expect(cached.body).toBe('')
    const head = await t.app.inject({ method: 'HEAD', url: `/api/v1/files/${cid}` })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-type']).toBe('image/png')
    expect(head.headers['content-length']).toBe(String(pngFile().length))
    expect(head.body).toBe('')
  })

  /** The file name a browser would save under, read by the `content-disposition` package. */
  async function savedName(cid: string, query: string) {
    const file = await t.app.inject({ method: 'GET', url: `/api/v1/files/${cid}?${query}` })
    expect(file.statusCode).toBe(200)
    const { type, parameters } = parseDisposition(String(file.headers['content-disposition']))
    return { type, name: parameters.filename }
  }

  it('names a download when asked', async () => {
    const ada = await makeUser(t)
    const { cid } = (await uploadIpfs(ada, 'a.pdf', pdfFile())).json()
    const name = encodeURIComponent('Résumé "v2".pdf')
    expect(await savedName(cid, `download=1&name=${name}`)).toEqual({
      type: 'attachment',
      name: 'Résumé "v2".pdf',
    })
    expect(await savedName(cid, `name=${name}`)).toEqual({ type: 'inline', name: 'Résumé "v2".pdf' })
  })

  // `/files/{cid}?download=1&name=…` must not name a file anything: the saved name keeps the
  // sniffed type's extension: a known other extension is replaced (x.html → x.pdf, not
  // x.html.pdf, which a file manager hiding extensions shows as "x.html"), anything else is kept
  // and the type's extension added.
  it.each([
    ['a PDF', 'x.html', 'x.pdf'],
    ['a PDF', 'x.HTML', 'x.pdf'],
    ['a PDF', 'setup.exe', 'setup.pdf'],
    ['a PDF', 'paper.PDF', 'paper.PDF'],
    ['a PDF', 'paper v1.2', 'paper v1.2.pdf'],
    ['a PDF', 'report', 'report.pdf'],
    ['a PNG', 'photo.svg', 'photo.png'],
    ['a PNG', 'photo.jpeg', 'photo.png'],
    ['a text file', 'notes.html', 'notes.txt'],
    ['a text file', 'run.sh', 'run.txt'],
  ])('saves %s asked to be named %s as %s', async (what, asked, saved) => {
    const ada = await makeUser(t)
    const [file, bytes] =
      what === 'a PDF'
        ? ['a.pdf', pdfFile()]
        : what === 'a PNG'
          ? ['a.png', pngFile(7)]
          : ['a.txt', Buffer.from('plain words')]
    const { cid } = (await uploadIpfs(ada, file, bytes)).json()
    const query = `name=${encodeURIComponent(asked)}`
    expect(await savedName(cid, `download=1&${query}`)).toEqual({ type: 'attachment', name: saved })
    expect((await savedName(cid, query)).name).toBe(saved)
  })

  it('serves types a browser would run only as attachments', async () => {
    const html = await storeRaw(Buffer.from('<html><script>alert(1)</script></html>'), 'text/html')
    const svg = await storeRaw(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml')
    for (const cid of [html, svg]) {
      const file = await sendTo(t, null, 'GET /files/:cid', { params: { cid } })
      expect(file.headers['content-disposition']).toBe('attachment')
      expect(file.headers['x-content-type-options']).toBe('nosniff')
    }
  })

  it.each([
    'bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e',
    'not-a-cid',
    '..%2F..%2Fetc%2Fpasswd',
  ])('answers 404 JSON for unknown file %s', async (cid) => {
    const response = await sendTo(t, null, 'GET /files/:cid', { params: { cid } })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toContain('application/json')
    expect(response.json().detail).toBe('File not found')
  })

  it('previews a DOCX as sanitised HTML, and only a DOCX', async () => {
    const ada = await makeUser(t)
    const document = new Document({
      sections: [
        {
          children: [
            new Paragraph({ children: [new TextRun({ text: 'Findings', bold: true })] }),
            new Paragraph({
              children: [
                new ExternalHyperlink({ link: 'javascript:alert(1)', children: [new TextRun('bad link')] }),
                new ExternalHyperlink({ link: 'https://example.org/', children: [new TextRun('good link')] }),
              ],
            }),
          ],
        },
      ],
    })
    const docx = await Packer.toBuffer(document)
    const stored = (await uploadIpfs(ada, 'report.docx', docx)).json()
    expect(stored.mime).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document')
    const preview = await sendTo(t, null, 'GET /files/:cid/preview', { params: { cid: stored.cid } })
    expect(preview.statusCode).toBe(200)
    const { html } = preview.json()
    expect(html).toContain('<strong>Findings</strong>')
    expect(html).toContain('href="https://example.org/"')
    expect(html).toContain('rel="noopener noreferrer nofollow"')
    expect(html).not.toContain('javascript:')

    const pdf = (await uploadIpfs(ada, 'a.pdf', pdfFile())).json()
    const refused = await sendTo(t, null, 'GET /files/:cid/preview', { params: { cid: pdf.cid } })
    expect(refused.statusCode).toBe(415)
    expect(refused.json().detail).toBe('Preview is only available for DOCX documents')
  })

  it('leaves no temp file, blob or post behind when the client aborts an upload midway', async () => {
    const ada = await makeUser(t)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as AddressInfo
    const staging = join(t.config.dataDir, 'blobs', '.staging')
    const staged = () => {
      try {
        return readdirSync(staging)
      } catch {
        return []
      }
    }
    await new Promise<void>((resolve, reject) => {
      const request = beginUpload(port, ada.headers)
      request.on('error', () => resolve())
      const chunk = Buffer.alloc(256 * 1024, 'x')
      let sent = 0
      const pump = () => {
        if (sent >= 2 * 1024 * 1024) {
          // Wait until the server has begun staging the file, then vanish mid-file.
          waitFor(() => staged().length > 0, 'the server staging the upload', 5_000).then(() => {
            request.destroy()
            resolve()
          }, reject)
          return
        }
        sent += chunk.length
        request.write(chunk, pump)
      }
      pump()
    })
    // The server notices the abort asynchronously: wait until its staging area is empty again.
    await waitFor(() => readdirSync(staging).length === 0, 'the staging area empty again', 10_000)
    expect(readdirSync(staging)).toEqual([])
    const db = t.database.db
    expect(await db.selectFrom('posts').selectAll().execute()).toEqual([])
    expect(await db.selectFrom('blobs').selectAll().execute()).toEqual([])
    // And the server still answers.
    const after = await sendTo(t, null, 'GET /media/list')
    expect(after.statusCode).toBe(200)
  })
})
