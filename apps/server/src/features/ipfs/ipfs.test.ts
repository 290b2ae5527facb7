import { CarReader } from '@ipld/car'
import { importer } from 'ipfs-unixfs-importer'
import { CID } from 'multiformats/cid'
import { describe, expect, it } from 'vitest'
import { apiMakePost, apiPostDetail, makeUser } from '../../../test/factories'
import { useTestApp } from '../../../test/harness'
import { IPFS_ADD_OPTIONS } from '../../blobs/stage'
import { pdfBytes } from './ipfs.fixtures'

const t = useTestApp({}, { blobs: true })

async function postWith(files: { name: string; data: Buffer }[], fields: Record<string, string> = {}) {
  const user = await makeUser(t)
  const created = await apiMakePost(t, user, fields, files)
  return { user, created, detail: await apiPostDetail(t, user, created.post_id) }
}

async function cidsOf(reader: CarReader) {
  const cids: CID[] = []
  for await (const cid of reader.cids()) cids.push(cid)
  return cids
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers })

describe('the trustless gateway', () => {
  it('answers one block as application/vnd.ipld.raw, with the spec headers', async () => {
    const data = pdfBytes(1000)
    const { detail } = await postWith([{ name: 'small.pdf', data }])
    const cid = detail.media[0]!.cid
    const response = await get(`/ipfs/${cid}`, { accept: 'application/vnd.ipld.raw' })
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.equals(data)).toBe(true)
    expect(response.headers['content-type']).toBe('application/vnd.ipld.raw')
    expect(response.headers['cache-control']).toBe('public, max-age=29030400, immutable')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-ipfs-roots']).toBe(cid)
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${cid}.bin"`)
    expect(response.headers['content-location']).toBe(`/ipfs/${cid}?format=raw`)
    const etag = response.headers.etag as string
    expect(etag).toBeTruthy()
    expect((await get(`/ipfs/${cid}?format=raw`, { 'if-none-match': etag })).statusCode).toBe(304)
    const head = await t.app.inject({ method: 'HEAD', url: `/ipfs/${cid}?format=raw` })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-length']).toBe('1000')
  })

  it('streams a CAR of a multi-block file whose root is its CID, and serves each block', async () => {
    const data = pdfBytes(300 * 1024)
    const { detail } = await postWith([{ name: 'paper.pdf', data }])
    const cid = detail.media[0]!.cid
    const response = await get(`/ipfs/${cid}?format=car`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/vnd.ipld.car; version=1; order=dfs; dups=n')
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${cid}.car"`)
    const reader = await CarReader.fromBytes(response.rawPayload)
    expect((await reader.getRoots()).map(String)).toEqual([cid])
    const blocks = []
    for await (const block of reader.blocks()) blocks.push(block)
    expect(blocks).toHaveLength(3)
    expect(blocks[0]!.cid.toString()).toBe(cid)
    expect(Buffer.concat(blocks.slice(1).map((block) => block.bytes)).equals(data)).toBe(true)
    for (const block of blocks) {
      const raw = await get(`/ipfs/${block.cid}`, { accept: 'application/vnd.ipld.raw' })
      expect(raw.statusCode).toBe(200)
      expect(Buffer.from(block.bytes).equals(raw.rawPayload)).toBe(true)
    }
    const scoped = await CarReader.fromBytes(
      (await get(`/ipfs/${cid}?format=car&dag-scope=block`)).rawPayload,
    )
    expect((await cidsOf(scoped)).map(String)).toEqual([cid])
    const tail = await CarReader.fromBytes(
      (await get(`/ipfs/${cid}?format=car&entity-bytes=-10:*`)).rawPayload,
    )
    expect((await cidsOf(tail)).map(String)).toEqual([cid, blocks[2]!.cid.toString()])
  })

  it('serves a version directory so /ipfs/{dir}/{name} works', async () => {
    const data = pdfBytes(2000)
    const { detail } = await postWith([
      { name: 'paper.pdf', data },
      { name: 'data.pdf', data: pdfBytes(500) },
    ])
    const dir = detail.manifest_cid
    expect(dir).toMatch(/^bafy/)
    const response = await get(`/ipfs/${dir}/paper.pdf?format=car`)
    expect(response.statusCode).toBe(200)
    const reader = await CarReader.fromBytes(response.rawPayload)
    expect((await reader.getRoots()).map(String)).toEqual([dir])
    const cids = (await cidsOf(reader)).map(String)
    expect(cids).toEqual([dir, detail.media.find((m) => m.name === 'paper.pdf')!.cid])
    expect(response.headers['x-ipfs-roots']).toBe(cids.join(','))
    const all = await CarReader.fromBytes((await get(`/ipfs/${dir}?format=car`)).rawPayload)
    expect(await cidsOf(all)).toHaveLength(3)
    expect((await get(`/ipfs/${dir}/missing.pdf?format=car`)).statusCode).toBe(404)
  })

  it('answers 400, 404 and 406 with a detail', async () => {
    const unknown = CID.parse('bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e')
    const cases: [string, Record<string, string>, number][] = [
      ['/ipfs/not-a-cid?format=raw', {}, 400],
      [`/ipfs/${unknown}?format=raw`, {}, 404],
      [`/ipfs/${unknown}`, { accept: 'text/html' }, 406],
      [`/ipfs/${unknown}`, { accept: 'application/vnd.ipld.car; version=2' }, 406],
      [`/ipfs/${unknown}`, {}, 400],
      [`/ipfs/${unknown}?format=car&dag-scope=most`, {}, 400],
      [`/ipfs/${unknown}/a/b?format=raw`, {}, 400],
    ]
    for (const [url, headers, status] of cases) {
      const response = await get(url, headers)
      expect({ url, status: response.statusCode }).toEqual({ url, status })
      expect(response.json().detail).toEqual(expect.any(String))
    }
  })

  it('answers the identity probe bafkqaaa', async () => {
    const raw = await get('/ipfs/bafkqaaa?format=raw')
    expect(raw.statusCode).toBe(200)
    expect(raw.rawPayload.byteLength).toBe(0)
    const car = await CarReader.fromBytes((await get('/ipfs/bafkqaaa?format=car')).rawPayload)
    expect((await car.getRoots()).map(String)).toEqual(['bafkqaaa'])
  })

  it("serves a private post's files and directory to its author only", async () => {
    const data = pdfBytes(400 * 1024)
    const { user, detail } = await postWith([{ name: 'secret.pdf', data }], { visibility: 'private' })
    const cid = detail.media[0]!.cid
    const stranger = await makeUser(t)
    for (const url of [`/ipfs/${cid}?format=car`, `/ipfs/${detail.manifest_cid}?format=car`]) {
      expect((await get(url)).statusCode).toBe(404)
      expect((await get(url, stranger.headers)).statusCode).toBe(404)
      expect((await get(url, user.headers)).statusCode).toBe(200)
    }
    const leaves = await CarReader.fromBytes((await get(`/ipfs/${cid}?format=car`, user.headers)).rawPayload)
    const leaf = (await cidsOf(leaves))[1]!
    expect((await get(`/ipfs/${leaf}?format=raw`, stranger.headers)).statusCode).toBe(404)
    expect((await get(`/ipfs/${leaf}?format=raw`, user.headers)).statusCode).toBe(200)
  })

  it('rebuilds the directory the importer makes', async () => {
    const { detail } = await postWith([
      { name: 'b.pdf', data: pdfBytes(600 * 1024) },
      { name: 'a.pdf', data: pdfBytes(10) },
    ])
    let root: CID | undefined
    const files = await Promise.all(
      detail.media.map(async (m) => ({
        path: m.name,
        content: (await get(`/api/v1/files/${m.cid}`)).rawPayload,
      })),
    )
    for await (const entry of importer(
      files,
      { put: async (c: CID) => c },
      { ...IPFS_ADD_OPTIONS, wrapWithDirectory: true },
    ))
      if (entry.path === '') root = entry.cid
    expect(root?.toString()).toBe(detail.manifest_cid)
    expect((await get(`/ipfs/${detail.manifest_cid}?format=raw`)).statusCode).toBe(200)
  })
})
