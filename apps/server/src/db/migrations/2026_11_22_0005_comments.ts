import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('comments')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('post_id', 'uuid', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Deleting a comment deletes its replies; the service counts them first to keep counters exact.
    .addColumn('parent_id', 'uuid', (col) => col.references('comments.id').onDelete('cascade'))
    .addColumn('root_id', 'uuid', (col) => col.references('comments.id').onDelete('cascade'))
    .addColumn('level', 'smallint', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('likes_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reply_count', 'integer', (col) => col.notNull().defaultTo(0))
    // Millisecond precision, like posts: the order the API shows is the order the database keeps.
    .addColumn('created_at', 'timestamptz', (col) =>
      col.notNull().defaultTo(sql`date_trunc('milliseconds', now())`),
    )
    // Stemmed and unstemmed, like the posts' document, so the forum's prefix search matches both.
    .addColumn('search', sql`tsvector`, (col) =>
      col
        .generatedAlwaysAs(
          sql`to_tsvector('english'::regconfig, content) || to_tsvector('simple'::regconfig, content)`,
        )
        .stored(),
    )
    .addCheckConstraint('comments_level_chk', sql`level between 1 and 3`)
    .addCheckConstraint(
      'comments_thread_chk',
      sql`(level = 1 and parent_id is null and root_id is null) or (level > 1 and parent_id is not null and root_id is not null)`,
    )
    .addCheckConstraint('comments_content_chk', sql`char_length(content) between 1 and 5000`)
    .addCheckConstraint('comments_counts_chk', sql`likes_count >= 0 and reply_count >= 0`)
    .execute()

  // A post's comments (and the cascade when a post goes); top-level comments newest first for paging.
  await sql`create index comments_post_created_idx on comments (post_id, created_at desc, id desc)`.execute(
    db,
  )
  await sql`create index comments_post_top_idx on comments (post_id, created_at desc, id desc) where parent_id is null`.execute(
    db,
  )
  await sql`create index comments_root_idx on comments (root_id) where root_id is not null`.execute(db)
  await sql`create index comments_parent_idx on comments (parent_id) where parent_id is not null`.execute(db)
  // A user's own comments, newest first (profile pages).
  await sql`create index comments_user_created_idx on comments (user_id, created_at desc, id desc)`.execute(
    db,
  )
  await sql`create index comments_search_idx on comments using gin (search)`.execute(db)

  await db.schema
    .createTable('comment_likes')
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('comment_id', 'uuid', (col) => col.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('comment_likes_pkey', ['user_id', 'comment_id'])
    .execute()
  await db.schema.createIndex('comment_likes_comment_idx').on('comment_likes').column('comment_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('comment_likes').execute()
  await db.schema.dropTable('comments').execute()
}
