import type { Db } from '../../db/index'
import type { BlobRow } from '../../db/schema'

export function filesStore(db: Db) {
  return {
    findBlob(cid: string): Promise<BlobRow | undefined> {
      return db.selectFrom('blobs').selectAll().where('cid', '=', cid).executeTakeFirst()
    },

    /**
     * Creates the row of a blob or locks the existing one until the transaction ends, so a
     * collector cannot delete the bytes between our put and our reference.
     */
    claimBlob(blob: {
      cid: string
      size: number
      mime: string
      pinned: boolean
      duration_seconds?: number | null
    }) {
      return db
        .insertInto('blobs')
        .values(blob)
        .onConflict((oc) =>
          oc.column('cid').doUpdateSet((eb) => ({
            pinned: blob.pinned ? true : eb.ref('blobs.pinned'),
            duration_seconds: eb.fn.coalesce('blobs.duration_seconds', 'excluded.duration_seconds'),
          })),
        )
        .returning(['refs', 'pinned'])
        .executeTakeFirstOrThrow()
    },

    /** Locks the row of a blob, creating an empty placeholder when there is none. */
    lockBlob(cid: string) {
      return db
        .insertInto('blobs')
        .values({ cid, size: 0, mime: '', pinned: false })
        .onConflict((oc) => oc.column('cid').doUpdateSet((eb) => ({ cid: eb.ref('excluded.cid') })))
        .returning(['refs', 'pinned'])
        .executeTakeFirstOrThrow()
    },

    deleteBlob(cid: string) {
      return db.deleteFrom('blobs').where('cid', '=', cid).execute()
    },
  }
}
