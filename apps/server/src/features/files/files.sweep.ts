import type { FastifyBaseLogger } from 'fastify'
import { type BlobStore, removeLeftoverStaging } from '../../blobs/index'
import type { Db } from '../../db/index'
import { filesService } from './files.service'

export interface SweepResult {
  /** Temporary upload files a dead process left behind. */
  staging: number
  /** Blobs no post refers to and nobody pinned (bytes and row removed). */
  orphans: number
  /** Rows whose bytes are missing from the store (cannot be repaired here; logged). */
  missing: string[]
}

/**
 * The start-up repair after a crash (`kill -9`, power loss). An upload stores its bytes before
 * its transaction commits, so a process that dies in between leaves bytes without a row; a post
 * deleted just before a crash leaves a row nobody refers to. Both are collected under the blob
 * lock (files.service), which waits for any other process's upload of the same CID to commit, so
 * this is safe with several processes on one database.
 */
export async function sweepBlobs(
  db: Db,
  store: BlobStore,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  startedAt: number = performance.timeOrigin,
): Promise<SweepResult> {
  const staging = await removeLeftoverStaging(store.stagingDir, startedAt)
  const rows = await db.selectFrom('blobs').select(['cid', 'refs', 'pinned']).execute()
  const known = new Set(rows.map((row) => row.cid))
  const candidates = rows.filter((row) => row.refs <= 0 && !row.pinned).map((row) => row.cid)
  const stored = new Set<string>()
  for await (const cid of store.list()) {
    stored.add(cid)
    if (!known.has(cid)) candidates.push(cid)
  }
  const orphans = await filesService(db, store).collect(candidates)
  const missing = rows
    .filter((row) => !stored.has(row.cid) && !orphans.includes(row.cid))
    .map((row) => row.cid)
  if (staging || orphans.length)
    log.info({ staging, orphans: orphans.length }, 'removed what a crash left behind')
  if (missing.length) log.warn({ missing }, 'stored files are missing for these blobs')
  return { staging, orphans: orphans.length, missing }
}
