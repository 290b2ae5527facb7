import type { PinStatus } from '@agora/contract'
import { type Selectable, sql } from 'kysely'
import type { Db } from '../../db/index'
import type { IpfsPinsTable } from '../../db/schema'
import { visibleTo } from '../../db/visibility'

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

    /**
     * Takes the next due job for `leaseSeconds`: one waiting to be asked for or polled that no live
     * lease holds. `FOR UPDATE SKIP LOCKED`: any number of workers claim at once, never the same one.
     */
    async claim(leaseSeconds: number): Promise<PinJob | null> {
      const { rows } = await sql<PinJob>`
        update ipfs_pins
        set claims = claims + 1, lease_until = now() + make_interval(secs => ${leaseSeconds})
        where cid = (
          select p.cid from ipfs_pins p
          where p.status in ('queued', 'pinning') and p.run_after <= now()
            and (p.lease_until is null or p.lease_until < now())
          order by p.run_after, p.cid
          limit 1
          for update skip locked
        )
        returning cid, name, status, request_id, attempts, claims
      `.execute(db)
      return rows[0] ?? null
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
