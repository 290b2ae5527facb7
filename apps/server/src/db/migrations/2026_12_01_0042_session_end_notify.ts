import { type Kysely, sql } from 'kysely'
import { type RowTrigger, rowTrigger } from './triggers'

/**
 * A session ended (revoked or deleted) or a user's role or suspension changed tells every server
 * process on the invalidation channel, from inside the transaction that made the change: the
 * NOTIFY commits with it, before any answer about it can leave, whoever wrote it (a request, a
 * job, `npm run admin`, a hand edit). Duplicate payloads of one transaction arrive once.
 * docs/decisions/013-session-ends-everywhere-at-once.md.
 */
const TELL = `begin perform pg_notify('agora_invalidate', 'database sessions'); return null; end`

/** Each table that tells: on its deletion, and on the update `change` names under its condition. */
const TELLING = [
  {
    table: 'sessions',
    change: 'ended',
    columns: 'revoked_at',
    when: 'old.revoked_at is null and new.revoked_at is not null',
  },
  {
    table: 'users',
    change: 'standing',
    columns: 'role, suspended_until',
    when: 'old.role is distinct from new.role or old.suspended_until is distinct from new.suspended_until',
  },
]

const TRIGGERS: (RowTrigger & { table: string })[] = TELLING.flatMap(({ table, change, columns, when }) => [
  {
    table,
    name: `${table}_${change}_notify`,
    on: `after update of ${columns} on ${table}`,
    when,
    body: TELL,
  },
  { table, name: `${table}_deleted_notify`, on: `after delete on ${table}`, body: TELL },
])

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const trigger of TRIGGERS) await rowTrigger(db, trigger)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const last = [...TRIGGERS].reverse()
  for (const { name, table } of last)
    await sql`drop trigger ${sql.raw(`${name}_trg`)} on ${sql.raw(table)}`.execute(db)
  for (const { name } of last) await sql`drop function ${sql.raw(name)}()`.execute(db)
}
