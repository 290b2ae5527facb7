import { rmSync } from 'node:fs'
import { hash } from '@node-rs/argon2'
import { type Kysely, sql } from 'kysely'
import { rewardsConfig } from '../../apps/server/src/config.token'
import { migrateToLatest } from '../../apps/server/src/db/index'
import { ruleOf } from '../../apps/server/src/features/rewards/rewards.rules'
import { type BenchTarget, openBenchDatabase } from './database'
import { TAGS, vocabulary } from './words'

/** How big a forum to generate: `--posts N` scales every other count with it. */
export interface Scale {
  users: number
  posts: number
  comments: number
  likes: number
  /** Users who get a live session, to like posts through the API. */
  sessions: number
}

export function scaleFor(posts: number): Scale {
  return {
    posts,
    users: Math.max(50, Math.round(posts / 20)),
    comments: posts * 5,
    likes: posts * 10,
    sessions: Math.min(1000, Math.max(50, Math.round(posts / 100))),
  }
}

/** The password of every generated user (they are real accounts: anyone may log in as one). */
export const BENCH_PASSWORD = 'agora-bench-2026'
export const VOCABULARY_SIZE = 2000
const WORDS = vocabulary(VOCABULARY_SIZE)
/** The most and the least frequent words of the vocabulary: the search figures' terms. */
export const COMMON_TERM = WORDS[0]
export const RARE_TERM = WORDS[WORDS.length - 1]

/** Reviews of the one post the reviews figure reads (fewer when the forum has fewer users). */
export const REVIEWED_POST_REVIEWS = 200

type Run = (label: string, statement: ReturnType<typeof sql>) => Promise<void>

/** How many Zipf-drawn words the texts are cut from. */
const TOKENS = 1_000_000

/**
 * `n` consecutive words from `bench_tokens`, a long run of words drawn by a Zipf-like law (rank
 * k = floor(e^(U·ln(W+1))) has probability ∝ ln(1+1/k), close to 1/k), starting `offset` words
 * after the row's random window start `w.start` (see windowStart). Cutting windows from one drawn
 * run costs an index range per text instead of a draw per word.
 */
function zipfText(offset: number, n: number) {
  return sql`(select string_agg(t.word, ' ' order by t.i) from bench_tokens t
    where t.i between w.start + ${offset} and w.start + ${offset + n - 1})`
}

/** A random window start per row; `outer` names a column of the row so PostgreSQL draws per row. */
function windowStart(outer: string) {
  return sql`cross join lateral (select 1 + floor(random() * ${TOKENS - 200})::int + 0 * ${sql.ref(outer)} as start) w`
}

