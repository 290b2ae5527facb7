import { type Kysely, sql } from 'kysely'

// Readiness and /metrics count each queue's failed entries on every scrape (issue 25): partial
// indexes keep that a read of the failures alone, however many done entries a table holds.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index analysis_jobs_failed_idx on analysis_jobs (finished_at) where status = 'failed'`.execute(
    db,
  )
  await sql`create index event_outbox_failed_idx on event_outbox (failed_at) where failed_at is not null`.execute(
    db,
  )
  await sql`create index ipfs_pins_failed_idx on ipfs_pins (updated_at) where status = 'failed'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index ipfs_pins_failed_idx`.execute(db)
  await sql`drop index event_outbox_failed_idx`.execute(db)
  await sql`drop index analysis_jobs_failed_idx`.execute(db)
}
