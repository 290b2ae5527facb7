import { sql } from 'kysely'
import type { MailConfig } from '../../config'
import type { Db } from '../../db/index'
import { type Logger, startWorkerLoops } from '../../db/worker-loops'
import { notificationMail } from './notifications.mail'

export type DigestPeriod = 'daily' | 'weekly'
const DAY_MS = 86_400_000

/** Where the period holding `now` began: midnight UTC, or Monday midnight UTC for a week. */
export function periodStart(period: DigestPeriod, now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  if (period === 'daily') return new Date(midnight)
  const sinceMonday = (now.getUTCDay() + 6) % 7
  return new Date(midnight - sinceMonday * DAY_MS)
}

/**
 * Sends the digests of the period that just ended, once: the first process to record the period
 * (a row in mail_digest_runs) queues every digest in the same transaction; any other process, now
 * or later, finds the row and does nothing. Answers how many digests each period queued (null:
 * another process had done it).
 */
export async function runDueDigests(db: Db, config: MailConfig, secret: string, now = new Date()) {
  const mail = notificationMail(config, secret)
  const done: Record<DigestPeriod, number | null> = { daily: null, weekly: null }
  for (const period of ['daily', 'weekly'] as const) {
    const to = periodStart(period, now)
    const from = new Date(to.getTime() - (period === 'daily' ? DAY_MS : 7 * DAY_MS))
    done[period] = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ period: string }>`
        insert into mail_digest_runs (period, period_start) values (${period}, ${to})
        on conflict do nothing returning period
      `.execute(trx)
      if (rows.length === 0) return null
      const queued = await mail.queueDigests(trx, period, from, to)
      await trx
        .updateTable('mail_digest_runs')
        .set({ finished_at: new Date() })
        .where('period', '=', period)
        .where('period_start', '=', to)
        .execute()
      return queued
    })
  }
  return done
}

/** Looks once a minute for a period whose digests are due; answers the function that stops it. */
export function startDigestScheduler(db: Db, config: MailConfig, secret: string, log: Logger) {
  return startWorkerLoops({
    name: 'mail digests',
    workers: 1,
    processNext: async () => {
      await runDueDigests(db, config, secret)
      return false
    },
    pollMs: 60_000,
    stopTimeoutMs: 10_000,
    log,
  })
}
