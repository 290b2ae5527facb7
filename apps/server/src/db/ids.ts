import { sql } from 'kysely'
import { validate } from 'uuid'

/**
 * Whether `id` can name a row: ids are UUIDs, and anything else is simply not found (it never
 * reaches a uuid column to fail there as a 500).
 */
export const isId = (id: string | null | undefined): id is string => typeof id === 'string' && validate(id)

/**
 * `column` is one of `ids`, as one array parameter: the same statement text for any number of ids
 * (a `in ($1, $2, …)` list is a text per length), so it is prepared once (db/prepared.ts).
 */
export const oneOfIds = (column: string, ids: readonly string[]) =>
  sql<boolean>`${sql.ref(column)} = any(${sql.val([...new Set(ids)])}::uuid[])`
