import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('nickname', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('title', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('bio', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('self_page', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('tags', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('avatar', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('public_posts', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('public_activities', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('public_profile', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('public_statistics', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('public_contact', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  // Usernames are unique regardless of case: "Ada" and "ada" are one person.
  await sql`create unique index users_username_lower_idx on users (lower(username))`.execute(db)

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('refresh_hash', 'text', (col) => col.notNull())
    .addColumn('previous_hashes', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('sessions_refresh_hash_idx')
    .on('sessions')
    .column('refresh_hash')
    .unique()
    .execute()
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute()
  await sql`create index sessions_previous_hashes_idx on sessions using gin (previous_hashes)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sessions').execute()
  await db.schema.dropTable('users').execute()
}
