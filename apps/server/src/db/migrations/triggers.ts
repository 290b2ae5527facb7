import { type Kysely, sql } from 'kysely'

/** A row trigger written in PL/pgSQL (`rowTrigger`). */
export interface RowTrigger {
  /** The function's name; the trigger is `${name}_trg`. */
  name: string
  /** When it runs and on what table, as in CREATE TRIGGER: 'after insert or delete on post_files'. */
  on: string
  /** A condition on OLD and NEW for the trigger to run at all (its WHEN clause). */
  when?: string
  /** The function's body, from `begin` (or `declare`) to `end`. */
  body: string
}

/** Creates the trigger function `name` and the row trigger `${name}_trg` that runs it. */
export async function rowTrigger(db: Kysely<unknown>, { name, on, when, body }: RowTrigger): Promise<void> {
  const fn = sql.raw(name)
  await sql`create function ${fn}() returns trigger language plpgsql as $$ ${sql.raw(body)} $$`.execute(db)
  await sql`
    create trigger ${sql.raw(`${name}_trg`)} ${sql.raw(on)}
    for each row ${sql.raw(when ? `when (${when})` : '')} execute function ${fn}()
  `.execute(db)
}
