import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // How many entries of each earning reason a user earned on each UTC day: the daily caps. One row
  // a user, reason and day, moved by a conditional upsert, so an earning checks and counts its cap
  // in the statement that pays it (the row lock orders concurrent earnings) instead of counting the
  // day's entries under a lock taken by a statement of its own. Never decremented: a reversal frees
  // no room under a cap.
  await db.schema
    .createTable('reward_day_counts')
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('earned', 'integer', (col) => col.notNull().check(sql`earned >= 0`))
    // What the last upsert added (the update's SET sees the row before it): how many of a batch of
    // earnings fit under the cap.
    .addColumn('granted', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('reward_day_counts_pk', ['user_id', 'reason', 'day'])
    .execute()
  await sql`
    insert into reward_day_counts (user_id, reason, day, earned)
    select user_id, reason, (created_at at time zone 'UTC')::date, count(*)
    from reward_entries
    where reason in ('post_published', 'comment_written', 'post_like_received', 'comment_like_received', 'upload_analysed')
    group by 1, 2, 3`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reward_day_counts').execute()
}
