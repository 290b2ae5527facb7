import { sql } from 'kysely'
import type { AppContext } from '../../context'
import type { Db } from '../../db/index'
import { cidsOfPosts } from '../../db/post-files'
import type { Viewer } from '../../http/auth'
import { BadRequestError, UnauthorizedError } from '../../http/errors'
import { filesService, fileUrl } from '../files/index'
import { passwordMatches } from './auth.service'

/** A deleted account's name is held this long before anyone may take it. */
export const USERNAME_HOLD_DAYS = 30
/** The name of every deleted account: brackets make it a name nobody can register. */
export const DELETED_NAME = '[deleted user]'
/** What a deleted user's kept comments say when they chose to delete their content. */
export const DELETED_TEXT = '[deleted]'
/** Never the hash of any password: nobody signs in to a deleted account. */
const NO_PASSWORD = '!deleted'

/**
 * Unpins the files the user uploaded on their own, so the collector takes them, unless someone
 * else uploaded the same bytes, has them as avatar, or an account export is them. Answers their CIDs.
 */
async function unpinAlone(trx: Db, userId: string): Promise<string[]> {
  const { rows } = await sql<{ cid: string }>`
    update blobs b set pinned = false
    where b.pinned and b.cid in (select cid from blob_uploads where user_id = ${userId})
      and not exists (select 1 from blob_uploads u where u.cid = b.cid and u.user_id <> ${userId})
      and not exists (select 1 from users o where o.avatar = ${fileUrl('')} || b.cid and o.id <> ${userId})
      and not exists (select 1 from account_exports e where e.cid = b.cid)
    returning b.cid`.execute(trx)
  return rows.map((row) => row.cid)
}

/**
 * Deletes the caller's account. With `content: 'delete'` their posts go (with their
 * files, comments and likes; the files nothing else uses are collected) and their comments on
 * other people's posts are emptied to "[deleted]" so the replies under them keep their place; with
 * 'keep' their posts and comments stay under "[deleted user]". Either way: every session ends at once,
 * the address, profile, follows, saves, blocks and notifications go, the rewards balance is forfeited
 * (it cannot be claimed by anyone), and the username is free again after 30 days.
 */
export async function deleteAccount(
  ctx: Pick<AppContext, 'db' | 'events' | 'config' | 'blobs'>,
  viewer: Viewer,
  password: string,
  content: 'delete' | 'keep',
) {
  const { db, events } = ctx
  const cids = await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', viewer.userId)
      .forUpdate()
      .executeTakeFirst()
    if (!user || user.deleted_at) throw new UnauthorizedError('account_gone')
    if (!(await passwordMatches(user.password_hash, password))) {
      throw new BadRequestError('wrong_password', {
        errors: [{ field: 'password', message: 'is not right' }],
      })
    }
    let cids: string[] = []
    if (content === 'delete') {
      const posts = await trx.selectFrom('posts').select('id').where('user_id', '=', user.id).execute()
      const postIds = posts.map((post) => post.id)
      if (postIds.length > 0) {
        cids = await cidsOfPosts(trx, postIds)
        await events.raise(
          trx,
          'post.removed',
          postIds.map((postId) => ({ postId, authorId: user.id, removedBy: user.id })),
        )
        await trx.deleteFrom('posts').where('id', 'in', postIds).execute()
      }
      cids.push(...(await unpinAlone(trx, user.id)))
      await trx
        .updateTable('comments')
        .set({ content: DELETED_TEXT })
        .where('user_id', '=', user.id)
        .where('deleted_at', 'is', null)
        .execute()
    }
    await trx
      .insertInto('released_usernames')
      .values({
        username_lower: user.username.toLowerCase(),
        free_at: new Date(Date.now() + USERNAME_HOLD_DAYS * 86_400_000),
      })
      .onConflict((oc) =>
        oc.column('username_lower').doUpdateSet({ free_at: (eb) => eb.ref('excluded.free_at') }),
      )
      .execute()
    await trx
      .updateTable('users')
      .set({
        username: DELETED_NAME,
        nickname: DELETED_NAME,
        password_hash: NO_PASSWORD,
        email: '',
        phone: '',
        title: '',
        bio: '',
        url: '',
        self_page: '',
        tags: [],
        avatar: '',
        twitter: '',
        github: '',
        linkedin: '',
        orcid: '',
        orcid_verified_at: null,
        public_posts: false,
        public_activities: false,
        public_profile: false,
        public_statistics: false,
        public_contact: false,
        email_verified_at: null,
        deleted_at: new Date(),
        updated_at: new Date(),
      })
      .where('id', '=', user.id)
      .execute()
    // The iD is free for another account, and signs nobody in here again.
    await trx.deleteFrom('orcid_links').where('user_id', '=', user.id).execute()
    await events.raise(trx, 'user.deleted', [{ userId: user.id }])
    await trx
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute()
    for (const table of [
      'account_tokens',
      'notifications',
      'notification_settings',
      'notification_mail',
      'bookmarks',
    ] as const) {
      await trx.deleteFrom(table).where('user_id', '=', user.id).execute()
    }
    await trx.deleteFrom('follows').where('follower_id', '=', user.id).execute()
    await trx.deleteFrom('follows').where('kind', '=', 'user').where('target', '=', user.id).execute()
    await trx
      .deleteFrom('blocks')
      .where((eb) => eb.or([eb('blocker_id', '=', user.id), eb('blocked_id', '=', user.id)]))
      .execute()
    await trx
      .deleteFrom('mail_outbox')
      .where('user_id', '=', user.id)
      .where('status', '=', 'pending')
      .execute()
    return cids
  })
  await filesService(db, ctx.blobs).collect(cids)
  return { status: 'success', message: 'Your account was deleted' }
}
