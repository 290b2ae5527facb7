// "Download as CAR": GET /api/v1/media/{id}/car, read back with @ipld/car and the
// importer (what `ipfs add -r` runs), neither of them our code.
import { createHash } from 'node:crypto'
import type { CommentView, MediaItem, PostDetailResponse } from '@agora/contract'
import { CarReader } from '@ipld/car'
import * as dagPb from '@ipld/dag-pb'
import { importer } from 'ipfs-unixfs-importer'
import type { CID } from 'multiformats/cid'
import { describe, expect, it } from 'vitest'
import {
  apiMakeComment,
  apiMakePost,
  dbModerate,
  makeUser,
  sendTo,
  type TestUser,
} from '../../../test/factories'
import { pdfFile, pngFile } from '../../../test/files'
import { TEST_DB, useTestApp } from '../../../test/harness'
import { IPFS_ADD_OPTIONS } from '../../blobs/stage'
import { pdfBytes } from './ipfs.fixtures'

const t = useTestApp({}, { blobs: true })

const getCar = (postId: string, user?: TestUser) =>
  sendTo(t, user ?? null, 'GET /media/:id/car', { params: { id: postId } })

async function readCar(payload: Buffer) {
  const reader = await CarReader.fromBytes(payload)
  const blocks = new Map<string, Uint8Array>()
  for await (const block of reader.blocks()) {
    // Each block is what its CID says (sha2-256, the only hash issued here).
    const digest = createHash('sha256').update(block.bytes).digest()
    expect(Buffer.from(block.cid.multihash.digest).equals(digest), `block ${block.cid}`).toBe(true)
    blocks.set(block.cid.toString(), block.bytes)
  }
  return { roots: (await reader.getRoots()).map(String), blocks }
}

/** The bytes of the file DAG under `cid`, from the CAR's blocks (raw leaves under dag-pb nodes). */
function fileBytes(cid: CID, blocks: Map<string, Uint8Array>): Buffer {
  const bytes = blocks.get(cid.toString())
  if (!bytes) throw new Error(`The CAR lacks block ${cid}`)
  if (cid.code !== dagPb.code) return Buffer.from(bytes)
  return Buffer.concat(dagPb.decode(bytes).Links.map((link) => fileBytes(link.Hash, blocks)))
}

async function addDirectory(files: { path: string; content: Uint8Array }[]) {
  let root = ''
  const discard = { put: async (cid: CID) => cid }
  for await (const entry of importer(files, discard, { ...IPFS_ADD_OPTIONS, wrapWithDirectory: true })) {
    if (entry.path === '') root = entry.cid.toString()
  }
  return root
}

describe(`a post as a CAR (${TEST_DB})`, () => {
  it('holds the files and metadata.json in one directory that `ipfs add -r` would give the same CID', async () => {
    const [ada, ben] = [await makeUser(t), await makeUser(t)]
    const paper = pdfFile('Anchors in a CAR')
    const big = pdfBytes(300 * 1024)
    const figure = pngFile(7)
    const created = await apiMakePost(
      t,
      ada,
      { title: 'Spirals, archived', doi: '10.1234/spirals', license: 'CC-BY-4.0' },
      [
        { name: 'paper.pdf', data: paper },
        { name: 'data.pdf', data: big },
        { name: 'figure.png', data: figure },
      ],
    )
    const postId = created.post_id
    const post = created.post as unknown as PostDetailResponse
    const media: MediaItem[] = post.media
    const paperCid = media.find((file) => file.name === 'paper.pdf')!.cid
    const anchor = {
      cid: paperCid,
      kind: 'text',
      page: 1,
      exact: 'Anchors',
      prefix: '',
      suffix: '',
      start: 0,
      end: 7,
    }
    const kept = (await apiMakeComment(t, ben, postId, {
      content: 'Where is this from?',
      anchor,
    })) as unknown as CommentView
    const hidden = await apiMakeComment(t, ben, postId, { content: 'spam', anchor })
    await dbModerate(t, 'comment', hidden._id, 'hidden')
    await apiMakeComment(t, ben, postId, { content: 'Not anchored' })

    const response = await getCar(postId)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/vnd.ipld.car; version=1; order=dfs; dups=n')
    expect(response.headers['content-disposition']).toBe(`attachment; filename="agora-${postId}-v1.car"`)
    const { roots, blocks } = await readCar(response.rawPayload)
    expect(roots).toEqual([response.headers['x-ipfs-roots']])

    const directory = dagPb.decode(blocks.get(roots[0]!)!)
    const links = new Map(directory.Links.map((link) => [link.Name!, link.Hash]))
    expect([...links.keys()].sort()).toEqual(['data.pdf', 'figure.png', 'metadata.json', 'paper.pdf'])
    for (const file of media) expect(links.get(file.name)!.toString()).toBe(file.cid)
    expect(fileBytes(links.get('data.pdf')!, blocks).equals(big)).toBe(true)

    const record = fileBytes(links.get('metadata.json')!, blocks)
    const metadata = JSON.parse(record.toString('utf8'))
    expect(metadata).toMatchObject({
      id: postId,
      title: 'Spirals, archived',
      authors: [{ username: ada.username }],
      license: 'CC-BY-4.0',
      doi: '10.1234/spirals',
      version: 1,
      manifest_cid: post.manifest_cid,
      created_at: post.created_at,
    })
    expect(metadata.files).toEqual(
      media.map((file) => ({
        name: file.name,
        original_name: file.name,
        cid: file.cid,
        size: file.size,
        type: file.mime,
      })),
    )
    expect(metadata.anchored_comments).toEqual([
      {
        id: kept._id,
        author: { display_name: ben.username, username: ben.username },
        text: 'Where is this from?',
        created_at: kept.createdAt,
        anchor: { ...anchor, version: 1, current: true },
      },
    ])

    // The independent check: the importer over the same four files gives the root.
    const again = await addDirectory([
      { path: 'paper.pdf', content: paper },
      { path: 'data.pdf', content: big },
      { path: 'figure.png', content: figure },
      { path: 'metadata.json', content: record },
    ])
    expect(again).toBe(roots[0])
    // Nothing in it depends on when it was made: the same post gives the same CID again.
    expect((await getCar(postId)).headers['x-ipfs-roots']).toBe(roots[0])
  })

  it("gives a private or moderated post's CAR to its author only, and 404 with a detail otherwise", async () => {
    const [ada, ben] = [await makeUser(t), await makeUser(t)]
    const secret = await apiMakePost(t, ada, { title: 'Mine alone', visibility: 'private' })
    const moderated = await apiMakePost(t, ada, { title: 'Hidden' })
    await dbModerate(t, 'post', moderated.post_id, 'hidden')
    // A private post is absent to others; a hidden one says so, as its page does.
    const refusals = [
      [secret.post_id, 'Post not found'],
      [moderated.post_id, 'This post was hidden by the moderators'],
    ] as const
    for (const [postId, detail] of refusals) {
      for (const viewer of [undefined, ben]) {
        const refused = await getCar(postId, viewer)
        expect(refused.statusCode).toBe(404)
        expect(refused.json().detail).toBe(detail)
      }
      const own = await getCar(postId, ada)
      expect(own.statusCode).toBe(200)
      const { roots, blocks } = await readCar(own.rawPayload)
      expect(blocks.has(roots[0]!)).toBe(true)
    }
    for (const id of ['not-an-id', '0193a8c0-0000-7000-8000-000000000000']) {
      const missing = await getCar(id)
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toHaveProperty('detail')
    }
  })
})
