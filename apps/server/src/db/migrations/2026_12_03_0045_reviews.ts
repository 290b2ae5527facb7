import { type Kysely, sql } from 'kysely'

/**
 * Open peer review: a signed-in reader's structured review of one version of someone's post, once
 * per version. Withdrawing keeps the row (a placeholder) without its ratings counting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const score = (name: string) => sql.raw(`${name} smallint not null check (${name} between 1 and 5)`)
  await sql`create table reviews (
    id uuid primary key,
    post_id uuid not null references posts (id) on delete cascade,
    version integer not null,
    reviewer_id uuid not null references users (id) on delete cascade,
    summary text not null,
    ${score('soundness')},
    ${score('novelty')},
    ${score('clarity')},
    ${score('reproducibility')},
    ${score('significance')},
    ${score('confidence')},
    competing_interests text not null,
    revision integer not null default 1,
    edited_at timestamptz,
    withdrawn_at timestamptz,
    created_at timestamptz not null default now(),
    unique (post_id, version, reviewer_id)
  )`.execute(db)
  await sql`create index reviews_post_newest on reviews (post_id, id desc)`.execute(db)
  await sql`create index reviews_reviewer on reviews (reviewer_id)`.execute(db)
  await sql`create table review_helpful (
    review_id uuid not null references reviews (id) on delete cascade,
    user_id uuid not null references users (id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (review_id, user_id)
  )`.execute(db)
  await sql`create index review_helpful_user on review_helpful (user_id)`.execute(db)
  // What an edit replaced, as a public history.
  await sql`create table review_revisions (
    review_id uuid not null references reviews (id) on delete cascade,
    revision integer not null,
    summary text not null,
    soundness smallint not null,
    novelty smallint not null,
    clarity smallint not null,
    reproducibility smallint not null,
    significance smallint not null,
    confidence smallint not null,
    competing_interests text not null,
    created_at timestamptz not null,
    primary key (review_id, revision)
  )`.execute(db)
  // An invitation to review a post; one open invitation per reviewer and post.
  await sql`create table review_requests (
    id uuid primary key,
    post_id uuid not null references posts (id) on delete cascade,
    reviewer_id uuid not null references users (id) on delete cascade,
    requester_id uuid not null references users (id) on delete cascade,
    status text not null default 'open' check (status in ('open', 'accepted', 'declined')),
    created_at timestamptz not null default now(),
    answered_at timestamptz
  )`.execute(db)
  await sql`create unique index review_requests_open on review_requests (post_id, reviewer_id) where status = 'open'`.execute(
    db,
  )
  await sql`create index review_requests_post on review_requests (post_id)`.execute(db)
  await sql`create index review_requests_reviewer on review_requests (reviewer_id, id desc)`.execute(db)
  await sql`create index review_requests_requester on review_requests (requester_id)`.execute(db)
  // The work's author answers a review once.
  await sql`create table review_responses (
    review_id uuid primary key references reviews (id) on delete cascade,
    author_id uuid not null references users (id) on delete cascade,
    content text not null,
    created_at timestamptz not null default now()
  )`.execute(db)
  await sql`create index review_responses_author on review_responses (author_id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table review_requests`.execute(db)
  await sql`drop table review_responses`.execute(db)
  await sql`drop table review_revisions`.execute(db)
  await sql`drop table review_helpful`.execute(db)
  await sql`drop table reviews`.execute(db)
}
