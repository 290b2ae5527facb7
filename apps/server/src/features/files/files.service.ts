import { sql } from 'kysely'
import { type BlobStore, durationOfFile, isRecording, type StagedFile } from '../../blobs/index'
import type { Db } from '../../db/index'
import type { BlobRow } from '../../db/schema'
import { type StorageCharge, storageQuota } from './files.quota'
import { filesStore } from './files.store'

export interface AdmittedFile {
  staged: StagedFile
  mime: string
}

/**
 * The rules of stored files. A blob's row is locked (claimed) before its bytes are put and kept
 * locked until the referencing rows commit; the collector takes the same lock before it deletes.
 * So bytes are never deleted under a post that is being created, and never left behind by one that
 * failed.
 */
export function filesService(db: Db, store: BlobStore) {
  const rows = filesStore(db)

  return {
    find(cid: string): Promise<BlobRow | undefined> {
      return rows.findBlob(cid)
    },

    /**
     * Claims and stores each file. Call inside the transaction that inserts the rows referring to
     * them (post_files), with `db` bound to that transaction. Same bytes twice are stored once.
     * With `charge`, the files count against that user's storage quota (files.quota.ts): over it,
     * nothing is claimed or stored and a 413 is thrown.
     */
    async admit(files: AdmittedFile[], options: { pin?: boolean; charge?: StorageCharge } = {}) {
      // Reading recordings' lengths and storing the bytes (to S3: up to 5 × 50 MB) leave the
      // transaction idle longer than a request's may be.
      await sql`set local idle_in_transaction_session_timeout = '5min'`.execute(db)
      const recordCharge = options.charge
        ? await storageQuota(db).reserve(
            options.charge,
            files.map((file) => ({ cid: file.staged.cid, size: file.staged.size })),
          )
        : null
      // One lock order for everyone (sorted CIDs): two uploads sharing files cannot deadlock.
      const byCid = new Map(files.map((file) => [file.staged.cid, file]))
      for (const cid of [...byCid.keys()].sort()) {
        const file = byCid.get(cid)!
        // A recording's length, for the comments on its moments (comments.anchors): known from the upload on.
        const duration_seconds = isRecording(file.mime) ? await durationOfFile(file.staged.path) : null
        await rows.claimBlob({
          cid,
          size: file.staged.size,
          mime: file.mime,
          pinned: options.pin ?? false,
          duration_seconds,
        })
      }
      await recordCharge?.()
      for (const file of files) await store.put(file.staged, file.mime)
    },

    /**
     * Deletes the blobs among `cids` that nothing refers to any more, bytes first. Call with the
     * root handle (it opens one short transaction per blob), after the referencing rows are gone.
     */
    async collect(cids: Iterable<string>): Promise<string[]> {
      const removed: string[] = []
      for (const cid of [...new Set(cids)].sort()) {
        const gone = await db.transaction().execute(async (trx) => {
          const locked = filesStore(trx)
          const blob = await locked.lockBlob(cid)
          if (blob.refs > 0 || blob.pinned) return false
          await store.remove(cid)
          await locked.deleteBlob(cid)
          return true
        })
        if (gone) removed.push(cid)
      }
      return removed
    },
  }
}
export type FilesService = ReturnType<typeof filesService>
