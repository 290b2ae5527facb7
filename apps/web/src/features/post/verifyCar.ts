import { CarBlockIterator } from '@ipld/car/iterator'
import * as dagPb from '@ipld/dag-pb'
import { UnixFS } from 'ipfs-unixfs'
import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { sha256 } from 'multiformats/hashes/sha2'

/** Why a file's CAR did not prove its CID, in a word the page turns into a sentence. */
export type VerifyFailure =
  /** The gateway answered something other than 200 (`status`). */
  | 'http'
  /** The CAR's root is another CID than the one asked for. */
  | 'root'
  /** A block's bytes do not hash to its CID. */
  | 'mismatch'
  /** A block that no verified block links to (nothing proves it belongs). */
  | 'unexpected'
  /** The CAR ended (or broke off) before every linked block arrived. */
  | 'incomplete'
  /** The blocks are whole but add up to another size than the root says. */
  | 'size'
  /** A hash or codec this check does not know. */
  | 'unsupported'

export interface VerifyProgress {
  bytes: number
  blocks: number
}

export type VerifyResult =
  | { ok: true; bytes: number; blocks: number }
  | { ok: false; reason: VerifyFailure; status?: number; block?: string }

class Refused extends Error {
  constructor(
    readonly reason: VerifyFailure,
    readonly block?: string,
  ) {
    super(reason)
  }
}

/** The chunks of a stream, counted as they pass. */
async function* counted(body: ReadableStream<Uint8Array>, onBytes: (bytes: number) => void) {
  const reader = body.getReader()
  let bytes = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      bytes += value.byteLength
      onBytes(bytes)
      yield value
    }
  } finally {
    reader.releaseLock()
  }
}

/**
 * Checks that a CAR proves `root`: the CAR names it as its root, every block hashes (sha2-256) to its
 * CID, every block is linked from the root or a block already checked, and every link is followed,
 * so the root is the hash of a DAG whose every byte arrived. The file's bytes (the raw leaves) add up
 * to the size the root declares. Memory holds CIDs still awaited, never the file.
 */
export async function verifyCar(
  root: CID,
  body: ReadableStream<Uint8Array>,
  onProgress: (progress: VerifyProgress) => void,
): Promise<VerifyResult> {
  let bytes = 0
  let blocks = 0
  const awaited = new Set([root.toString()])
  let declaredSize: bigint | null = null
  let leafBytes = 0n
  try {
    const car = await CarBlockIterator.fromIterable(counted(body, (read) => (bytes = read)))
    const roots = await car.getRoots()
    if (roots.length !== 1 || !roots[0]!.equals(root)) throw new Refused('root')
    for await (const block of car) {
      const key = block.cid.toString()
      if (!awaited.delete(key)) throw new Refused('unexpected', key)
      if (block.cid.multihash.code !== sha256.code) throw new Refused('unsupported', key)
      const digest = await sha256.digest(block.bytes)
      if (!equalBytes(digest.digest, block.cid.multihash.digest)) throw new Refused('mismatch', key)
      if (block.cid.code === dagPb.code) {
        const node = dagPb.decode(block.bytes)
        if (block.cid.equals(root) && node.Data) declaredSize = UnixFS.unmarshal(node.Data).fileSize()
        for (const link of node.Links) awaited.add(link.Hash.toString())
      } else if (block.cid.code === raw.code) {
        if (block.cid.equals(root)) declaredSize = BigInt(block.bytes.byteLength)
        leafBytes += BigInt(block.bytes.byteLength)
      } else {
        throw new Refused('unsupported', key)
      }
      blocks += 1
      onProgress({ bytes, blocks })
    }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason, block: error.block }
    // The CAR broke off or could not be read: what came proves nothing whole.
    return { ok: false, reason: 'incomplete' }
  }
  if (awaited.size > 0) return { ok: false, reason: 'incomplete', block: [...awaited][0] }
  if (declaredSize !== null && declaredSize !== leafBytes) return { ok: false, reason: 'size' }
  return { ok: true, bytes, blocks }
}

function equalBytes(a: Uint8Array, b: Uint8Array) {
  if (a.byteLength !== b.byteLength) return false
  for (let index = 0; index < a.byteLength; index++) if (a[index] !== b[index]) return false
  return true
}

/** What the page sends the worker, and what it answers. */
export interface VerifyRequest {
  cid: string
  url: string
}
export type VerifyMessage = ({ type: 'progress' } & VerifyProgress) | ({ type: 'result' } & VerifyResult)

/** Fetches `url` (a CAR of `cid` from our gateway) and checks it, telling `post` how far it got. */
export async function fetchAndVerify({ cid, url }: VerifyRequest, post: (message: VerifyMessage) => void) {
  let root: CID
  try {
    root = CID.parse(cid)
  } catch {
    return post({ type: 'result', ok: false, reason: 'root' })
  }
  let response: Response
  try {
    response = await fetch(url, {
      headers: { accept: 'application/vnd.ipld.car' },
      // What the gateway sends now, not a copy kept from an earlier check.
      cache: 'no-store',
    })
  } catch {
    return post({ type: 'result', ok: false, reason: 'incomplete' })
  }
  if (!response.ok || !response.body) {
    return post({ type: 'result', ok: false, reason: 'http', status: response.status })
  }
  // At most ten progress messages a second: the page re-renders on each.
  let last = 0
  const result = await verifyCar(root, response.body, (progress) => {
    const now = Date.now()
    if (now - last < 100) return
    last = now
    post({ type: 'progress', ...progress })
  })
  post({ type: 'result', ...result })
}
