import { type Kysely, sql } from 'kysely'
import { rowTrigger } from './triggers'

/**
 * A session ended (revoked or deleted) or a user's role or suspension changed tells every server
 * process on the invalidation channel, from inside the transaction that made the change: the
 * NOTIFY commits with it, before any answer about it can leave, whoever wrote it (a request, a
 * job, `npm run admin`, a hand edit). Duplicate payloads of one transaction arrive once.
 * docs/decisions/013-session-ends-everywhere-at-once.md.
 */
const TELL = `begin perform pg_notify('agora_invalidate', 'database sessions'); return null; end`

export async function up(db: Kysely<unknown>): Promise<void> {
  await rowTrigger(db, {
    name: 'sessions_ended_notify',
    on: 'after update of revoked_at on sessions',
    when: 'old.revoked_at is null and new.revoked_at is not null',
    body: TELL,
  })
  await rowTrigger(db, { name: 'sessions_deleted_notify', on: 'after delete on sessions', body: TELL })
  await rowTrigger(db, {
    name: 'users_standing_notify',
    on: 'after update of role, suspended_until on users',
    when: 'old.role is distinct from new.role or old.suspended_until is distinct from new.suspended_until',
    body: TELL,
  })
  await rowTrigger(db, { name: 'users_deleted_notify', on: 'after delete on users', body: TELL })
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_deleted_notify_trg on users`.execute(db)
  await sql`drop trigger users_standing_notify_trg on users`.execute(db)
  await sql`drop trigger sessions_deleted_notify_trg on sessions`.execute(db)
  await sql`drop trigger sessions_ended_notify_trg on sessions`.execute(db)
  for (const name of [
    'users_deleted_notify',
    'users_standing_notify',
    'sessions_deleted_notify',
    'sessions_ended_notify',
  ])
    await sql`drop function ${sql.raw(name)}()`.execute(db)
}
