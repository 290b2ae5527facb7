import { PROFILE_LIMITS, USERNAME_MAX } from '@agora/contract'
import { v7 as uuidv7 } from 'uuid'
import { inTransaction } from '../../db/in-transaction'
import type { Db } from '../../db/index'
import { usernameHeld, usernameLookAlike } from '../../db/usernames'
import { ConflictError, NotFoundError, UnauthorizedError } from '../../http/errors'
import { withoutBidiControls } from '../../http/text-guard'
import { authStore } from './auth.store'
import type { OrcidIdentity } from './orcid.client'
import { orcidStore } from './orcid.store'

/** The password of an account made by signing in with ORCID: no argon2 hash, so no password matches it. */
export const NO_PASSWORD_YET = '!orcid'

/** Whether the account can sign in with a password (argon2 hashes start with `$argon2`). */
export const hasPassword = (passwordHash: string) => passwordHash.startsWith('$')

/**
 * The first free username for a name: "Josiah Carberry" → "josiah.carberry", then
 * "josiah.carberry2"…; letters without their accents, within USERNAME_MAX.
 */
export async function freeUsername(db: Db, identity: OrcidIdentity): Promise<string> {
  const words = `${identity.givenName} ${identity.familyName}`
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  const base =
    words.join('.').slice(0, USERNAME_MAX).replace(/\.+$/, '') || `orcid${identity.orcid.slice(-4)}`
  const store = authStore(db)
  for (let n = 1; n < 1000; n++) {
    const suffix = n === 1 ? '' : String(n)
    const name = `${base.slice(0, USERNAME_MAX - suffix.length).replace(/\.+$/, '')}${suffix}`
    const taken =
      (await store.findUserByUsername(name)) ||
      (await usernameHeld(db, name)) ||
      (await usernameLookAlike(db, name))
    if (!taken) return name
  }
  return `orcid${identity.orcid.replace(/-/g, '').slice(-USERNAME_MAX + 5)}`
}

/** Signing in, up, or linking with an iD ORCID vouched for. */
export function orcidService(db: Db) {
  return {
    /** The account to sign in: the one linked to the iD, `linkTo` once linked, or a new one. */
    async accountFor(identity: OrcidIdentity, linkTo: string | null, language: string): Promise<string> {
      return inTransaction(db, async (trx) => {
        const store = orcidStore(trx)
        const holder = await store.linkOfOrcid(identity.orcid)
        if (!linkTo) return holder?.user_id ?? (await createAccount(trx, identity, language))
        if (holder) {
          if (holder.user_id === linkTo) return linkTo
          throw new ConflictError('orcid_taken')
        }
        if (await store.linkOfUser(linkTo)) throw new ConflictError('orcid_already_linked')
        const user = await authStore(trx).findUserById(linkTo)
        if (!user || user.deleted_at) throw new UnauthorizedError('account_gone')
        await store.link(linkTo, identity)
        return linkTo
      })
    },

    async unlink(userId: string) {
      const store = orcidStore(db)
      if (!(await store.linkOfUser(userId))) throw new NotFoundError('orcid_not_linked')
      const user = await authStore(db).findUserById(userId)
      if (!user) throw new UnauthorizedError('account_gone')
      if (!hasPassword(user.password_hash)) throw new ConflictError('orcid_only_sign_in')
      await store.unlink(userId)
    },
  }
}

async function createAccount(db: Db, identity: OrcidIdentity, language: string): Promise<string> {
  const username = await freeUsername(db, identity)
  const name = withoutBidiControls(`${identity.givenName} ${identity.familyName}`)
    .trim()
    .slice(0, PROFILE_LIMITS.nickname)
  const user = await authStore(db).insertUser({
    id: uuidv7(),
    username,
    password_hash: NO_PASSWORD_YET,
    email: '',
    phone: '',
    nickname: name || username,
    title: '',
    bio: '',
    url: '',
    self_page: '',
    tags: [],
    avatar: '',
    language,
  })
  await orcidStore(db).link(user.id, identity)
  return user.id
}
