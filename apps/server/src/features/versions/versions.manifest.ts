import { createReadStream } from 'node:fs'
import * as dagPb from '@ipld/dag-pb'
import { UnixFS } from 'ipfs-unixfs'
import { CID } from 'multiformats/cid'
import { sha256 } from 'multiformats/hashes/sha2'
import { type BlobStore, importFile } from '../../blobs/index'

/** One file of a version, as the manifest needs it: its name and a way to read its bytes. */
export interface ManifestEntry {
  name: string
  /** Opened when its turn comes: one file is read at a time. */
  open(): AsyncIterable<Uint8Array> | Promise<AsyncIterable<Uint8Array>>
}

/**
 * The names the files have in the manifest directory. A directory holds each name once, while a
 * post may carry two files of one name (the upload allows it): the second becomes `name (2).ext`,
 * the third `name (3).ext`, and so on. `.` and `..` (which no directory can hold) become `_`.
 */
export function manifestNames(names: readonly string[]): string[] {
  const taken = new Set<string>()
  return names.map((raw) => {
    const name = raw === '.' || raw === '..' || raw === '' ? '_' : raw
    let candidate = name
    const dot = name.lastIndexOf('.')
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
    for (let n = 2; taken.has(candidate); n++) candidate = `${stem} (${n})${ext}`
    taken.add(candidate)
    return candidate
  })
}

/**
 * The CID `ipfs add -r --cid-version 1 dir` (Kubo) gives a directory `dir` holding these files under
 * their names: each file's CID and DAG size with the options of a file's CID (blobs/stage.ts,
 * IPFS_ADD_OPTIONS: raw leaves, 256 KiB chunks, balanced layout, CIDv1), then their UnixFS directory
 * (manifestCidOfKnown). The directory's links are sorted by name, so the order of `entries` does not
 * matter. Null for no files.
 */
export async function manifestCidOf(entries: readonly ManifestEntry[]): Promise<string | null> {
  const files: DirectoryEntry[] = []
  for (const entry of entries) files.push({ name: entry.name, ...(await importFile(await entry.open())) })
  return manifestCidOfKnown(files)
}

/** One file of a directory: its name there, its root CID and its DAG's size. */
export interface DirectoryEntry {
  name: string
  cid: string
  dagSize: number
}

/**
 * The UnixFS directory node holding `entries` under their names, as the importer's
 * `wrapWithDirectory` (and `ipfs add -r --cid-version 1`) makes it: links sorted by name, each
 * with its child's DAG size.
 */
export async function directoryNode(entries: readonly DirectoryEntry[]) {
  const bytes = dagPb.encode(
    dagPb.prepare({
      Data: new UnixFS({ type: 'directory' }).marshal(),
      Links: entries.map((entry) => ({ Name: entry.name, Hash: CID.parse(entry.cid), Tsize: entry.dagSize })),
    }),
  )
  const cid = CID.createV1(dagPb.code, await sha256.digest(bytes))
  return { cid, bytes, dagSize: bytes.byteLength + entries.reduce((sum, entry) => sum + entry.dagSize, 0) }
}

/**
 * The manifest CID of files whose CIDs and DAG sizes are known (a new post's staged files): the
 * directory node of manifestCidOf, built without reading a byte of the files. For a post of
 * 50 MB, reading the files again to hash them took 80–100 ms of its upload's answer (2026-11-29).
 */
export async function manifestCidOfKnown(files: readonly DirectoryEntry[]): Promise<string | null> {
  if (files.length === 0) return null
  const names = manifestNames(files.map((file) => file.name))
  const node = await directoryNode(files.map((file, index) => ({ ...file, name: names[index]! })))
  return node.cid.toString()
}

/** A manifest entry read from a staged upload. */
export const stagedEntry = (name: string, path: string): ManifestEntry => ({
  name,
  open: () => createReadStream(path),
})

/** A manifest entry read from the blob store. */
export const storedEntry = (name: string, cid: string, store: BlobStore): ManifestEntry => ({
  name,
  open: () => store.read(cid),
})
