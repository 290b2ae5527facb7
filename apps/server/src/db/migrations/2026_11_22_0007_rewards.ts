import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // The rewards ledger: append-only, a balance is the sum of a user's rows. Rows are never updated
  // or deleted by the app; a withdrawn like or deleted content writes a reversal row instead.
  await db.schema
    .createTable('reward_entries')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Integer base units (10^-9 tokens): sums stay exact.
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount <> 0`))
    .addColumn('reason', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`reason in ('post_published', 'comment_written', 'post_like_received', 'comment_like_received', 'upload_analysed', 'reversal', 'claim', 'claim_refund')`,
        ),
    )
    .addColumn('source_kind', 'text', (col) =>
      col.notNull().check(sql`source_kind in ('post', 'comment', 'like', 'claim')`),
    )
    // A post, comment or claim id; a like is '<post or comment id>:<liker id>' (likes have no id).
    .addColumn('source_id', 'text', (col) => col.notNull())
    // The post or comment the entry is about (what a delete reverses). No foreign key: the row
    // outlives its content, and the ledger is never rewritten when content goes.
    .addColumn('target_id', 'uuid')
    // The post to link to; read through a join, so a deleted post simply links nowhere.
    .addColumn('post_id', 'uuid')
    // A reversal names the entry it undoes; the unique index lets each entry be undone once.
    .addColumn('reverses', 'uuid', (col) => col.references('reward_entries.id'))
    .addColumn('created_at', 'timestamptz', (col) =>
      col.notNull().defaultTo(sql`date_trunc('milliseconds', now())`),
    )
    .addCheckConstraint('reward_entries_reversal_chk', sql`(reason = 'reversal') = (reverses is not null)`)
    .execute()
  // One source earns (or is claimed, or refunded) once: a retried or raced action cannot pay twice.
  await sql`create unique index reward_entries_source_idx on reward_entries (reason, source_kind, source_id) where reason <> 'reversal'`.execute(
    db,
  )
  await sql`create unique index reward_entries_reverses_idx on reward_entries (reverses) where reverses is not null`.execute(
    db,
  )
  // Balances, the paged ledger and the daily caps read a user's rows by time.
  await sql`create index reward_entries_user_idx on reward_entries (user_id, created_at desc, id desc)`.execute(
    db,
  )
  // Deletes find what a post or a comment earned; the leaderboard sums by time.
  await sql`create index reward_entries_post_idx on reward_entries (post_id) where post_id is not null`.execute(
    db,
  )
  await sql`create index reward_entries_target_idx on reward_entries (target_id) where target_id is not null`.execute(
    db,
  )
  await sql`create index reward_entries_created_idx on reward_entries (created_at)`.execute(db)

  // A claim moves claimable tokens to a wallet. Its ledger debit is written with it, in one
  // transaction; a failed transfer writes a refund entry.
  await db.schema
    .createTable('reward_claims')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_key', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('pending').check(sql`status in ('pending', 'paid', 'failed')`),
    )
    .addColumn('signature', 'text')
    // Why a failed claim failed, in words a person reads (never a raw chain error).
    .addColumn('failure', 'text')
    .addColumn('created_at', 'timestamptz', (col) =>
      col.notNull().defaultTo(sql`date_trunc('milliseconds', now())`),
    )
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('reward_claims_client_key_uq', ['user_id', 'client_key'])
    .execute()
  // At most one pending claim per user, whatever races past the service's check.
  await sql`create unique index reward_claims_pending_idx on reward_claims (user_id) where status = 'pending'`.execute(
    db,
  )
  await sql`create index reward_claims_user_idx on reward_claims (user_id, created_at desc)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reward_claims').execute()
  await db.schema.dropTable('reward_entries').execute()
}
