import unhomoglyph from 'unhomoglyph'
import { ConflictError } from '../http/errors'
import type { Db } from './index'

/** A deleted account's name is held for a while: nobody registers or renames to it before then. */
export async function usernameHeld(db: Db, username: string, now = new Date()): Promise<boolean> {
  const held = await db
    .selectFrom('released_usernames')
    .select('free_at')
    .where('username_lower', '=', username.toLowerCase())
    .where('free_at', '>', now)
    .executeTakeFirst()
  return held !== undefined
}

/**
 * What a name looks like, for comparing names: its confusable skeleton (Unicode TS #39,
 * with the confusables table of `unhomoglyph`) after NFKC and case folding, so "аda_lab" (Cyrillic а),
 * "ａｄａ_lab" (fullwidth) and "ADA_LAB" all read "ada_lab". Stored per account (migration 0021).
 */
export function usernameSkeleton(name: string): string {
  return unhomoglyph(name.normalize('NFKC').normalize('NFD')).normalize('NFD').toLowerCase()
}

/** Whether an active account other than `exceptId` has a name that looks like `username`. */
export async function usernameLookAlike(db: Db, username: string, exceptId?: string): Promise<boolean> {
  let others = db
    .selectFrom('users')
    .select('id')
    .where('username_skeleton', '=', usernameSkeleton(username))
    .where('deleted_at', 'is', null)
  if (exceptId) others = others.where('id', '<>', exceptId)
  return (await others.executeTakeFirst()) !== undefined
}

/** 409 for a name that reads as another's: said plainly, since it differs from that name by a letter's code only. */
export function lookAlikeError() {
  return new ConflictError('username_lookalike', {
    errors: [{ field: 'username', message: 'looks like an existing username' }],
  })
}
