import { createHash } from 'node:crypto'
import type pg from 'pg'

/** How many statement texts a process names at most, unless `DATABASE_PREPARED_STATEMENTS` says. */
export const DEFAULT_PREPARED_STATEMENTS = 200

/**
 * Named prepared statements for the statements a server sends over and over (issue 24). Kysely
 * sends every statement unnamed, so PostgreSQL parses and plans it each time: for the short
 * statements of a page (the Following feed: 0.9 ms to run, 0.8 ms to plan) that is half the
 * database's work. A statement text seen `after` times on this process is sent named from then on:
 * each connection parses it once, and after five runs PostgreSQL keeps a generic plan when it
 * costs no more than the custom ones (`plan_cache_mode = auto`).
 *
 * A generic plan knows no parameter's value, so it cannot use a partial index whose predicate a
 * parameter decides (`status = $1` against `where status = 'open'`): write such a predicate's value
 * into the text (`sql.lit('open')`): otherwise the generic plan scans the table, costs more than
 * the custom ones and every run is planned anew (the likes' ledger, bench/README.md 2026-11-27).
 *
 * Bounded: at most `max` texts are ever named per process (a connection holds at most that many
 * statements), and at most four texts of one shape (`in ($1)`, `in ($1, $2)`, …), so statements
 * written for lists of any length cannot take all the names (hot ones take arrays instead:
 * `= any($1::uuid[])`, `unnest(…)`, one text for every length). Left unnamed:
 * anything but `select`/`insert`/`update`/`delete`/`with` (transaction control, DDL), and full-text
 * searches (`@@`), whose best plan depends on the words asked.
 *
 * Named statements live on the connection: behind a pooler in transaction mode (PgBouncer before
 * 1.21) they break, so `DATABASE_PREPARED_STATEMENTS=0` turns this off.
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
