import { sql } from 'kysely'
import type { Db } from '../../db/index'
import type { UserRow, UserUpdate } from '../../db/schema'

export function profilesStore(db: Db) {
  return {
    findUserById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
    },

    /** Another user holding this name in any letter case, if one does. */
    findOtherUserByUsername(username: string, exceptId: string): Promise<{ id: string } | undefined> {
      return db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .where('id', '<>', exceptId)
        .executeTakeFirst()
    },

    updateUser(id: string, patch: UserUpdate): Promise<UserRow | undefined> {
      return db
        .updateTable('users')
        .set({ ...patch, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()
    },
  }
}
export type ProfilesStore = ReturnType<typeof profilesStore>
