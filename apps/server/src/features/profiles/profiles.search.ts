import type { UserSearchResponse } from '@agora/contract'
import { sql } from 'kysely'
import type { Db } from '../../db/index'

/** Users one search suggests at most (the @mention list). */
export const USER_SEARCH_LIMIT = 8

/** `text` as a LIKE pattern that matches itself literally: `%`, `_` and `\` escaped. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

/**
 * Users whose name starts with `q`, without regard to case, in name order: what typing `@` offers.
 * Walks the index on `lower(username) collate "C"` (migration 0012), so it stops after eight.
 */
export async function searchUsers(db: Db, q: string): Promise<UserSearchResponse> {
  // Postgres text cannot hold NUL, and no name has one: a prefix with one finds nobody.
  if (q.includes('\u0000')) return { users: [] }
  const prefix = q.trim().toLowerCase()
  if (!prefix) return { users: [] }
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'nickname', 'avatar'])
    .where(sql<boolean>`lower(username) collate "C" like ${`${likeLiteral(prefix)}%`} escape '\\'`)
    .where('deleted_at', 'is', null)
    .orderBy(sql`lower(username) collate "C"`)
    .limit(USER_SEARCH_LIMIT)
    .execute()
  return { users }
}
