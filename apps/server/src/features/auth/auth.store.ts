import { sql } from 'kysely'
import type { Db } from '../../db/index'
import type { NewUser, SessionRow, UserRow } from '../../db/schema'
import { usernameSkeleton } from '../../db/usernames'

export function authStore(db: Db) {
  /** The sessions still live, to end (an ended one keeps when it ended). */
  const revokeLive = () =>
    db.updateTable('sessions').set({ revoked_at: new Date() }).where('revoked_at', 'is', null)
  return {
    findUserByUsername(username: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst()
    },

    findUserById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
    },

    insertUser(user: NewUser): Promise<UserRow> {
      return db
        .insertInto('users')
        .values({ ...user, username_skeleton: usernameSkeleton(user.username) })
        .returningAll()
        .executeTakeFirstOrThrow()
    },

    insertSession(session: {
      id: string
      user_id: string
      refresh_hash: string
      mode: 'secure' | 'compat'
      expires_at: Date
      user_agent: string
      ip_prefix: string
    }) {
      return db.insertInto('sessions').values(session).execute()
    },

    findSessionByRefreshHash(hash: string): Promise<SessionRow | undefined> {
      return db.selectFrom('sessions').selectAll().where('refresh_hash', '=', hash).executeTakeFirst()
    },

    /** The session whose earlier (already rotated) refresh token this is, if any. */
    findSessionByPreviousHash(hash: string): Promise<SessionRow | undefined> {
      return db
        .selectFrom('sessions')
        .selectAll()
        .where(sql<boolean>`previous_hashes @> array[${hash}]::text[]`)
        .executeTakeFirst()
    },

    /**
     * Swaps the refresh token only if it is still the current one: of two concurrent refreshes
     * with the same token, exactly one wins.
     */
    async rotateRefresh(
      sessionId: string,
      oldHash: string,
      newHash: string,
      expiresAt: Date,
    ): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set({
          refresh_hash: newHash,
          previous_hashes: sql<string[]>`array_append(previous_hashes, ${oldHash})`,
          expires_at: expiresAt,
          last_used_at: new Date(),
        })
        .where('id', '=', sessionId)
        .where('refresh_hash', '=', oldHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** Ends a live session (only if it is `userId`'s, when given); false when there was no such session. */
    async revokeSession(sessionId: string, userId?: string): Promise<boolean> {
      let query = revokeLive().where('id', '=', sessionId)
      if (userId) query = query.where('user_id', '=', userId)
      const result = await query.executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** Ends the user's sessions (all, or all but `keep`); answers how many. */
    async revokeSessions(userId: string, keep: string | null = null): Promise<number> {
      let query = revokeLive().where('user_id', '=', userId)
      if (keep) query = query.where('id', '<>', keep)
      const result = await query.executeTakeFirst()
      return Number(result.numUpdatedRows)
    },
  }
}
export type AuthStore = ReturnType<typeof authStore>
