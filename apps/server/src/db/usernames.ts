import type { Db } from './index'

/** A deleted account's name is held for a while (issue 20): nobody registers or renames to it before then. */
export async function usernameHeld(db: Db, username: string, now = new Date()): Promise<boolean> {
  const held = await db
    .selectFrom('released_usernames')
    .select('free_at')
    .where('username_lower', '=', username.toLowerCase())
    .where('free_at', '>', now)
    .executeTakeFirst()
  return held !== undefined
}
