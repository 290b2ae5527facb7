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

/**
 * Where a queue's entries live: its table, which entries are open (not done: due, later or claimed)
 * and which used up their tries. Where only some open entries can be due or claimed (an analysis
 * job is claimed by turning 'running'), `due` and `claimed` narrow them.
 */
interface QueueTable {
  table: string
  open: string
  failed: string
  due?: string
  claimed?: string
}

const TABLES: Record<QueueName, QueueTable> = {
  analysis: {
    table: 'analysis_jobs',
    open: "status in ('queued', 'running')",
    failed: "status = 'failed'",
    due: "status = 'queued'",
    claimed: "status = 'running'",
  },
  outbox: { table: 'event_outbox', open: 'failed_at is null', failed: 'failed_at is not null' },
  mail: { table: 'mail_outbox', open: "status = 'pending'", failed: "status = 'failed'" },
  pinning: { table: 'ipfs_pins', open: "status in ('queued', 'pinning')", failed: "status = 'failed'" },
}

/** One statement per queue, each reading only the partial indexes of its open and failed entries. */
function statsQuery({ table, open, failed, due = open, claimed = open }: QueueTable) {
  const from = sql.raw(table)
  return sql<QueueStats>`
    select
      (select count(*) from ${from} where ${sql.raw(open)}) as waiting,
      (select coalesce(extract(epoch from now() - min(run_after)), 0) from ${from}
        where ${sql.raw(due)} and run_after <= now()) as "oldestDueSeconds",
      (select count(*) from ${from} where ${sql.raw(claimed)} and lease_until < now()) as stuck,
      (select count(*) from ${from} where ${sql.raw(failed)}) as failed`
}

/** How each durable queue stands (for readiness and /metrics), read cheaply on demand. */
export async function queueStats(db: Db): Promise<Record<QueueName, QueueStats>> {
  const entries = await Promise.all(
    QUEUES.map(async (queue) => {
      const { rows } = await statsQuery(TABLES[queue]).execute(db)
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

/** How a leased queue's claim names its entry: key column, fencing counter and the columns it answers. */
interface LeasedClaim {
  key: string
  counter: string
  returning: string
}

/**
 * Takes a leased queue's next due entry for `leaseSeconds`: one open, whose time has come and that
 * no live lease holds, the longest due first; its `counter` goes up by one (the claim's fencing
 * token). `FOR UPDATE SKIP LOCKED` lets any number of workers claim at once without taking the same.
 */
export async function claimDue<Row>(
  db: Db,
  queue: 'outbox' | 'pinning',
  { key, counter, returning }: LeasedClaim,
  leaseSeconds: number,
): Promise<Row | null> {
  const { table, open } = TABLES[queue]
  const { rows } = await sql<Row>`
    update ${sql.raw(table)}
    set ${sql.raw(counter)} = ${sql.raw(counter)} + 1, lease_until = now() + make_interval(secs => ${leaseSeconds})
    where ${sql.raw(key)} = (
      select ${sql.raw(key)} from ${sql.raw(table)}
      where ${sql.raw(open)} and run_after <= now()
        and (lease_until is null or lease_until < now())
      order by run_after, ${sql.raw(key)}
      limit 1
      for update skip locked
    )
    returning ${sql.raw(returning)}
  `.execute(db)
  return rows[0] ?? null
}
