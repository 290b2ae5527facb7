import { type Kysely, sql } from 'kysely'

/**
 * Accounts people can keep (issue 20, features/mail and features/auth).
 *
 * - `users.email_verified_at`: when the current address was proven by a link (null: unverified).
 *   `email_bounced_at`: the address failed for good; nothing is mailed to it until it changes.
 *   `language`: the language of the user's mail ('en' or 'zh'), taken from their browser.
 * - `sessions.user_agent` and `ip_prefix`: where a session was opened, for the sessions list
 *   (only a prefix of the address is kept: /24 for IPv4, /48 for IPv6).
 * - `account_tokens`: single-use links (verify an address, reset a password), stored hashed.
 * - `mail_outbox`: every message, queued in the transaction that decided to send it and delivered
 *   by a worker with leases and back-off; a failure stays visible (`status` 'failed', `last_error`).
 * - `notification_mail`: how a user wants each kind of notification by mail (off, at once, daily or
 *   weekly digest); `mail_digest_runs`: one row per digest period, so a period is sent once even
 *   with several server processes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users
      add column email_verified_at timestamptz,
      add column email_bounced_at timestamptz,
      add column language text not null default 'en'
  `.execute(db)
  await sql`
    alter table sessions
      add column user_agent text not null default '',
      add column ip_prefix text not null default ''
  `.execute(db)

  await sql`
    create table account_tokens (
      token_hash text primary key,
      user_id uuid not null references users (id) on delete cascade,
      purpose text not null check (purpose in ('verify_email', 'reset_password')),
      email text not null default '',
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )
  `.execute(db)
  await sql`create index account_tokens_user_idx on account_tokens (user_id, purpose)`.execute(db)

  await sql`
    create table mail_outbox (
      id uuid primary key,
      user_id uuid references users (id) on delete set null,
      to_address text not null,
      kind text not null,
      subject text not null,
      text_body text not null,
      html_body text not null,
      headers jsonb not null default '{}',
      status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
      attempts integer not null default 0,
      run_after timestamptz not null default now(),
      lease_until timestamptz,
      last_error text,
      sent_at timestamptz,
      created_at timestamptz not null default now()
    )
  `.execute(db)
  await sql`create index mail_outbox_due_idx on mail_outbox (run_after) where status = 'pending'`.execute(db)
  await sql`create index mail_outbox_failed_idx on mail_outbox (created_at desc) where status = 'failed'`.execute(
    db,
  )
  await sql`create index mail_outbox_user_idx on mail_outbox (user_id, created_at desc)`.execute(db)

  await sql`
    create table notification_mail (
      user_id uuid not null references users (id) on delete cascade,
      kind text not null,
      mode text not null check (mode in ('off', 'instant', 'daily', 'weekly')),
      primary key (user_id, kind)
    )
  `.execute(db)
  await sql`
    create table mail_digest_runs (
      period text not null check (period in ('daily', 'weekly')),
      period_start timestamptz not null,
      finished_at timestamptz,
      primary key (period, period_start)
    )
  `.execute(db)
  await sql`alter table users add column digest_sent_at timestamptz`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table mail_digest_runs`.execute(db)
  await sql`drop table notification_mail`.execute(db)
  await sql`drop table mail_outbox`.execute(db)
  await sql`drop table account_tokens`.execute(db)
  await sql`alter table sessions drop column user_agent, drop column ip_prefix`.execute(db)
  await sql`
    alter table users drop column email_verified_at, drop column email_bounced_at,
      drop column language, drop column digest_sent_at
  `.execute(db)
}
