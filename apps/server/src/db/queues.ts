import { sql } from 'kysely'
import type { Db } from './index'

/** The durable queues the workers drain. */
export const QUEUES = ['analysis', 'outbox', 'mail', 'pinning'] as const
export type QueueName = (typeof QUEUES)[number]

export interface QueueStats {
  /** Entries not done yet (due now or later). */
  waiting: number
  /** Seconds the longest-due entry has waited past its time; 0 when none is due. */
  oldestDueSeconds: number
  /** Entries claimed by a worker whose lease ran out: a worker that died or hangs. */
  stuck: number
  /** Entries that used up their tries. */
  failed: number
}

// One statement per queue, each reading only the partial indexes of its open and failed entries.
const STATS = {
  analysis: sql<QueueStats>`
    select
      (select count(*) from analysis_jobs where status in ('queued', 'running')) as waiting,
      (select coalesce(extract(epoch from now() - min(run_after)), 0) from analysis_jobs
        where status = 'queued' and run_after <= now()) as "oldestDueSeconds",
      (select count(*) from analysis_jobs where status = 'running' and lease_until < now()) as stuck,
      (select count(*) from analysis_jobs where status = 'failed') as failed`,
  outbox: sql<QueueStats>`
    select
      (select count(*) from event_outbox where failed_at is null) as waiting,
      (select coalesce(extract(epoch from now() - min(run_after)), 0) from event_outbox
        where failed_at is null and run_after <= now()) as "oldestDueSeconds",
      (select count(*) from event_outbox where failed_at is null and lease_until < now()) as stuck,
      (select count(*) from event_outbox where failed_at is not null) as failed`,
  mail: sql<QueueStats>`
    select
      (select count(*) from mail_outbox where status = 'pending') as waiting,
      (select coalesce(extract(epoch from now() - min(run_after)), 0) from mail_outbox
        where status = 'pending' and run_after <= now()) as "oldestDueSeconds",
      (select count(*) from mail_outbox where status = 'pending' and lease_until < now()) as stuck,
      (select count(*) from mail_outbox where status = 'failed') as failed`,
  pinning: sql<QueueStats>`
    select
      (select count(*) from ipfs_pins where status in ('queued', 'pinning')) as waiting,
      (select coalesce(extract(epoch from now() - min(run_after)), 0) from ipfs_pins
        where status in ('queued', 'pinning') and run_after <= now()) as "oldestDueSeconds",
      (select count(*) from ipfs_pins where status in ('queued', 'pinning') and lease_until < now()) as stuck,
      (select count(*) from ipfs_pins where status = 'failed') as failed`,
} satisfies Record<QueueName, unknown>

/** How each durable queue stands (for readiness and /metrics), read cheaply on demand. */
export async function queueStats(db: Db): Promise<Record<QueueName, QueueStats>> {
  const entries = await Promise.all(
    QUEUES.map(async (queue) => {
      const { rows } = await STATS[queue].execute(db)
      const row = rows[0] as unknown as Record<keyof QueueStats, number | string>
      const stats: QueueStats = {
        waiting: Number(row.waiting),
        oldestDueSeconds: Math.round(Number(row.oldestDueSeconds)),
        stuck: Number(row.stuck),
        failed: Number(row.failed),
      }
      return [queue, stats] as const
    }),
  )
  return Object.fromEntries(entries) as Record<QueueName, QueueStats>
}
