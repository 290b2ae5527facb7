import { type Kysely, sql } from 'kysely'
import { TAGS } from './words'

/** Authors and tags each user with a session follows, and notifications each has (the signed-in paths). */
export const FOLLOWED_AUTHORS = 20
export const FOLLOWED_TAGS = 2
export const NOTIFICATIONS_PER_USER = 60

/**
 * What the signed-in paths of this round read, for the users with a session: whom they follow (the
 * prolific authors more often, as people follow those) and two tags, and a notification inbox of
 * comments, likes and new posts of followed authors over the last month, a third of it unread.
 * Made once: a reused forum that has them keeps them (the figures then read the same inboxes).
 */
export async function ensureSocialData(db: Kysely<unknown>, log: (line: string) => void) {
  const { rows } = await sql<{ n: string }>`select count(*) as n from follows`.execute(db)
  if (Number(rows[0].n) > 0) return
  const started = Date.now()
  await sql`
    create unlogged table bench_people as
    select row_number() over (order by s.user_id)::int as n, s.user_id as id
    from (select distinct user_id from sessions where revoked_at is null) s`.execute(db)
  await sql`
    create unlogged table bench_authors as
    select row_number() over (order by count(*) desc, user_id)::int as n, user_id as id
    from posts group by user_id`.execute(db)
  await sql`
    create unlogged table bench_recent as
    select row_number() over (order by created_at desc)::int as n, id
    from (select id, created_at from posts order by created_at desc limit 1000) recent`.execute(db)
  await sql`
    insert into follows (follower_id, kind, target)
    select distinct p.id, 'user', a.id::text
    from bench_people p
    cross join lateral (
      select 1 + floor(power(random(), 2) * (select count(*) from bench_authors))::int + 0 * p.n as author
      from generate_series(1, ${FOLLOWED_AUTHORS})
    ) pick
    join bench_authors a on a.n = pick.author
    where a.id <> p.id
    on conflict do nothing`.execute(db)
  await sql`
    insert into follows (follower_id, kind, target)
    select p.id, 'tag', (${TAGS}::text[])[1 + (p.n * 7 + k) % array_length(${TAGS}::text[], 1)]
    from bench_people p cross join generate_series(0, ${FOLLOWED_TAGS - 1}) k
    on conflict do nothing`.execute(db)
  await sql`
    insert into notifications (user_id, kind, actor_id, post_id, excerpt, created_at, updated_at, read_at)
    select p.id, (array['comment', 'like', 'followed_author'])[1 + k % 3], a.id, t.id,
      'A note from the bench', d.at, d.at, case when k % 3 = 0 then null else d.at end
    from bench_people p
    cross join generate_series(1, ${NOTIFICATIONS_PER_USER}) k
    cross join lateral (
      select 1 + floor(random() * (select count(*) from bench_authors))::int + 0 * p.n + 0 * k as actor,
        1 + floor(random() * (select count(*) from bench_recent))::int + 0 * p.n + 0 * k as post
    ) r
    join bench_authors a on a.n = r.actor
    join bench_recent t on t.n = r.post
    cross join lateral (select now() - random() * interval '30 days' + 0 * k * interval '1 s' as at) d`.execute(
    db,
  )
  await sql`drop table bench_people, bench_authors, bench_recent`.execute(db)
  await sql`analyze follows, notifications`.execute(db)
  log(`  follows and notifications (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}
