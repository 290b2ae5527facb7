import { randomBytes, randomUUID } from 'node:crypto'
import { type FileHandle, mkdir, open, readdir, stat, unlink, utimes, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { importer } from 'ipfs-unixfs-importer'
import { fixedSize } from 'ipfs-unixfs-importer/chunker'
import { balanced } from 'ipfs-unixfs-importer/layout'
import type { CID } from 'multiformats/cid'
import { asStorageError } from './storage-error'

/**
 * The exact parameters of `ipfs add --cid-version 1` in Kubo: CIDv1, sha2-256, raw leaves,
 * fixed 256 KiB chunks, balanced DAG with at most 174 links per node. A file of one chunk gets the
 * raw-codec CID of its bytes (bafkrei…); a larger one gets the dag-pb root of its chunks (bafybei…).
 * See docs/decisions/002-content-ids.md.
 */
export const IPFS_ADD_OPTIONS = {
  cidVersion: 1,
  rawLeaves: true,
  reduceSingleLeafToSelf: true,
  chunker: fixedSize({ chunkSize: 262_144 }),
  layout: balanced({ maxChildrenPerNode: 174 }),
} as const

/** The importer wants somewhere to put blocks; we store whole files, so the blocks are dropped. */
const discardBlocks = { put: async (cid: CID) => cid }

/**
 * The CID `ipfs add --cid-version 1` gives these bytes, and the size of the DAG under it (every
 * block's bytes, the importer's `size`: what a directory's link to the file records as its Tsize).
 */
export async function importFile(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) {
  let root: { cid: CID; size: bigint } | undefined
  for await (const entry of importer([{ content: source }], discardBlocks, IPFS_ADD_OPTIONS)) root = entry
  if (!root) throw new Error('The importer produced no CID')
  return { cid: root.cid.toString(), dagSize: Number(root.size) }
}

/** The CID `ipfs add --cid-version 1` gives these bytes. */
export async function contentIdOf(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<string> {
  return (await importFile(source)).cid
}

/** An upload written to a temporary file, with its content id. Either put it in a store or discard it. */
export interface StagedFile {
  path: string
  cid: string
  size: number
  /**
   * The size of the file's DAG (its bytes and its dag-pb nodes), known from the CID's computation:
   * a directory of staged files (a version's manifest) gets its CID without reading them again.
   */
  dagSize: number
  /** Removes the temporary file (nothing happens when a store has already taken it). */
  discard(): Promise<void>
}

/**
 * Streams bytes to a new file in `dir` while computing their CID: memory stays flat whatever the
 * size. If the source fails (client abort, size limit), the partial file is removed and the error
 * is rethrown.
 */
export async function stageStream(source: AsyncIterable<Uint8Array>, dir: string): Promise<StagedFile> {
  await keepAlive(dir)
  const path = join(dir, `${OWNER}~${randomUUID()}.part`)
  const discard = () => unlink(path).catch(() => {})
  let handle: FileHandle
  try {
    await mkdir(dir, { recursive: true })
    handle = await open(path, 'wx', 0o600)
  } catch (error) {
    throw asStorageError(error)
  }
  let size = 0
  const writer = batchedWriter(handle)
  try {
    async function* written() {
      for await (const chunk of source) {
        size += chunk.byteLength
        for (const batch of writer.add(chunk)) {
          await writer.write(batch)
          yield batch
        }
      }
      const last = writer.rest()
      if (last) {
        await writer.write(last)
        yield last
      }
    }
    const { cid, dagSize } = await importFile(written())
    await writer.finish()
    await handle.close()
    return { path, cid, size, dagSize, discard }
  } catch (error) {
    await writer.abandon()
    await handle.close().catch(() => {})
    await discard()
    throw asStorageError(error)
  }
}

/**
 * Bytes per write batch: an upload arrives in chunks of tens of KB. A multiple of the importer's
 * 256 KiB chunk, so each leaf it hashes is a view into one batch rather than a copy.
 */
const WRITE_BATCH_BYTES = 1024 * 1024

/**
 * Gathers a stream's chunks into 1 MiB batches, each written while the next gathers and handed to
 * the CID importer as it is: hashing never waits on a disk write per network chunk, and with one
 * write in flight memory stays flat. A failed write surfaces on the next `write` or on `finish`.
 */
function batchedWriter(handle: FileHandle) {
  let batch = Buffer.allocUnsafe(WRITE_BATCH_BYTES)
  let filled = 0
  let writing: Promise<void> = Promise.resolve()
  return {
    /** Copies `chunk` in; answers the batches it filled (usually none or one). */
    add(chunk: Uint8Array): Buffer[] {
      const full: Buffer[] = []
      for (let offset = 0; offset < chunk.byteLength; ) {
        const taken = Math.min(chunk.byteLength - offset, WRITE_BATCH_BYTES - filled)
        batch.set(chunk.subarray(offset, offset + taken), filled)
        filled += taken
        offset += taken
        if (filled === WRITE_BATCH_BYTES) {
          full.push(batch)
          batch = Buffer.allocUnsafe(WRITE_BATCH_BYTES)
          filled = 0
        }
      }
      return full
    },
    /** The bytes of the last, partial batch (null when there are none). */
    rest(): Buffer | null {
      if (filled === 0) return null
      const last = batch.subarray(0, filled)
      filled = 0
      return last
    },
    /** Waits for the previous write, then starts writing `bytes`. */
    async write(bytes: Buffer) {
      await writing
      writing = writeAll(handle, bytes)
      // Observed here so a failure while the source is still being read is no unhandled rejection;
      // awaiting `writing` later still throws it.
      writing.catch(() => {})
    },
    finish: () => writing,
    /** Waits for the write in flight (its outcome no longer matters) before the file is closed. */
    abandon: () => writing.catch(() => {}),
  }
}

/**
 * Writes the whole chunk. One write may take only part of it (a disk filling up takes what fits
 * and fails on the next call): without this loop the rest would be lost silently, and the file
 * stored under the CID of bytes it does not hold.
 */
async function writeAll(handle: FileHandle, chunk: Uint8Array) {
  for (let offset = 0; offset < chunk.byteLength; ) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset)
    if (bytesWritten === 0) throw Object.assign(new Error('No bytes could be written'), { code: 'ENOSPC' })
    offset += bytesWritten
  }
}

