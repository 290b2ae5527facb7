import { createReadStream } from 'node:fs'
import { importer } from 'ipfs-unixfs-importer'
import type { CID } from 'multiformats/cid'
import type { BlobStore } from '../../blobs/index'
import { IPFS_ADD_OPTIONS } from '../../blobs/stage'

/** One file of a version, as the manifest needs it: its name and a way to read its bytes. */
export interface ManifestEntry {
  name: string
  /** Opened only when the importer reaches the file. */
  open(): AsyncIterable<Uint8Array> | Promise<AsyncIterable<Uint8Array>>
}

/** The importer wants somewhere to put blocks; only the root's CID is kept. */
const discardBlocks = { put: async (cid: CID) => cid }

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
 * their names: the importer with the options of a file's CID (blobs/stage.ts, IPFS_ADD_OPTIONS: raw
 * leaves, 256 KiB chunks, balanced layout, CIDv1) wrapping the files in one UnixFS directory. The
 * directory's links are sorted by name, so the order of `entries` does not matter. Null for no files.
 */
export async function manifestCidOf(entries: readonly ManifestEntry[]): Promise<string | null> {
  if (entries.length === 0) return null
  const names = manifestNames(entries.map((entry) => entry.name))
  const source = entries.map((entry, index) => ({
    path: names[index],
    content: (async function* () {
      yield* await entry.open()
    })(),
  }))
  let root: CID | undefined
  for await (const result of importer(source, discardBlocks, {
    ...IPFS_ADD_OPTIONS,
    wrapWithDirectory: true,
  })) {
    if (result.path === '') root = result.cid
  }
  if (!root) throw new Error('The importer produced no directory')
  return root.toString()
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
