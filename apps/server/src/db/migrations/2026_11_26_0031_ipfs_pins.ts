import { type Kysely, sql } from 'kysely'

/**
 * Pinning public files on the IPFS network (issue 22, features/pinning): one durable job per file,
 * by CID, claimed with a lease and retried with back-off. `status` is what the API shows beside the
 * file: queued (ours, or the service's queue), pinning, pinned, failed. `request_id` is the pinning
 * service's id of the pin request, polled until it ends; `claims` fences a claim whose lease ran out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ipfs_pins (
      cid text primary key references blobs (cid) on delete cascade,
      name text not null default '',
      status text not null default 'queued' check (status in ('queued', 'pinning', 'pinned', 'failed')),
      request_id text,
      attempts integer not null default 0,
      claims integer not null default 0,
      run_after timestamptz not null default now(),
      lease_until timestamptz,
      last_error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db)
  await sql`create index ipfs_pins_due_idx on ipfs_pins (run_after) where status in ('queued', 'pinning')`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table ipfs_pins`.execute(db)
}
