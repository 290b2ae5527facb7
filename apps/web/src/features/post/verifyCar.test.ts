import { CarWriter } from '@ipld/car/writer'
import * as dagPb from '@ipld/dag-pb'
import { UnixFS } from 'ipfs-unixfs'
import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { sha256 } from 'multiformats/hashes/sha2'
import { describe, expect, it } from 'vitest'
import { verifyCar } from './verifyCar'

interface Block {
  cid: CID
  bytes: Uint8Array
}

/** A two-leaf UnixFS file as `ipfs add` lays it out: a dag-pb root over raw leaves. */
async function twoLeafFile(): Promise<{ root: CID; blocks: Block[] }> {
  const leaves = await Promise.all(
    [new Uint8Array(300).fill(1), new Uint8Array(200).fill(2)].map(async (bytes) => ({
      cid: CID.createV1(raw.code, await sha256.digest(bytes)),
      bytes,
    })),
  )
  const data = new UnixFS({ type: 'file', blockSizes: leaves.map((leaf) => BigInt(leaf.bytes.byteLength)) })
  const bytes = dagPb.encode(
    dagPb.prepare({
      Data: data.marshal(),
      Links: leaves.map((leaf) => ({ Hash: leaf.cid, Tsize: leaf.bytes.byteLength })),
    }),
  )
  const root = CID.createV1(dagPb.code, await sha256.digest(bytes))
  return { root, blocks: [{ cid: root, bytes }, ...leaves] }
}

async function carBody(roots: CID[], blocks: Block[], cut = 0): Promise<ReadableStream<Uint8Array>> {
  const { writer, out } = CarWriter.create(roots)
  const chunks: Uint8Array[] = []
  const reading = (async () => {
    for await (const chunk of out) chunks.push(chunk)
  })()
  for (const block of blocks) await writer.put(block)
  await writer.close()
  await reading
  const whole = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0))
  let at = 0
  for (const chunk of chunks) {
    whole.set(chunk, at)
    at += chunk.byteLength
  }
  return new Blob([whole.subarray(0, whole.byteLength - cut)]).stream()
}

describe('verifyCar', () => {
  it('accepts a CAR whose blocks prove its root, and reports progress', async () => {
    const { root, blocks } = await twoLeafFile()
    const progress: number[] = []
    const result = await verifyCar(root, await carBody([root], blocks), ({ blocks }) => progress.push(blocks))
    expect(result).toMatchObject({ ok: true, blocks: 3 })
    expect(progress).toEqual([1, 2, 3])
  })

  it('refuses a flipped byte, a missing block, a cut transfer, a stray block and another root', async () => {
    const { root, blocks } = await twoLeafFile()
    const flipped = blocks.map((block, index) =>
      index === 2 ? { cid: block.cid, bytes: block.bytes.map((byte) => byte ^ 0xff) } : block,
    )
    const stray = {
      cid: CID.createV1(raw.code, await sha256.digest(new Uint8Array([9]))),
      bytes: new Uint8Array([9]),
    }
    const cases: [string, Promise<ReadableStream<Uint8Array>>, CID][] = [
      ['mismatch', carBody([root], flipped), root],
      ['incomplete', carBody([root], blocks.slice(0, 2)), root],
      ['incomplete', carBody([root], blocks, 50), root],
      ['unexpected', carBody([root], [...blocks, stray]), root],
      ['root', carBody([root], blocks), blocks[1]!.cid],
    ]
    for (const [reason, body, asked] of cases) {
      expect(await verifyCar(asked, await body, () => {}), reason).toMatchObject({ ok: false, reason })
    }
  })
})
