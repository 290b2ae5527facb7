import type { ColumnType } from 'kysely'

/** A row's creation time: set by the database when not given, never updated. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>
