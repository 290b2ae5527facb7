import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per faucet request that passed the limits. A pending grant counts against the limits
  // until it is confirmed (counts for good) or failed (counts for nothing).
  await db.schema
    .createTable('faucet_grants')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    // Kept when the user goes: the tokens were still given out.
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    // Whole tokens, up to 9 decimals as the token has.
    .addColumn('amount', sql`numeric(20, 9)`, (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('cluster', 'text', (col) => col.notNull())
    .addColumn('mint', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('pending').check(sql`status in ('pending', 'confirmed', 'failed')`),
    )
    .addColumn('signature', 'text')
    // The user-facing reason of a failed grant (never a raw chain error).
    .addColumn('failure', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  // The three rolling-24-hour limits each read one of these.
  await db.schema
    .createIndex('faucet_grants_user_idx')
    .on('faucet_grants')
    .columns(['user_id', 'created_at'])
    .execute()
  await db.schema
    .createIndex('faucet_grants_address_idx')
    .on('faucet_grants')
    .columns(['address', 'created_at'])
    .execute()
  await db.schema
    .createIndex('faucet_grants_ip_idx')
    .on('faucet_grants')
    .columns(['ip', 'created_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('faucet_grants').execute()
}
