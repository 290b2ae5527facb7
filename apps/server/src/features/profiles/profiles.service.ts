import {
  ACTIVITY_RECENT_LIMIT,
  type ModifyProfileRequest,
  type ModifyResponse,
  type OwnCommentItem,
  type OwnUserResponse,
  type PersonInformationResponse,
  type PostPageQuery,
  PROFILE_FIELDS,
  type ProfileField,
} from '@agora/contract'
import type { TrustConfig } from '../../config'
import { isId } from '../../db/ids'
import { inTransaction } from '../../db/in-transaction'
import type { Db } from '../../db/index'
import { offsetPage } from '../../db/paging'
import type { UserRow, UserUpdate } from '../../db/schema'
import { lookAlikeError, usernameHeld, usernameLookAlike } from '../../db/usernames'
import type { EventBus } from '../../events/index'
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '../../http/errors'
import { trustOf } from '../../policy/index'
import { commentsOfUser } from '../comments/index'
import { followStats } from '../follows/index'
import { reviewCountBy } from '../reviews/index'
import { rewardTotals } from '../rewards/index'
import { activityWindowStart, summarizeActivity } from './profiles.activity'
import { changedValues, type ProfileChanges, toUserUpdate } from './profiles.edits'
import { toActivityItem, toOwnCommentItem, toOwnUserView, toPersonInformation } from './profiles.presenters'
import { profilesStore } from './profiles.store'

export { activityLevelOf, activityWindowStart, summarizeActivity } from './profiles.activity'
export type { ProfileChanges } from './profiles.edits'
export { settingsOf, toMeView, toOwnUserView } from './profiles.presenters'

/** Ids are UUIDs: anything else names no user. */
export const isUserId = (value: string) => isId(value)

/** Every /modify call: the user_id sent, when sent, must be the caller's. */
export function assertSelf(callerId: string, targetId: string | undefined) {
  if (targetId !== undefined && targetId.toLowerCase() !== callerId)
    throw new ForbiddenError('not_own_profile')
}

