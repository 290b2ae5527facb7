import { type Kysely, sql } from 'kysely'

/**
 * The durable queue of AI analyses, and the per-post phrases the keyphrase ranking weighs against.
 *
 * - `analysis_jobs`: one row per requested analysis. A worker claims a job by setting it running
 *   with a lease (`lease_until`); a job whose lease ran out (its process died) is claimed again.
 *   `attempts` counts claims and doubles as a fencing token: only the claim that is current may
 *   record the result. At most one queued job per post (a second request joins the first).
 * - `analysis_post_terms`: the candidate phrases of each analysed post; their document frequency
 *   across posts is what makes a field's common vocabulary lose to what a post is about.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table analysis_jobs (
      id uuid primary key,
      post_id uuid not null references posts (id) on delete cascade,
      status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
      attempts integer not null default 0,
      run_after timestamptz not null default now(),
      lease_until timestamptz,
      last_error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      finished_at timestamptz
    )
  `.execute(db)
  await sql`create index analysis_jobs_due_idx on analysis_jobs (run_after, id) where status = 'queued'`.execute(
    db,
  )
  await sql`create index analysis_jobs_lease_idx on analysis_jobs (lease_until) where status = 'running'`.execute(
    db,
  )
  await sql`create index analysis_jobs_post_idx on analysis_jobs (post_id)`.execute(db)
  await sql`create unique index analysis_jobs_one_queued_idx on analysis_jobs (post_id) where status = 'queued'`.execute(
    db,
  )

  await sql`
    create table analysis_post_terms (
      post_id uuid not null references posts (id) on delete cascade,
      term text not null,
      primary key (post_id, term)
    )
  `.execute(db)
  await sql`create index analysis_post_terms_term_idx on analysis_post_terms (term)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table analysis_post_terms`.execute(db)
  await sql`drop table analysis_jobs`.execute(db)
}
