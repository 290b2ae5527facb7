import type { PinStatus } from '@agora/contract'
import { type Selectable, sql } from 'kysely'
import type { Db } from '../../db/index'
import { claimDue } from '../../db/queues'
import type { IpfsPinsTable } from '../../db/schema'
import { visibleTo } from '../../policy/index'

/** A claimed pin job: `claims` is this claim's fencing token. */
export type PinJob = Pick<
  Selectable<IpfsPinsTable>,
  'cid' | 'name' | 'status' | 'request_id' | 'attempts' | 'claims'
>

/** What a try changed: the new status, request, error, and when the job is due again (seconds from now). */
export interface PinUpdate {
  status: PinStatus
  requestId: string | null
  error: string | null
  /** Seconds until the next try or poll; null: the job is over (pinned or failed). */
  dueInSeconds: number | null
  /** This try failed (counted against the attempts). */
  failed: boolean
}

const CLAIM = { key: 'cid', counter: 'claims', returning: 'cid, name, status, request_id, attempts, claims' }

export function pinningStore(db: Db) {
  return {
    /**
     * Queues a pin of every file of these posts (all versions) that anyone may see, in the caller's
     * transaction. A file already queued or pinned stays as it is; one that failed is tried afresh.
     */
    async enqueuePublicFiles(postIds: readonly string[]) {
      if (postIds.length === 0) return
      const open = db.selectFrom('posts').select('id').where('id', 'in', postIds).where(visibleTo(null))
      const files = await db
        .selectFrom('post_files')
        .select(['cid', 'name'])
        .where('post_id', 'in', open)
        .union(db.selectFrom('post_version_files').select(['cid', 'name']).where('post_id', 'in', open))
        .execute()
      const byCid = new Map(files.map((file) => [file.cid, file.name]))
      if (byCid.size === 0) return
      await db
        .insertInto('ipfs_pins')
        .values([...byCid].map(([cid, name]) => ({ cid, name })))
        .onConflict((conflict) =>
          conflict
            .column('cid')
            .doUpdateSet({
              status: 'queued',
              attempts: 0,
              request_id: null,
              run_after: sql<Date>`now()`,
              updated_at: sql<Date>`now()`,
            })
            .where('ipfs_pins.status', '=', 'failed'),
        )
        .execute()
    },

    /** Takes the next due job (queued, or pinning and to be polled) for `leaseSeconds`; `claims` counts them. */
    claim(leaseSeconds: number): Promise<PinJob | null> {
      return claimDue<PinJob>(db, 'pinning', CLAIM, leaseSeconds)
    },

    /** Records a try; false when the claim is no longer current (its lease ran out and another took it). */
    async record(job: PinJob, update: PinUpdate): Promise<boolean> {
      const result = await db
        .updateTable('ipfs_pins')
        .set({
          status: update.status,
          request_id: update.requestId,
          last_error: update.error?.slice(0, 2000) ?? null,
          lease_until: null,
          updated_at: sql<Date>`now()`,
          ...(update.failed ? { attempts: sql<number>`attempts + 1` } : {}),
          ...(update.dueInSeconds === null
            ? {}
            : { run_after: sql<Date>`now() + make_interval(secs => ${update.dueInSeconds})` }),
        })
        .where('cid', '=', job.cid)
        .where('claims', '=', job.claims)
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },

    /** A file's pin job, for tests and operators. */
    find(cid: string) {
      return db.selectFrom('ipfs_pins').selectAll().where('cid', '=', cid).executeTakeFirst()
    },
  }
}
