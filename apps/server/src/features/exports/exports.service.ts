import { sql } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import type { BlobStore } from '../../blobs/index'
import type { Db } from '../../db/index'
import { backoffSeconds, type Logger, silentLogger, startWorkerLoops } from '../../db/worker-loops'
import { NotFoundError, TooManyRequestsError } from '../../http/errors'
import { filesService } from '../files/index'
import { buildExport } from './exports.build'

/** An export can be downloaded this long after it is ready. */
export const EXPORT_TTL_MS = 7 * 86_400_000
/** Builds of one export before it fails for good. */
const MAX_ATTEMPTS = 5
const BACKOFF = { backoffSeconds: 30, maxBackoffSeconds: 3600 }
/** A build holds its export this long; a crashed builder's export is taken up again after it. */
const LEASE_SECONDS = 600

export interface ExportView {
  id: string
  status: 'pending' | 'ready' | 'failed' | 'expired'
  size: number | null
  created_at: string
  ready_at: string | null
  expires_at: string | null
  /** Where to download it, while it is ready. */
  download_url: string | null
}

type ExportRow = {
  id: string
  status: ExportView['status']
  size: string | number | null
  created_at: Date
  ready_at: Date | null
  expires_at: Date | null
}

export function toExportView(row: ExportRow): ExportView {
  return {
    id: row.id,
    status: row.status,
    size: row.size === null ? null : Number(row.size),
    created_at: row.created_at.toISOString(),
    ready_at: row.ready_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
    download_url: row.status === 'ready' ? `/api/v1/auth/me/exports/${row.id}/download` : null,
  }
}

/** Called when an export is ready (the product mails its owner a link). */
export type ExportReady = (trx: Db, userId: string, exportId: string) => Promise<void>

export function exportsService(db: Db, store: BlobStore) {
  return {
    /** Asks for a new export; one at a time per user (a second while one is being made answers it). */
    async request(userId: string): Promise<ExportView> {
      const open = await db
        .selectFrom('account_exports')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .executeTakeFirst()
      if (open) return toExportView(open)
      const today = await db
        .selectFrom('account_exports')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>', new Date(Date.now() - 86_400_000))
        .executeTakeFirstOrThrow()
      if (today.n >= 3) {
        throw new TooManyRequestsError('export_daily_limit', 3600)
      }
      const row = await db
        .insertInto('account_exports')
        .values({ id: uuidv7(), user_id: userId })
        .returningAll()
        .executeTakeFirstOrThrow()
      return toExportView(row)
    },

    async list(userId: string): Promise<ExportView[]> {
      const rows = await db
        .selectFrom('account_exports')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(10)
        .execute()
      return rows.map(toExportView)
    },

    /** The ready archive of the user's export `id`, or 404 in words. */
    async archive(userId: string, id: string) {
      const row = await db
        .selectFrom('account_exports')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      if (!row) throw new NotFoundError('export_not_found')
      if (row.status === 'expired' || (row.expires_at && row.expires_at.getTime() < Date.now())) {
        throw new NotFoundError('export_expired')
      }
      if (row.status !== 'ready' || !row.cid) throw new NotFoundError('export_not_ready')
      return { cid: row.cid, size: Number(row.size), createdAt: row.created_at }
    },
  }
}

/**
 * Builds pending exports: claims one (a lease), writes its ZIP into the blob store (kept, pinned,
 * until it expires), marks it ready and calls `ready` in the same transaction. Also lets exports
 * past their week expire, their archives collected.
 */
export function exportsWorker(db: Db, store: BlobStore, ready: ExportReady, log: Logger = silentLogger) {
  const files = filesService(db, store)

  async function expire() {
    const gone = await db
      .updateTable('account_exports')
      .set({ status: 'expired' })
      .where('status', '=', 'ready')
      .where('expires_at', '<', new Date())
      .returning('cid')
      .execute()
    const cids = gone.map((row) => row.cid).filter((cid): cid is string => cid !== null)
    if (cids.length === 0) return
    await db.updateTable('blobs').set({ pinned: false }).where('cid', 'in', cids).execute()
    await files.collect(cids)
  }

  async function processNext(): Promise<boolean> {
    await expire()
    const { rows } = await sql<{ id: string; user_id: string; attempts: number }>`
      update account_exports set attempts = attempts + 1,
        run_after = now() + make_interval(secs => ${LEASE_SECONDS})
      where id = (
        select id from account_exports where status = 'pending' and run_after <= now()
        order by run_after limit 1 for update skip locked
      )
      returning id, user_id, attempts
    `.execute(db)
    const job = rows[0]
    if (!job) return false
    try {
      const staged = await buildExport(db, store, job.user_id)
      await db.transaction().execute(async (trx) => {
        await filesService(trx, store).admit([{ staged, mime: 'application/zip' }], { pin: true })
        const now = new Date()
        await trx
          .updateTable('account_exports')
          .set({
            status: 'ready',
            cid: staged.cid,
            size: staged.size,
            ready_at: now,
            expires_at: new Date(now.getTime() + EXPORT_TTL_MS),
            last_error: null,
          })
          .where('id', '=', job.id)
          .execute()
        await ready(trx, job.user_id, job.id)
      })
    } catch (error) {
      const givingUp = job.attempts >= MAX_ATTEMPTS
      await db
        .updateTable('account_exports')
        .set({
          status: givingUp ? 'failed' : 'pending',
          run_after: sql<Date>`now() + make_interval(secs => ${backoffSeconds(BACKOFF, job.attempts)})`,
          last_error: String((error as Error)?.message ?? error).slice(0, 1000),
        })
        .where('id', '=', job.id)
        .execute()
      log.warn(
        { export: job.id, attempt: job.attempts, err: error },
        givingUp ? 'export failed for good' : 'export failed; will retry',
      )
    }
    return true
  }

  return {
    processNext,
    async drain() {
      let done = 0
      while (await processNext()) done += 1
      return done
    },
  }
}

export function startExportsWorker(db: Db, store: BlobStore, ready: ExportReady, log: Logger) {
  const worker = exportsWorker(db, store, ready, log)
  return startWorkerLoops({
    name: 'exports',
    workers: 1,
    processNext: worker.processNext,
    pollMs: 2000,
    stopTimeoutMs: 10_000,
    log,
  })
}
