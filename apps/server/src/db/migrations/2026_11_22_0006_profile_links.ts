import type { Kysely } from 'kysely'

/** Social links shown in an author's Connect section (withheld with the other contact fields). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('twitter', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('github', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('linkedin', 'text', (col) => col.notNull().defaultTo(''))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .dropColumn('twitter')
    .dropColumn('github')
    .dropColumn('linkedin')
    .execute()
}
