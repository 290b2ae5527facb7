import { validate } from 'uuid'

/**
 * Whether `id` can name a row: ids are UUIDs, and anything else is simply not found (it never
 * reaches a uuid column to fail there as a 500).
 */
export const isId = (id: string | null | undefined): id is string => typeof id === 'string' && validate(id)
