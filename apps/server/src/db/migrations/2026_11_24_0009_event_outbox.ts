import { type Kysely, sql } from 'kysely'

/**
 * The durable outbox of domain events (docs/decisions/004-domain-events.md): one row per delivery
 * of an event to a durable subscriber (`handler`), written in the transaction that raised the
 * event and removed in the transaction that handled it. A worker claims a due row with a lease
 * (`lease_until`); `attempts` counts claims and is the claim's fencing token. A delivery that
 * failed `max attempts` times stays with `failed_at` set, for an operator to look at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table event_outbox (
      id bigint generated always as identity primary key,
      event text not null,
      handler text not null,
      payload jsonb not null,
      attempts integer not null default 0,
      run_after timestamptz not null default now(),
      lease_until timestamptz,
      last_error text,
      failed_at timestamptz,
      created_at timestamptz not null default now()
    )
  `.execute(db)
  await sql`create index event_outbox_due_idx on event_outbox (run_after, id) where failed_at is null`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table event_outbox`.execute(db)
}