/** Generates a forum of the given scale into an empty, migrated database through `db`. */
export async function generateForum(db: Kysely<unknown>, scale: Scale, log: (line: string) => void) {
  const run: Run = async (label, statement) => {
    const started = Date.now()
    await statement.execute(db)
    log(`  ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  }
  const passwordHash = await hash(BENCH_PASSWORD)
  const { users, posts, comments, likes, sessions } = scale
  const replies = Math.round(comments / 5)
  const topLevel = comments - replies

  // The server's ids are UUIDv7 (time first): the comment search walks the primary key newest first.
  await sql`
    create function bench_uuidv7(at timestamptz) returns uuid language sql volatile as $$
      select encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
        placing substring(int8send(floor(extract(epoch from at) * 1000)::bigint) from 3) from 1 for 6),
        52, 1), 53, 1), 'hex')::uuid
    $$`.execute(db)
  const restoreIndexes = await dropSecondaryIndexes(db, ['posts', 'comments', 'post_likes', 'reward_entries'])
  // Helper tables number the rows, so set-based statements can pick "the k-th user" cheaply.
  await run('vocabulary', sql`create unlogged table bench_vocab as select ${TAGS}::text[] as tags`)
  await run(
    `${TOKENS} words of text`,
    sql`create unlogged table bench_tokens as
      select d.i, w.word
      from (select i, floor(exp(random() * ln(${VOCABULARY_SIZE + 1})))::int as rank
            from generate_series(1, ${TOKENS}) i) d
      join unnest(${WORDS}::text[]) with ordinality as w(word, rank) on w.rank = d.rank`,
  )
  await sql`alter table bench_tokens add primary key (i)`.execute(db)
  await run(
    `${users} users`,
    sql`create unlogged table bench_users as select n, bench_uuidv7(now() - interval '400 days') as id from generate_series(1, ${users}) n`,
  )
  await sql`alter table bench_users add primary key (n)`.execute(db)
  await sql`
    insert into users (id, username, password_hash, nickname, title, created_at)
    select id, 'bench_user_' || n, ${passwordHash}, 'Bench User ' || n, 'Researcher', now() - interval '400 days'
    from bench_users`.execute(db)

  // Authors are skewed (a few write a lot); dates spread over the last year.
  await run(
    `${posts} posts`,
    sql`
    insert into posts (id, user_id, title, summary, content, tags, media_type, created_at)
    select bench_uuidv7(d.at), u.id,
      initcap(${zipfText(0, 6)}),
      ${zipfText(6, 20)},
      ${zipfText(26, 80)},
      array(select distinct v.tags[1 + floor(power(random(), 2) * array_length(v.tags, 1))::int]
            from generate_series(1, 1 + (p.n % 3)) t),
      (array['image', 'video', 'audio', 'document'])[1 + p.n % 4],
      d.at
    from (select n, 1 + floor(power(random(), 2) * ${users})::int as author from generate_series(1, ${posts}) n) p
    join bench_users u on u.n = p.author
    cross join bench_vocab v
    cross join lateral (select date_trunc('milliseconds', now() - random() * interval '365 days' + 0 * p.n * interval '1 s') as at) d
    ${windowStart('p.n')}`,
  )
  await sql`create unlogged table bench_posts as select row_number() over (order by id)::int as n, id, created_at from posts`.execute(
    db,
  )
  await sql`alter table bench_posts add primary key (n)`.execute(db)

  // Popular posts draw more comments; a comment comes after its post.
  await run(
    `${topLevel} comments`,
    sql`
    insert into comments (id, post_id, user_id, level, content, created_at)
    select bench_uuidv7(d.at), p.id, u.id, 1, ${zipfText(0, 15)}, d.at
    from (select n, 1 + floor(power(random(), 1.5) * ${posts})::int as post,
                 1 + floor(random() * ${users})::int as author
          from generate_series(1, ${topLevel}) n) c
    join bench_posts p on p.n = c.post
    join bench_users u on u.n = c.author
    cross join lateral (select date_trunc('milliseconds', p.created_at + random() * (now() - p.created_at)) as at) d
    ${windowStart('c.n')}`,
  )
  await sql`create unlogged table bench_threads as select row_number() over (order by id)::int as n, id, post_id, created_at from comments`.execute(
    db,
  )
  await sql`alter table bench_threads add primary key (n)`.execute(db)
  await run(
    `${replies} replies`,
    sql`
    insert into comments (id, post_id, user_id, parent_id, root_id, level, content, created_at)
    select bench_uuidv7(d.at), t.post_id, u.id, t.id, t.id, 2, ${zipfText(0, 12)}, d.at
    from (select n, 1 + floor(random() * ${topLevel})::int as thread, 1 + floor(random() * ${users})::int as author
          from generate_series(1, ${replies}) n) r
    join bench_threads t on t.n = r.thread
    join bench_users u on u.n = r.author
    cross join lateral (select date_trunc('milliseconds', t.created_at + random() * (now() - t.created_at)) as at) d
    ${windowStart('r.n')}`,
  )

  // Distinct (user, post) pairs, popular posts more often: draw a surplus and keep the first `likes`.
  await run(
    `${likes} likes`,
    sql`
    insert into post_likes (user_id, post_id, created_at)
    select u.id, p.id, date_trunc('milliseconds', p.created_at + random() * (now() - p.created_at))
    from (select distinct 1 + floor(random() * ${users})::int as liker, 1 + floor(power(random(), 2) * ${posts})::int as post
          from generate_series(1, ${Math.round(likes * 1.3)})
          limit ${likes}) l
    join bench_users u on u.n = l.liker
    join bench_posts p on p.n = l.post`,
  )

  // The ledger a live forum would hold for these contributions (each post, comment and like of
  // another's post paid under the default rules and their daily caps, a like's source written as
  // `likeSourceId` writes it): without it the first likes measured would pay into an empty ledger,
  // which no forum with a million likes has.
  const rules = rewardsConfig({})
  const rule = (reason: 'post_published' | 'comment_written' | 'post_like_received') => {
    const { amount, dailyCap } = ruleOf(rules, reason)
    return sql`(${reason}::text, ${amount.toString()}::bigint, ${dailyCap ?? 2_147_483_647}::int)`
  }
  await run(
    'reward ledger',
    sql`
    insert into reward_entries (id, user_id, amount, reason, source_kind, source_id, target_id, post_id, created_at)
    select bench_uuidv7(e.at), e.user_id, r.amount, e.reason, e.source_kind, e.source_id, e.target_id, e.post_id, e.at
    from (
      select earned.*, row_number() over (
        partition by earned.user_id, earned.reason, (earned.at at time zone 'UTC')::date order by earned.at) as nth
      from (
        select user_id, 'post_published' as reason, 'post' as source_kind, id::text as source_id, id as target_id,
               id as post_id, created_at as at from posts
        union all
        select user_id, 'comment_written', 'comment', id::text, id, post_id, created_at from comments
        union all
        select p.user_id, 'post_like_received', 'like', p.id || ':' || l.user_id, p.id, p.id, l.created_at
        from post_likes l join posts p on p.id = l.post_id where l.user_id <> p.user_id
      ) earned
    ) e
    join (values ${rule('post_published')}, ${rule('comment_written')}, ${rule('post_like_received')})
      as r(reason, amount, cap) on r.reason = e.reason
    where e.nth <= r.cap`,
  )
  await run(
    'reward day counts',
    sql`
    insert into reward_day_counts (user_id, reason, day, earned, granted)
    select user_id, reason, (created_at at time zone 'UTC')::date, count(*), count(*)
    from reward_entries group by 1, 2, 3`,
  )

  const indexing = Date.now()
  await restoreIndexes()
  log(`  indexes (${((Date.now() - indexing) / 1000).toFixed(1)} s)`)
  // Counters exactly as the rows say (one pass, so each post is rewritten once; the hot score
  // follows through its trigger).
  await run(
    'counters',
    sql`
    update posts set likes_count = coalesce(l.n, 0), comments_count = coalesce(c.n, 0)
    from posts p
    left join (select post_id, count(*)::int n from post_likes group by post_id) l on l.post_id = p.id
    left join (select post_id, count(*)::int n from comments group by post_id) c on c.post_id = p.id
    where posts.id = p.id and (l.n is not null or c.n is not null)`,
  )
  await run(
    'reply counts',
    sql`
    update comments set reply_count = r.n
    from (select parent_id, count(*)::int n from comments where parent_id is not null group by parent_id) r
    where comments.id = r.parent_id`,
  )
  // One user in twenty keeps a post private (their oldest that few discuss): a signed-in reader with
  // a post only they may see is answered their own list page, not the shared one.
  await run(
    'private posts',
    sql`
    update posts set visibility = 'private'
    where id in (
      select distinct on (p.user_id) p.id from posts p join bench_users u on u.id = p.user_id
      where u.n % 20 = 0 and p.comments_count < 24
      order by p.user_id, p.created_at)`,
  )
  // One post whose reviews fill list pages and an aggregate over many, and a few on one post in 50.
  const ratings = sql.raw(
    ['soundness', 'novelty', 'clarity', 'reproducibility', 'significance', 'confidence']
      .map((name) => `1 + floor(random() * 5)::int as ${name}`)
      .join(', '),
  )
  await run(
    'reviews',
    sql`
    insert into reviews (id, post_id, version, reviewer_id, summary, soundness, novelty, clarity,
      reproducibility, significance, confidence, competing_interests, created_at)
    select bench_uuidv7(d.at), r.post_id, r.version, r.reviewer_id, ${zipfText(0, 60)}, ${ratings}, 'None', d.at
    from (
      select row_number() over () as n, pairs.* from (
        select p.id as post_id, p.version, p.created_at, u.id as reviewer_id
        from (select * from posts where visibility = 'public' order by id offset ${Math.floor(posts / 2)} limit 1) p
        cross join lateral (select id from bench_users where id <> p.user_id order by n limit ${REVIEWED_POST_REVIEWS}) u
        union all
        select p.id, p.version, p.created_at, u.id
        from bench_posts b join posts p on p.id = b.id and p.visibility = 'public'
        cross join generate_series(1, 1 + b.n % 3) k
        join bench_users u on u.n = 1 + (b.n * 7 + k * 13) % ${users}
        where b.n % 50 = 0 and u.id <> p.user_id
      ) pairs
    ) r
    cross join lateral (select date_trunc('milliseconds', r.created_at + random() * (now() - r.created_at)) as at) d
    ${windowStart('r.n')}
    on conflict (post_id, version, reviewer_id) do nothing`,
  )
  // A live forum's rows lie on disk in time order; these were written at random dates, so a walk of
  // the newest rows would read a page per row. CLUSTER on the UUIDv7 keys puts them in time order.
  await run('posts in time order', sql`cluster posts using posts_pkey`)
  await run('comments in time order', sql`cluster comments using comments_pkey`)
  await run(
    `${sessions} sessions`,
    sql`
    insert into sessions (id, user_id, refresh_hash, mode, expires_at)
    select bench_uuidv7(now()), id, md5(random()::text || n), 'compat', now() + interval '1 day'
    from bench_users where n <= ${sessions}`,
  )
  await sql`drop table bench_vocab, bench_tokens, bench_users, bench_posts, bench_threads`.execute(db)
  await sql`drop function bench_uuidv7`.execute(db)
  // VACUUM as well: CLUSTER left no dead versions, but only VACUUM marks pages all-visible, which the
  // index-only reads (a window's start, the likes' keys) need.
  await run('vacuum analyze', sql`vacuum analyze`)
}

/**
 * Drops the indexes of `tables` that no constraint needs and answers a function that recreates
 * them from their own definitions (pg_indexes): a bulk load followed by one index build is several times faster
 * than keeping every index up to date row by row (GIN indexes above all).
 */
async function dropSecondaryIndexes(db: Kysely<unknown>, tables: string[]) {
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes
    where schemaname = 'public' and tablename = any(${tables}::text[])
      and indexname not in (select conname from pg_constraint)`.execute(db)
  await sql`set maintenance_work_mem = '256MB'`.execute(db)
  for (const row of rows) await sql`drop index ${sql.id(row.indexname)}`.execute(db)
  return async () => {
    for (const row of rows) await sql.raw(row.indexdef).execute(db)
  }
}

/** Drops and recreates the PostgreSQL database `url` names (through the `postgres` database). */
async function recreatePostgres(url: string) {
  const target = new URL(url)
  const name = decodeURIComponent(target.pathname.slice(1))
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const { db, close } = await openBenchDatabase({ url }, admin.toString())
  try {
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(db)
    await sql`create database ${sql.id(name)}`.execute(db)
  } finally {
    await close()
  }
}

/** A fresh database (PostgreSQL at `url`, else PGlite in `pgliteDir`), migrated and filled. */
export async function freshForum(target: BenchTarget, scale: Scale, log: (line: string) => void) {
  if ('url' in target) await recreatePostgres(target.url)
  else rmSync(target.pgliteDir, { recursive: true, force: true })
  const { db, close } = await openBenchDatabase(target)
  try {
    await migrateToLatest(db as Kysely<unknown>)
    await generateForum(db as Kysely<unknown>, scale, log)
  } finally {
    await close()
  }
}
