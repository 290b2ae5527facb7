import { createHash } from 'node:crypto'
import * as dagPb from '@ipld/dag-pb'
import { UnixFS } from 'ipfs-unixfs'
import { importer } from 'ipfs-unixfs-importer'
import type { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { sha256 } from 'multiformats/hashes/sha2'
import { IPFS_ADD_OPTIONS } from '../../blobs/stage'

/**
 * A block of a file's DAG as the gateway walks it: a dag-pb node (its bytes are kept) or a raw leaf
 * (the bytes `offset`…`offset + span` of the stored file). `span` is the file bytes a block covers.
 */
export type DagStep =
  | { kind: 'node'; cid: CID; offset: number; span: number; bytes: Uint8Array }
  | { kind: 'leaf'; cid: CID; offset: number; span: number }

/** An inclusive byte range of a file, already resolved against its size. */
export interface ByteSpan {
  from: number
  to: number
}

/** The stored bytes no longer hash to the CID they are stored under. */
export class CorruptBlockError extends Error {
  constructor(
    readonly root: string,
    readonly block: string,
  ) {
    super(`Block ${block} of ${root} does not match its CID`)
  }
}

/** Whether `bytes` hash to `cid` (sha2-256, the only hash we issue). */
export function blockMatches(cid: CID, bytes: Uint8Array): boolean {
  if (cid.multihash.code !== sha256.code) return false
  const digest = createHash('sha256').update(bytes).digest()
  return Buffer.compare(digest, cid.multihash.digest) === 0
}

/**
 * The blocks of the file DAG under `start` (which covers file bytes `offset`…`offset + span`), in
 * depth-first pre-order (what a CAR of `order=dfs` holds), limited to those a reader of `range`
 * needs. `nodes` holds the DAG's dag-pb nodes by CID.
 */
export function* walkFile(
  start: CID,
  nodes: ReadonlyMap<string, Uint8Array>,
  at: { offset: number; span: number },
  range?: ByteSpan,
): Generator<DagStep> {
  if (start.code === raw.code) {
    yield { kind: 'leaf', cid: start, offset: at.offset, span: at.span }
    return
  }
  const bytes = nodes.get(start.toString())
  if (!bytes) throw new Error(`The dag-pb node ${start} is not indexed`)
  yield { kind: 'node', cid: start, offset: at.offset, span: at.span, bytes }
  const node = dagPb.decode(bytes)
  const sizes = node.Data ? UnixFS.unmarshal(node.Data).blockSizes : []
  let offset = at.offset
  for (const [index, link] of node.Links.entries()) {
    const span = Number(sizes[index] ?? 0)
    const inRange = !range || (offset <= range.to && offset + span - 1 >= range.from)
    if (inRange) yield* walkFile(link.Hash, nodes, { offset, span }, range)
    offset += span
  }
}

/** What indexing a stored file found: its dag-pb nodes, every block with its place, the DAG's size. */
export interface FileIndex {
  nodes: Map<string, Uint8Array>
  blocks: DagStep[]
  dagSize: number
}

/**
 * Runs the importer with `ipfs add --cid-version 1`'s options (decision 002) over `source` (`size`
 * bytes), keeping the dag-pb nodes it makes (a few hundred bytes per 174 leaves) and dropping the
 * leaves (they are byte ranges of the content): its root, and every block with its place.
 */
export async function indexContent(size: number, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) {
  const nodes = new Map<string, Uint8Array>()
  const keepNodes = {
    put: async (block: CID, bytes: Uint8Array) => {
      if (block.code === dagPb.code) nodes.set(block.toString(), bytes)
      return block
    },
  }
  let root: CID | undefined
  for await (const entry of importer([{ content: source }], keepNodes, IPFS_ADD_OPTIONS)) root = entry.cid
  if (!root) throw new Error('The importer produced no CID')
  const blocks = [...walkFile(root, nodes, { offset: 0, span: size })]
  const dagSize = blocks.reduce(
    (sum, step) => sum + (step.kind === 'node' ? step.bytes.byteLength : step.span),
    0,
  )
  return { root, nodes, blocks, dagSize }
}

/** The index of a stored file (indexContent) when its bytes still give `cid`; else null. */
export async function indexFile(cid: string, size: number, source: AsyncIterable<Uint8Array>) {
  const { root, ...index } = await indexContent(size, source)
  return root.toString() === cid ? (index satisfies FileIndex) : null
}

/** The links of a directory node, by name. */
export function directoryLinks(bytes: Uint8Array): Map<string, CID> {
  return new Map(dagPb.decode(bytes).Links.map((link) => [link.Name ?? '', link.Hash]))
}

/**
 * Exact-size reads from a byte stream: the leaves of a file, one after the other. Holds at most
 * one leaf and the chunk it came from.
 */
export function byteReader(source: AsyncIterable<Uint8Array>) {
  const iterator = source[Symbol.asyncIterator]()
  const queue: Uint8Array[] = []
  let queued = 0
  return {
    async read(length: number): Promise<Uint8Array | null> {
      while (queued < length) {
        const next = await iterator.next()
        if (next.done) return null
        queue.push(next.value)
        queued += next.value.byteLength
      }
      const out = new Uint8Array(length)
      let filled = 0
      while (filled < length) {
        const head = queue[0]!
        const take = Math.min(head.byteLength, length - filled)
        out.set(head.subarray(0, take), filled)
        filled += take
        if (take === head.byteLength) queue.shift()
        else queue[0] = head.subarray(take)
      }
      queued -= length
      return out
    },
    async close() {
      await iterator.return?.()
    },
  }
}
