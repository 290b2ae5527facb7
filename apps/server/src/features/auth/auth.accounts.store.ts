import { sql } from 'kysely'
import type { Db } from '../../db/index'
import type { AccountTokenPurpose } from '../../db/schema'

/** Single-use links and the sessions list. */
export function accountsStore(db: Db) {
  return {
    insertToken(row: {
      token_hash: string
      user_id: string
      purpose: AccountTokenPurpose
      email: string
      expires_at: Date
    }) {
      return db.insertInto('account_tokens').values(row).execute()
    },

    /** Uses a token up: answers it (with its user) only if it was unused, else what it was. */
    async useToken(hash: string, purpose: AccountTokenPurpose) {
      const used = await db
        .updateTable('account_tokens')
        .set({ used_at: new Date() })
        .where('token_hash', '=', hash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning(['user_id', 'email'])
        .executeTakeFirst()
      if (used) return { state: 'ok' as const, ...used }
      const found = await db
        .selectFrom('account_tokens')
        .select(['used_at', 'expires_at'])
        .where('token_hash', '=', hash)
        .where('purpose', '=', purpose)
        .executeTakeFirst()
      if (!found) return { state: 'unknown' as const }
      return { state: found.used_at ? ('used' as const) : ('expired' as const) }
    },

    /** Every other open link of this purpose stops working (a reset, a new address). */
    expireTokens(userId: string, purpose: AccountTokenPurpose) {
      return db
        .updateTable('account_tokens')
        .set({ used_at: new Date() })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute()
    },

    async tokensSince(userId: string, purpose: AccountTokenPurpose, since: Date): Promise<number> {
      const row = await db
        .selectFrom('account_tokens')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow()
      return row.n
    },

    /** The account a forgotten-password request names: by username, or by address (any case). */
    findAccount(name: string) {
      const lower = name.trim().toLowerCase()
      return db
        .selectFrom('users')
        .select(['id', 'username', 'nickname', 'email', 'email_verified_at', 'email_bounced_at', 'language'])
        .where((eb) =>
          eb.or([eb(sql<string>`lower(username)`, '=', lower), eb(sql<string>`lower(email)`, '=', lower)]),
        )
        .where('email', '<>', '')
        .orderBy('created_at')
        .executeTakeFirst()
    },

    setPassword(userId: string, passwordHash: string) {
      return db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: new Date() })
        .where('id', '=', userId)
        .execute()
    },

    /** The address is proven (if it is still the account's address). */
    async markVerified(userId: string, email: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ email_verified_at: new Date(), email_bounced_at: null })
        .where('id', '=', userId)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    resetVerification(userId: string) {
      return db
        .updateTable('users')
        .set({ email_verified_at: null, email_bounced_at: null })
        .where('id', '=', userId)
        .execute()
    },

    liveSessions(userId: string) {
      return db
        .selectFrom('sessions')
        .select(['id', 'user_agent', 'ip_prefix', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date())
        .orderBy('last_used_at', 'desc')
        .limit(200)
        .execute()
    },
  }
}
