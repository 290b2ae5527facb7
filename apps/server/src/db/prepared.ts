import { createHash } from 'node:crypto'
import type pg from 'pg'

/** How many statement texts a process names at most, unless `DATABASE_PREPARED_STATEMENTS` says. */
export const DEFAULT_PREPARED_STATEMENTS = 200

/**
 * Sends a statement text seen `after` times as a named prepared statement: Kysely sends each one
 * unnamed, and planning a page's short statements costs PostgreSQL as much as running them.
 * A generic plan cannot use a partial index whose predicate a parameter decides, so write such a
 * value into the text (`sql.lit('open')`). At most `max` texts, four of one shape; DDL, transaction
 * control and full-text searches stay unnamed. A transaction-mode pooler needs
 * `DATABASE_PREPARED_STATEMENTS=0`.
 */
export function namePreparedStatements(pool: pg.Pool, max: number, after = 2): void {
  if (max <= 0) return
  const names = new Map<string, string>()
  const seen = new Map<string, number>()

  const variants = new Map<string, number>()

  function nameOf(text: string): string | undefined {
    const known = names.get(text)
    if (known !== undefined) return known
    if (names.size >= max || !preparable(text)) return undefined
    const times = (seen.get(text) ?? 0) + 1
    if (times < after) {
      if (seen.size < 20 * max) seen.set(text, times)
      return undefined
    }
    seen.delete(text)
    // A statement written for a list of any length is a text per length: a few of them are named.
    const form = shape(text)
    const named = variants.get(form) ?? 0
    if (named >= VARIANTS_PER_SHAPE) return undefined
    variants.set(form, named + 1)
    const name = `agora_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`
    names.set(text, name)
    return name
  }

  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    // Kysely asks `query(text, values)`; anything else (a cursor, a config object) goes as it is.
    client.query = ((...args: unknown[]) => {
      const [text, values] = args
      if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
        const name = nameOf(text)
        if (name !== undefined) return query({ name, text, values })
      }
      return query(...args)
    }) as typeof client.query
  })
}

/** How many texts of one shape (the same statement for lists of different lengths) are named at most. */
const VARIANTS_PER_SHAPE = 4

/** A text with its parameters' lists and rows of values collapsed: `in ($1, $2)` and `in ($1)` alike. */
export function shape(text: string): string {
  return text
    .replace(/\$\d+(?:::[a-z_]+(?:\[\])?)?/gi, '?')
    .replace(/\?(?:, \?)+/g, '?')
    .replace(/\(\?\)(?:, \(\?\))+/g, '(?)')
}

const STATEMENT = /^\s*(select|insert|update|delete|with)\b/i

function preparable(text: string): boolean {
  return STATEMENT.test(text) && !text.includes('@@')
}
