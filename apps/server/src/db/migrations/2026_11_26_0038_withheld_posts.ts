import { type Kysely, sql } from 'kysely'

// A signed-in reader is answered the shared (anonymous) list page unless they have a post only they
// may see — private, or hidden or removed by a moderator (issue 24, features/posts/posts.viewer.ts).
// This partial index holds just those posts, so asking it for a batch of readers reads a few entries.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index posts_withheld_idx on posts (user_id) where visibility <> 'public' or moderation is not null`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index posts_withheld_idx`.execute(db)
}
