import { createReadStream } from 'node:fs'
import { access, mkdir, readdir, rename, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import type { StagedFile } from './stage'
import { asStorageError, BlobMissingError, type BlobStore, type ByteRange, isCidString } from './store'

/**
 * Blobs as files under `root/<shard>/<cid>`, sharded like Kubo's flatfs (the two characters before
 * the last) so no directory grows past ~1k entries. Staging lives in `root/.staging` so a finished
 * upload moves into place with one atomic rename.
 */
export function localBlobStore(root: string): BlobStore {
  const stagingDir = join(root, '.staging')

  function pathOf(cid: string) {
    // The CID comes from a URL: only our own alphabet may become a path.
    if (!isCidString(cid)) throw new BlobMissingError(cid)
    return join(root, cid.slice(-3, -1), cid)
  }

  async function exists(cid: string) {
    try {
      await access(pathOf(cid))
      return true
    } catch {
      return false
    }
  }

  return {
    kind: 'local',
    stagingDir,
    exists,

    async put(file: StagedFile) {
      const target = pathOf(file.cid)
      if (await exists(file.cid)) {
        await file.discard()
        return
      }
      try {
        await mkdir(join(root, file.cid.slice(-3, -1)), { recursive: true })
        await rename(file.path, target)
      } catch (error) {
        throw asStorageError(error)
      }
    },

    async read(cid: string, range?: ByteRange): Promise<Readable> {
      const path = pathOf(cid)
      try {
        await stat(path)
      } catch {
        throw new BlobMissingError(cid)
      }
      return createReadStream(path, range ? { start: range.start, end: range.end } : {})
    },

    async remove(cid: string) {
      if (!isCidString(cid)) return
      await unlink(pathOf(cid)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error
      })
    },

    async *list() {
      for (const shard of await readdirOrEmpty(root)) {
        if (shard.startsWith('.')) continue
        for (const name of await readdirOrEmpty(join(root, shard))) if (isCidString(name)) yield name
      }
    },
  }
}

async function readdirOrEmpty(dir: string): Promise<string[]> {
  return readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return []
    throw error
  })
}
