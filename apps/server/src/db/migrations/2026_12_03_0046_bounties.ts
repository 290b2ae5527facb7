import { type Kysely, sql } from 'kysely'

const REASONS_BEFORE = `'post_published', 'comment_written', 'post_like_received', 'comment_like_received', 'upload_analysed', 'reversal', 'claim', 'claim_refund'`

/**
 * Review bounties: a funder's tokens held in escrow on a post, awarded in shares to reviews of it.
 * The ledger gains the moves: escrow (out of the funder's balance), award (the reviewer's earnings)
 * and refund (what was not awarded, back to the funder); the escrow's amount is always the awards
 * plus the refunds plus what is left.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reward_entries drop constraint reward_entries_reason_check`.execute(db)
  await sql
    .raw(
      `alter table reward_entries add constraint reward_entries_reason_check check (reason in (${REASONS_BEFORE}, 'bounty_escrow', 'bounty_award', 'bounty_refund'))`,
    )
    .execute(db)
  await sql`alter table reward_entries drop constraint reward_entries_source_kind_check`.execute(db)
  await sql`alter table reward_entries add constraint reward_entries_source_kind_check
    check (source_kind in ('post', 'comment', 'like', 'claim', 'bounty', 'award'))`.execute(db)
  await sql`create table bounties (
    id uuid primary key,
    post_id uuid not null references posts (id) on delete cascade,
    funder_id uuid not null references users (id) on delete cascade,
    amount bigint not null check (amount > 0),
    remaining bigint not null check (remaining >= 0 and remaining <= amount),
    reviews_wanted smallint not null check (reviews_wanted between 1 and 5),
    deadline timestamptz not null,
    status text not null default 'open' check (status in ('open', 'cancelled', 'closed')),
    created_at timestamptz not null default now(),
    closed_at timestamptz
  )`.execute(db)
  await sql`create index bounties_post on bounties (post_id, id desc)`.execute(db)
  await sql`create index bounties_funder on bounties (funder_id, id desc)`.execute(db)
  // The deadline job reads the open bounties that are due.
  await sql`create index bounties_due on bounties (deadline) where status = 'open'`.execute(db)
  await sql`create table bounty_awards (
    id uuid primary key,
    bounty_id uuid not null references bounties (id) on delete cascade,
    review_id uuid not null references reviews (id) on delete cascade,
    reviewer_id uuid not null references users (id) on delete cascade,
    amount bigint not null check (amount > 0),
    -- When moderation took the award back from the reviewer and returned it to the bounty or funder.
    returned_at timestamptz,
    created_at timestamptz not null default now(),
    unique (bounty_id, review_id)
  )`.execute(db)
  await sql`create index bounty_awards_review on bounty_awards (review_id)`.execute(db)
  await sql`create index bounty_awards_reviewer on bounty_awards (reviewer_id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table bounty_awards`.execute(db)
  await sql`drop table bounties`.execute(db)
  await sql`delete from reward_entries where reason in ('bounty_escrow', 'bounty_award', 'bounty_refund')`.execute(
    db,
  )
  await sql`alter table reward_entries drop constraint reward_entries_source_kind_check`.execute(db)
  await sql`alter table reward_entries add constraint reward_entries_source_kind_check
    check (source_kind in ('post', 'comment', 'like', 'claim'))`.execute(db)
  await sql`alter table reward_entries drop constraint reward_entries_reason_check`.execute(db)
  await sql
    .raw(
      `alter table reward_entries add constraint reward_entries_reason_check check (reason in (${REASONS_BEFORE}))`,
    )
    .execute(db)
}
