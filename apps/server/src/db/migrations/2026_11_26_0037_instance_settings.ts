import { type Kysely, sql } from 'kysely'

// Facts about the deployment every process must agree on (issue 25): today the id of the local blob
// folder the processes share (blobs/shared-store.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table instance_settings (
      key text primary key,
      value text not null,
      created_at timestamptz not null default now()
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table instance_settings`.execute(db)
}
