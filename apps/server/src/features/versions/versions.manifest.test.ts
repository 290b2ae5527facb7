// The manifest CID of a version: checked against a directory CID Kubo itself printed, and against
// a directory node rebuilt here by hand (raw leaves hashed with node:crypto, the dag-pb directory
// encoded with @ipld/dag-pb), a second method that shares nothing with the importer's code path.
import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as dagPb from '@ipld/dag-pb'
import { UnixFS } from 'ipfs-unixfs'
import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { create as createDigest } from 'multiformats/hashes/digest'
import { sha256 } from 'multiformats/hashes/sha2'
import { describe, expect, it } from 'vitest'
import { stageStream } from '../../blobs/index'
import {
  type ManifestEntry,
  manifestCidOf,
  manifestCidOfKnown,
  manifestNames,
  stagedEntry,
} from './versions.manifest'

const CHUNK = 262_144
const bytes = (value: string) => new TextEncoder().encode(value)
/** The bytes in uneven pieces: the CID must not depend on how the bytes arrive. */
async function* pieces(content: Uint8Array) {
  for (let offset = 0; offset < content.length; offset += 100_003)
    yield content.subarray(offset, offset + 100_003)
}
const inline = (name: string, content: Uint8Array): ManifestEntry => ({ name, open: () => pieces(content) })

function patterned(length: number) {
  const out = new Uint8Array(length)
  for (let i = 0; i < length; i++) out[i] = (i * 13 + (i >> 9)) & 0xff
  return out
}

const sha = (data: Uint8Array) => createDigest(sha256.code, createHash('sha256').update(data).digest())

/**
 * A file's CID and its DAG's total size (a directory link's Tsize), by hand: one raw leaf up to
 * 256 KiB; above, raw leaves of 256 KiB under one dag-pb UnixFS file node (enough for < 174 leaves).
 */
function fileByHand(content: Uint8Array): { cid: CID; tsize: number } {
  if (content.length <= CHUNK) return { cid: CID.create(1, raw.code, sha(content)), tsize: content.length }
  const leaves: Uint8Array[] = []
  for (let offset = 0; offset < content.length; offset += CHUNK)
    leaves.push(content.subarray(offset, offset + CHUNK))
  const node = dagPb.encode(
    dagPb.prepare({
      Data: new UnixFS({ type: 'file', blockSizes: leaves.map((leaf) => BigInt(leaf.length)) }).marshal(),
      Links: leaves.map((leaf) => ({
        Hash: CID.create(1, raw.code, sha(leaf)),
        Name: '',
        Tsize: leaf.length,
      })),
    }),
  )
  return { cid: CID.create(1, dagPb.code, sha(node)), tsize: node.length + content.length }
}

/** The UnixFS directory holding these files under their names, by hand. */
function directoryByHand(files: Record<string, Uint8Array>): string {
  const node = dagPb.encode(
    dagPb.prepare({
      Data: new UnixFS({ type: 'directory' }).marshal(),
      Links: Object.entries(files).map(([name, content]) => {
        const { cid, tsize } = fileByHand(content)
        return { Name: name, Hash: cid, Tsize: tsize }
      }),
    }),
  )
  return CID.create(1, dagPb.code, sha(node)).toString()
}

describe('manifest CID', () => {
  it('is the CID Kubo gives a directory holding index.html ("hello\\n")', async () => {
    // ipfs/kubo test/sharness/t0116-gateway-cache/README.md: `mkdir -p root2/root3/root4 &&
    // echo "hello" > root2/root3/root4/index.html && ipfs add -Qrw --cid-version 1 root2`, then
    // ROOT4_CID, the directory root4 holding only index.html, printed by Kubo 0.21:
    const root4 = 'bafybeifq2rzpqnqrsdupncmkmhs3ckxxjhuvdcbvydkgvch3ms24k5lo7q'
    expect(await manifestCidOf([inline('index.html', bytes('hello\n'))])).toBe(root4)
    expect(directoryByHand({ 'index.html': bytes('hello\n') })).toBe(root4)
  })

  it('equals a directory node built by hand, for small and multi-chunk files, in any order', async () => {
    const files = {
      'paper.pdf': patterned(700 * 1024),
      'notes.md': bytes('# Notes\n\nSecond version.\n'),
      'Z-figure, final.png': patterned(CHUNK),
      'données.csv': bytes('a,b\n1,2\n'),
    }
    const expected = directoryByHand(files)
    const entries = Object.entries(files).map(([name, content]) => inline(name, content))
    expect(await manifestCidOf(entries)).toBe(expected)
    expect(await manifestCidOf([...entries].reverse())).toBe(expected)
    expect(expected).toMatch(/^bafybei/)
  })

  it('changes when a name or a byte changes', async () => {
    const base = await manifestCidOf([inline('a.txt', bytes('one\n'))])
    expect(await manifestCidOf([inline('b.txt', bytes('one\n'))])).not.toBe(base)
    expect(await manifestCidOf([inline('a.txt', bytes('one!\n'))])).not.toBe(base)
  })

  it('is null for no files', async () => {
    expect(await manifestCidOf([])).toBeNull()
    expect(await manifestCidOfKnown([])).toBeNull()
  })

  it('is the same from the CIDs and DAG sizes an upload computed as from reading the files again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agora-manifest-'))
    try {
      // One raw leaf, a few leaves under one node, and more than 174 leaves: a tree of two levels.
      const contents = [
        bytes('tiny\n'),
        patterned(3 * CHUNK + 5),
        patterned(175 * CHUNK + 1),
        bytes('tiny\n'),
      ]
      const names = ['notes.md', 'paper.pdf', 'talk.wav', 'notes.md']
      const staged = []
      for (const content of contents) staged.push(await stageStream(pieces(content), dir))
      const known = await manifestCidOfKnown(
        staged.map((file, index) => ({ name: names[index]!, cid: file.cid, dagSize: file.dagSize })),
      )
      const read = await manifestCidOf(staged.map((file, index) => stagedEntry(names[index]!, file.path)))
      expect(known).toBe(read)
      expect(known).toMatch(/^bafybei/)
      // The small files' DAG is their bytes; the larger ones' adds their dag-pb nodes.
      expect(staged[0]!.dagSize).toBe(5)
      expect(staged[1]!.dagSize).toBe(fileByHand(contents[1]!).tsize)
      expect(staged[2]!.dagSize).toBeGreaterThan(contents[2]!.length)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('gives each file its own name in the directory', () => {
    expect(manifestNames(['a.png', 'a.png', 'b', 'a.png', 'b', '..', '.'])).toEqual([
      'a.png',
      'a (2).png',
      'b',
      'a (3).png',
      'b (2)',
      '_',
      '_ (2)',
    ])
  })
})
