import JSZip from 'jszip'
import { describe, expect, it } from 'vitest'
import { apiMakePost, makeUser, sendEditPost, sendTo, type TestUser } from '../../../test/factories'
import { multipart, pdfFile, pngFile } from '../../../test/files'
import { TEST_DB } from '../../../test/harness'
import { useMailTestApp } from '../../../test/mail/mail-harness'
import { exportsWorker, mailExportReady } from './index'

const m = useMailTestApp()

interface ManifestEntry {
  post_id: string
  version: number
  name: string
  cid: string
  size: number
  path: string
}

async function publishVersion(
  user: TestUser,
  postId: string,
  fields: [string, string][],
  name: string,
  data: Buffer,
) {
  const body = multipart(fields, [{ name, data }])
  const response = await sendTo(m.t, user, 'POST /media/:id/versions', { params: { id: postId }, form: body })
  expect(response.statusCode, response.body).toBe(201)
}

/** Asks for Ada's export, lets the worker make it, and opens the ZIP with JSZip. */
async function exportOf(user: TestUser) {
  const asked = await sendTo(m.t, user, 'POST /auth/me/export')
  expect(asked.statusCode).toBe(202)
  const worker = exportsWorker(m.t.database.db, m.t.app.ctx.blobs, mailExportReady(m.t.config.mail.publicUrl))
  expect(await worker.drain()).toBe(1)
  const list = await sendTo(m.t, user, 'GET /auth/me/exports')
  const download = await m.t.app.inject({
    method: 'GET',
    url: list.json().items[0].download_url,
    headers: user.headers,
  })
  expect(download.statusCode).toBe(200)
  return JSZip.loadAsync(download.rawPayload)
}

const bytesAt = async (zip: JSZip, path: string) => {
  const entry = zip.file(path)
  expect(entry, `${path} in the archive`).not.toBeNull()
  return Buffer.from(await entry!.async('uint8array'))
}

describe(`data export of every version (${TEST_DB})`, () => {
  it('names files by their original names under each post and version, with a manifest of CIDs', async () => {
    const ada = await makeUser(m.t)
    const figure1 = pngFile(31)
    const figure2 = pngFile(32)
    const figure3 = pngFile(33)
    const paper = pdfFile('Version one')
    const first = await apiMakePost(m.t, ada, { title: 'Lichens under UV' }, [
      { name: 'figure.png', data: figure1 },
      { name: 'paper.pdf', data: paper },
    ])
    await publishVersion(
      ada,
      first.post_id,
      [
        ['changelog', 'New figure'],
        ['keep', 'paper.pdf'],
      ],
      'figure.png',
      figure2,
    )
    const edited = await sendEditPost(m.t, ada, first.post_id, { title: 'Lichens under UV light' })
    expect(edited.statusCode, edited.body).toBe(200)
    // The same title again: its folder is told apart.
    const second = await apiMakePost(m.t, ada, { title: 'Lichens under UV light' }, [
      { name: 'figure.png', data: figure3 },
    ])

    const zip = await exportOf(ada)
    const folder = 'posts/Lichens under UV light'
    expect((await bytesAt(zip, `${folder}/v1/figure.png`)).equals(figure1)).toBe(true)
    expect((await bytesAt(zip, `${folder}/v1/paper.pdf`)).equals(paper)).toBe(true)
    expect((await bytesAt(zip, `${folder}/v2/figure.png`)).equals(figure2)).toBe(true)
    expect((await bytesAt(zip, `${folder} (2)/v1/figure.png`)).equals(figure3)).toBe(true)
    // Nothing is named by its CID alone any more.
    expect(Object.keys(zip.files).filter((path) => path.startsWith('files/'))).toEqual([])

    const manifest: ManifestEntry[] = JSON.parse(await zip.file('manifest.json')!.async('string'))
    const firstEntries = manifest.filter((entry) => entry.post_id === first.post_id)
    expect(firstEntries.map(({ version, name, path }) => ({ version, name, path }))).toEqual([
      { version: 1, name: 'figure.png', path: `${folder}/v1/figure.png` },
      { version: 1, name: 'paper.pdf', path: `${folder}/v1/paper.pdf` },
      { version: 2, name: 'figure.png', path: `${folder}/v2/figure.png` },
      // Kept unchanged: stored once, where it first appeared.
      { version: 2, name: 'paper.pdf', path: `${folder}/v1/paper.pdf` },
    ])
    const detail = (await sendTo(m.t, null, 'GET /media/:id', { params: { id: first.post_id } })).json()
    const currentCids = detail.media.map((file: { name: string; cid: string }) => [file.name, file.cid])
    expect(
      firstEntries.filter((entry) => entry.version === 2).map((entry) => [entry.name, entry.cid]),
    ).toEqual(expect.arrayContaining(currentCids))
    const v1Figure = firstEntries.find((entry) => entry.version === 1 && entry.name === 'figure.png')
    expect(first.post.media.map((file) => file.cid)).toContain(v1Figure?.cid)
    expect(manifest.find((entry) => entry.post_id === second.post_id)?.path).toBe(
      `${folder} (2)/v1/figure.png`,
    )

    const data = JSON.parse(await zip.file('data.json')!.async('string'))
    const post = data.posts.find((p: { id: string }) => p.id === first.post_id)
    expect(post.versions.map((v: { version: number; current: boolean }) => [v.version, v.current])).toEqual([
      [1, false],
      [2, true],
    ])
    expect(post.versions[1].changelog).toBe('New figure')
    expect(post.files.map((file: { name: string }) => file.name).sort()).toEqual(['figure.png', 'paper.pdf'])
    expect(post.revisions.map((revision: { title: string }) => revision.title)).toContain('Lichens under UV')
    expect(await zip.file('README.txt')!.async('string')).toContain('manifest.json')
  })

  it('keeps names that are unsafe on disk out of the paths', async () => {
    const ada = await makeUser(m.t)
    await apiMakePost(m.t, ada, { title: '../../etc/passwd' }, [{ name: 'a:b?.png', data: pngFile(34) }])
    const zip = await exportOf(ada)
    const manifest: ManifestEntry[] = JSON.parse(await zip.file('manifest.json')!.async('string'))
    const [entry] = manifest
    expect(entry?.name).toBe('a:b?.png')
    expect(entry?.path).toMatch(/^posts\/[^/]+\/v1\/[^/:?]+\.png$/)
    expect(entry?.path).not.toContain('..')
    expect(zip.file(entry!.path)).not.toBeNull()
  })
})
