import { type Kysely, sql } from 'kysely'

// What a post held while it was private stays its author's when it is made public, unless they
// share it: versions remember whether they were published while private, and the post when its
// author last shared its private history (revisions already keep their visibility).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts add column private_history_shared_at timestamptz`.execute(db)
  await sql`alter table post_versions add column made_private boolean not null default false`.execute(db)
  // A version was made while private when the post's visibility at its creation was private: the
  // current state if the post was last edited before it, else the kept revision then in effect.
  await sql`
    update post_versions v set made_private = true
    from posts p
    where p.id = v.post_id and 'private' = case
      when coalesce(p.edited_at, p.created_at) <= v.created_at then p.visibility
      else coalesce(
        (select r.visibility from post_revisions r
         where r.post_id = v.post_id and r.created_at <= v.created_at
         order by r.revision desc limit 1),
        p.visibility)
      end`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table post_versions drop column made_private`.execute(db)
  await sql`alter table posts drop column private_history_shared_at`.execute(db)
}
