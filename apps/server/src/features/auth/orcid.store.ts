import type { Db } from '../../db/index'
import type { OrcidIdentity } from './orcid.client'

/** The orcid_links table, and the profile's iD that follows it. */
export function orcidStore(db: Db) {
  return {
    linkOfOrcid(orcid: string) {
      return db.selectFrom('orcid_links').selectAll().where('orcid', '=', orcid).executeTakeFirst()
    },

    linkOfUser(userId: string) {
      return db.selectFrom('orcid_links').selectAll().where('user_id', '=', userId).executeTakeFirst()
    },

    /** Links the iD and shows it, proven, on the profile; one who only typed it in loses it. */
    async link(userId: string, identity: OrcidIdentity) {
      await db
        .updateTable('users')
        .set({ orcid: '', orcid_verified_at: null })
        .where('orcid', '=', identity.orcid)
        .where('id', '<>', userId)
        .execute()
      await db
        .insertInto('orcid_links')
        .values({
          user_id: userId,
          orcid: identity.orcid,
          given_name: identity.givenName,
          family_name: identity.familyName,
        })
        .execute()
      await db
        .updateTable('users')
        .set({ orcid: identity.orcid, orcid_verified_at: new Date(), updated_at: new Date() })
        .where('id', '=', userId)
        .execute()
    },

    /** The link goes; the iD stays on the profile, no longer marked proven. */
    async unlink(userId: string) {
      await db.deleteFrom('orcid_links').where('user_id', '=', userId).execute()
      await db
        .updateTable('users')
        .set({ orcid_verified_at: null, updated_at: new Date() })
        .where('id', '=', userId)
        .execute()
    },
  }
}