/**
 * Whose staging files are whose, so a starting process never deletes another's upload in flight
 * (modification time cannot tell). A process names its staging files `<pid>-<random>~….part` and,
 * while it stages, keeps a heartbeat file of that name fresh in `.staging-owners` beside the
 * staging folder (a sibling, so staging holds only uploads).
 */
const OWNER = `${process.pid}-${randomBytes(4).toString('hex')}`
const OWNED = /^(\d+)-[0-9a-f]{8}~/
/** A heartbeat is touched this often… */
const HEARTBEAT_MS = 15_000
/** …and its owner taken to be gone once it is this old (and its pid is not running here). */
export const HEARTBEAT_STALE_MS = 60_000
const beating = new Set<string>()

const ownersDir = (stagingDir: string) => join(dirname(stagingDir), '.staging-owners')

async function keepAlive(stagingDir: string) {
  const owners = ownersDir(stagingDir)
  if (beating.has(owners)) return
  beating.add(owners)
  const beat = join(owners, OWNER)
  await mkdir(owners, { recursive: true }).catch(() => {})
  await writeFile(beat, String(process.pid)).catch(() => {})
  // Touched for the life of the process (a deleted data directory just stops it).
  const timer = setInterval(() => {
    const now = new Date()
    utimes(beat, now, now).catch(() => {
      clearInterval(timer)
      beating.delete(owners)
    })
  }, HEARTBEAT_MS)
  timer.unref()
}

/** Whether a process of this id runs on this machine (EPERM: it does, as another user). */
function pidRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Removes the staging files whose process is gone: its pid is not running here AND its heartbeat
 * is stale (or missing), so neither a live process on this machine nor one on another machine
 * sharing the store loses an upload in flight. Files named before owners existed go by the old
 * rule: last written before `before` (ms since the epoch).
 */
export async function removeLeftoverStaging(dir: string, before: number): Promise<number> {
  let removed = 0
  const names = await readdir(dir).catch(() => [] as string[])
  const gone = new Map<string, Promise<boolean>>()
  const ownerGone = async (owner: string) => {
    if (owner === OWNER || pidRunning(Number(owner.split('-')[0]))) return false
    const beat = await stat(join(ownersDir(dir), owner)).catch(() => null)
    return !beat || Date.now() - beat.mtimeMs > HEARTBEAT_STALE_MS
  }
  for (const name of names) {
    const path = join(dir, name)
    const info = await stat(path).catch(() => null)
    if (!info?.isFile()) continue
    const owner = OWNED.test(name) ? name.slice(0, name.indexOf('~')) : null
    if (owner && !gone.has(owner)) gone.set(owner, ownerGone(owner))
    if (owner ? await gone.get(owner) : info.mtimeMs < before) {
      await unlink(path).catch(() => {})
      removed += 1
    }
  }
  // The heartbeats of owners that are gone.
  for (const owner of await readdir(ownersDir(dir)).catch(() => [] as string[])) {
    if (await (gone.get(owner) ?? ownerGone(owner))) await unlink(join(ownersDir(dir), owner)).catch(() => {})
  }
  return removed
}