export function profilesService(db: Db, events: EventBus) {
  const store = profilesStore(db)

  async function requireUser(userId: string): Promise<UserRow> {
    const user = isUserId(userId) ? await store.findUserById(userId) : undefined
    // A deleted account is "[deleted user]" under what it kept, and has no profile.
    if (!user || user.deleted_at) throw new NotFoundError('user_not_found')
    return user
  }

  /**
   * Applies `changes` to the caller's own profile. `targetId` (the request's user_id) must be
   * the caller when given. Answers the changed values.
   */
  async function modify(
    callerId: string,
    targetId: string | undefined,
    changes: ProfileChanges,
    message: string,
  ): Promise<ModifyResponse> {
    assertSelf(callerId, targetId)
    const { update, errors } = toUserUpdate(changes)
    if (errors.length > 0)
      throw new BadRequestError('validation_failed', { detail: errors[0].message, errors: errors })
    const fields = Object.keys(update) as (keyof UserUpdate)[]
    if (fields.length === 0) throw new BadRequestError('nothing_to_update')

    const user = await store.findUserById(callerId)
    if (!user) throw new UnauthorizedError('account_gone')
    if (update.username !== undefined) {
      if (
        (await store.findOtherUserByUsername(update.username, user.id)) ||
        (await usernameHeld(db, update.username))
      ) {
        throw new ConflictError('username_taken', {
          errors: [{ field: 'username', message: 'is already taken' }],
        })
      }
      if (await usernameLookAlike(db, update.username, user.id)) throw lookAlikeError()
      // A display name that was just the username follows it.
      if (update.nickname === undefined && user.nickname === user.username) {
        update.nickname = update.username
        fields.push('nickname')
      }
    }
    if (update.nickname === '') update.nickname = update.username ?? user.username
    if (update.orcid) {
      const holder = await db
        .selectFrom('users')
        .select('id')
        .where('orcid', '=', update.orcid)
        .where('id', '<>', user.id)
        .executeTakeFirst()
      if (holder) {
        throw new ConflictError('orcid_taken', {
          errors: [{ field: 'orcid', message: 'is on another account' }],
        })
      }
    }

    // An iD typed in is not the one proven by signing in with ORCID.
    if (update.orcid !== undefined && update.orcid !== user.orcid) update.orcid_verified_at = null
    const emailChanged = update.email !== undefined && update.email.toLowerCase() !== user.email.toLowerCase()
    // A concurrent rename to the same name loses on the unique index and answers 409 too.
    const updated = await inTransaction(db, async (trx) => {
      const row = await profilesStore(trx).updateUser(user.id, update)
      if (!row) throw new UnauthorizedError('account_gone')
      await events.raise(trx, 'user.profile_changed', [{ userId: user.id, fields }])
      // The new address is unproven, and the old one hears of the change (features/auth).
      if (emailChanged) {
        await events.raise(trx, 'user.email_changed', [
          { userId: user.id, previous: user.email, email: row.email, language: row.language },
        ])
      }
      return row
    })
    return { status: 'success', message, ...changedValues(updated, fields) }
  }

  async function personInformation(
    viewerId: string | null,
    userId: string,
  ): Promise<PersonInformationResponse> {
    const user = await requireUser(userId)
    const isSelf = viewerId === user.id
    const showCounts = isSelf || (user.public_profile && user.public_statistics)
    const showActivity = isSelf || user.public_activities
    const counts = showCounts ? await store.counts(user.id, isSelf) : null
    const activity = showActivity
      ? (await store.recentActivity(user.id, isSelf, ACTIVITY_RECENT_LIMIT)).map(toActivityItem)
      : null
    const view = toPersonInformation(user, isSelf, counts, activity)
    // Rewards earned are a statistic: shown and withheld with the counts.
    if (counts) {
      view.tokens_earned = await rewardTotals(db).earnedUnits(user.id)
      view.review_count = await reviewCountBy(db, user.id, viewerId)
    }
    // Followers and following are statistics too; whether the viewer follows is theirs.
    Object.assign(view, await followStats(db, user.id, viewerId, counts !== null))
    return view
  }

  return {
    modify,

    /** `GET /auth/me`: everything about the caller, with real counts and the last 30 days. */
    async ownUser(userId: string, trust: TrustConfig, now = new Date()): Promise<OwnUserResponse> {
      const user = await store.findUserById(userId)
      if (!user) throw new UnauthorizedError('account_gone')
      const counts = await store.counts(user.id, true)
      const daily = await store.dailyActivity(user.id, activityWindowStart(now))
      return toOwnUserView(user, await trustOf(db, trust, user, now), counts, summarizeActivity(daily, now))
    },

    personInformation,

    async personByName(viewerId: string | null, name: string): Promise<PersonInformationResponse> {
      // Postgres text cannot hold NUL, and no name has one.
      const found = name.includes('\u0000') ? undefined : await store.findUserIdByUsername(name)
      if (!found) throw new NotFoundError('user_not_found')
      return personInformation(viewerId, found.id)
    },

    async ownComments(userId: string, query: PostPageQuery): Promise<OwnCommentItem[]> {
      return (await commentsOfUser(db, userId, offsetPage(query))).map(toOwnCommentItem)
    },

    /** Points the caller's avatar at a stored image (`/api/v1/files/{cid}`). */
    async setAvatar(callerId: string, avatarUrl: string): Promise<ModifyResponse> {
      const updated = await store.updateUser(callerId, { avatar: avatarUrl })
      if (!updated) throw new UnauthorizedError('account_gone')
      await events.raise(db, 'user.profile_changed', [{ userId: callerId, fields: ['avatar'] }])
      return { status: 'success', message: 'Avatar updated', user_id: updated.id, avatar: updated.avatar }
    },

    /** /modify/modify_profile: any known fields; an unknown one is refused rather than ignored. */
    async modifyProfile(callerId: string, body: Record<string, unknown>): Promise<ModifyResponse> {
      const known = new Set<string>([...PROFILE_FIELDS, 'user_id'])
      const unknown = Object.keys(body).filter((key) => !known.has(key))
      if (unknown.length > 0) {
        throw new BadRequestError('validation_failed', {
          detail: `Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
          errors: unknown.map((field) => ({ field, message: 'is not a profile field' })),
        })
      }
      const { user_id, ...changes } = body as ModifyProfileRequest
      const label =
        Object.keys(changes).length === 1 ? fieldLabel(Object.keys(changes)[0] as ProfileField) : 'Profile'
      return modify(callerId, user_id, changes, `${label} updated`)
    },
  }
}
export type ProfilesService = ReturnType<typeof profilesService>

function fieldLabel(field: ProfileField): string {
  if (field.startsWith('public_')) return 'Settings'
  const labels: Partial<Record<ProfileField, string>> = {
    username: 'Username',
    nickname: 'Nickname',
    title: 'Title',
    bio: 'Bio',
    url: 'Website',
    email: 'Email',
    phone: 'Phone',
    self_page: 'Personal page',
    tags: 'Tags',
    twitter: 'Twitter',
    github: 'GitHub',
    linkedin: 'LinkedIn',
    orcid: 'ORCID iD',
  }
  return labels[field] ?? 'Profile'
}
