import { sql } from 'kysely'
import type { UploadLimitsConfig } from '../../config'
import type { Db } from '../../db/index'
import { PayloadTooLargeError } from '../../http/errors'

/**
 * The per-user storage quota, so one account cannot fill the disk. A user is charged once
 * for each distinct file (CID) they uploaded — in a post, a version or on its own — at its full
 * size, however many of their posts carry it; bytes someone else also uploaded count for both (a
 * quota must not tell whether another user holds a file). A charge ends when the collector deletes
 * the bytes (the row goes with the blob). docs/reliability.md, "Upload rate and storage quota".
 */

/** Whom an upload is charged to, and their quota (null: none). */
export interface StorageCharge {
  userId: string
  quotaBytes: number | null
}

/**
 * Room for the text fields and multipart framing of a body: Content-Length above what is left by
 * more than this is refused before a byte is read.
 */
export const FORM_OVERHEAD_BYTES = 1024 * 1024

const MB = 1024 * 1024

/** "12.3 MB" */
export function megabytes(bytes: number): string {
  return `${(bytes / MB).toFixed(1).replace(/\.0$/, '')} MB`
}

export function overQuota(
  quotaBytes: number,
  usedBytes: number,
  addingBytes: number | null,
  atLeast = false,
) {
  const adding =
    addingBytes === null
      ? ''
      : `, and this upload adds ${atLeast ? 'at least ' : ''}${megabytes(addingBytes)}`
  return new PayloadTooLargeError('storage_quota', {
    detail:
      `Your storage quota is ${megabytes(quotaBytes)} and you have ${megabytes(usedBytes)} stored${adding}. ` +
      'Nothing was saved: delete posts you no longer need, or ask the administrators for more room.',
  })
}

export function chargeFor(userId: string, limits: UploadLimitsConfig): StorageCharge {
  return { userId, quotaBytes: limits.storageQuotaBytes }
}

export function storageQuota(db: Db) {
  async function usedBytes(userId: string): Promise<number> {
    const row = await db
      .selectFrom('blob_uploads as u')
      .innerJoin('blobs as b', 'b.cid', 'u.cid')
      .select(sql<string>`coalesce(sum(b.size), 0)`.as('used'))
      .where('u.user_id', '=', userId)
      .executeTakeFirst()
    return Number(row?.used ?? 0)
  }

  return {
    usedBytes,

    /**
     * Before the body is read: refuses a user already at their quota, or a body whose
     * Content-Length cannot fit in what is left. Answers the file bytes still allowed (null: no quota).
     */
    async admitBody(charge: StorageCharge, contentLength: number | null): Promise<number | null> {
      if (charge.quotaBytes === null) return null
      const used = await usedBytes(charge.userId)
      const left = charge.quotaBytes - used
      if (left <= 0) throw overQuota(charge.quotaBytes, used, null)
      if (contentLength !== null && contentLength - FORM_OVERHEAD_BYTES > left) {
        throw overQuota(charge.quotaBytes, used, contentLength)
      }
      return left
    },

    /**
     * In the transaction that stores `files`, before their bytes are put: one upload of a user at
     * a time (a transaction-scoped advisory lock), refused when the files new to the user do not
     * fit. Answers the function that records the charge once the blobs' rows exist.
     */
    async reserve(
      charge: StorageCharge,
      files: { cid: string; size: number }[],
    ): Promise<() => Promise<void>> {
      const cids = [...new Set(files.map((file) => file.cid))]
      if (cids.length === 0) return async () => {}
      await sql`select pg_advisory_xact_lock(hashtextextended(${`blob_uploads:${charge.userId}`}, 0))`.execute(
        db,
      )
      if (charge.quotaBytes !== null) {
        const owned = new Set(
          (
            await db
              .selectFrom('blob_uploads')
              .select('cid')
              .where('user_id', '=', charge.userId)
              .where('cid', 'in', cids)
              .execute()
          ).map((row) => row.cid),
        )
        const sizes = new Map(files.map((file) => [file.cid, file.size]))
        const adding = cids
          .filter((cid) => !owned.has(cid))
          .reduce((sum, cid) => sum + (sizes.get(cid) ?? 0), 0)
        const used = await usedBytes(charge.userId)
        if (adding > 0 && used + adding > charge.quotaBytes) throw overQuota(charge.quotaBytes, used, adding)
      }
      return async () => {
        await db
          .insertInto('blob_uploads')
          .values(cids.map((cid) => ({ user_id: charge.userId, cid })))
          .onConflict((oc) => oc.columns(['user_id', 'cid']).doNothing())
          .execute()
      }
    },
  }
}
