import {
  ACTIVITY_LEVEL_THRESHOLDS,
  ACTIVITY_POINTS,
  ACTIVITY_RECENT_LIMIT,
  ACTIVITY_WINDOW_DAYS,
  type ActivityItem,
  type ActivityLevel,
  type ActivitySummary,
  formBoolean,
  type ModifyProfileRequest,
  type ModifyResponse,
  type OwnCommentItem,
  type OwnUserResponse,
  type PersonInformationResponse,
  type PostPageQuery,
  PROFILE_FIELDS,
  PROFILE_LIMITS,
  type ProfileField,
  type ProfileSettings,
} from '@agora/contract'
import type { Db } from '../../db/index'
import type { UserRow, UserUpdate } from '../../db/schema'
import {
  BadRequestError,
  ConflictError,
  type FieldError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '../../http/errors'
import { toMeView } from '../auth/auth.service'
import { commentsStore, type UserCommentRow, type UserCommentsPage } from '../comments/comments.store'
import { pageLimit, parseMediaType, parseSort } from '../posts/posts.paging'
import { rewardsStore } from '../rewards/rewards.store'
import { type ActivityRow, type DailyActivityRow, profilesStore, type UserCounts } from './profiles.store'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const SETTINGS = [
  'public_posts',
  'public_activities',
  'public_profile',
  'public_statistics',
  'public_contact',
] as const
const LINK_FIELDS = {
  url: 'Website',
  self_page: 'Personal page',
  twitter: 'Twitter',
  github: 'GitHub',
  linkedin: 'LinkedIn',
}

/** The editable fields as they arrive (validated for type and length by the contract schema). */
export type ProfileChanges = Omit<ModifyProfileRequest, 'user_id'>

export function isUserId(value: string) {
  return UUID.test(value)
}

export function settingsOf(user: UserRow): ProfileSettings {
  return {
    public_posts: user.public_posts,
    public_activities: user.public_activities,
    public_profile: user.public_profile,
    public_statistics: user.public_statistics,
    public_contact: user.public_contact,
  }
}

/** '' (clears the link) or an http(s) address; anything else is refused with a field error. */
function checkLink(field: keyof typeof LINK_FIELDS, value: string, errors: FieldError[]): string {
  const trimmed = value.trim()
  if (!trimmed) return ''
  let ok = false
  try {
    const parsed = new URL(trimmed)
    ok = (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname.length > 0
  } catch {
    ok = false
  }
  if (!ok) errors.push({ field, message: `${LINK_FIELDS[field]} must be an http:// or https:// address` })
  return trimmed
}

function splitTags(tags: string | string[], errors: FieldError[]): string[] {
  const list = (Array.isArray(tags) ? tags : tags.split(',')).map((tag) => tag.trim()).filter(Boolean)
  const unique = [...new Set(list)]
  if (unique.some((tag) => tag.length > PROFILE_LIMITS.tag)) {
    errors.push({ field: 'tags', message: `Each tag must be at most ${PROFILE_LIMITS.tag} characters` })
  }
  if (unique.length > PROFILE_LIMITS.tags) {
    errors.push({ field: 'tags', message: `At most ${PROFILE_LIMITS.tags} tags` })
  }
  return unique
}

/** Turns the requested changes into a row update, or collects why they cannot be applied. */
function toUserUpdate(changes: ProfileChanges): { update: UserUpdate; errors: FieldError[] } {
  const update: UserUpdate = {}
  const errors: FieldError[] = []
  if (changes.username !== undefined) update.username = changes.username
  if (changes.nickname !== undefined) update.nickname = changes.nickname.trim()
  if (changes.title !== undefined) update.title = changes.title.trim()
  if (changes.bio !== undefined) update.bio = changes.bio.trim()
  if (changes.email !== undefined) update.email = changes.email.trim()
  if (changes.phone !== undefined) update.phone = changes.phone.trim()
  if (changes.tags !== undefined) update.tags = splitTags(changes.tags, errors)
  for (const field of Object.keys(LINK_FIELDS) as (keyof typeof LINK_FIELDS)[]) {
    const value = changes[field]
    if (value !== undefined) update[field] = checkLink(field, value, errors)
  }
  for (const flag of SETTINGS) {
    const value = changes[flag]
    if (value !== undefined) update[flag] = formBoolean(value, false)
  }
  return { update, errors }
}

/** The changed values under their own-user-data names, as every /modify call answers them. */
function changedValues(
  user: UserRow,
  fields: (keyof UserUpdate)[],
): Omit<ModifyResponse, 'status' | 'message'> {
  const view: Omit<ModifyResponse, 'status' | 'message'> = { user_id: user.id }
  for (const field of fields) {
    switch (field) {
      case 'username':
      case 'nickname':
      case 'title':
      case 'bio':
      case 'url':
      case 'email':
      case 'phone':
      case 'self_page':
      case 'twitter':
      case 'github':
      case 'linkedin':
      case 'avatar':
        view[field] = user[field]
        break
      case 'tags':
        view.tags = user.tags
        break
      default:
        if ((SETTINGS as readonly string[]).includes(field)) view.settings = settingsOf(user)
    }
  }
  return view
}

/** Beginner, Active or Prolific, from the points of the last 30 days (thresholds in the contract). */
export function activityLevelOf(points: number): ActivityLevel {
  if (points >= ACTIVITY_LEVEL_THRESHOLDS.prolific) return 'Prolific'
  if (points >= ACTIVITY_LEVEL_THRESHOLDS.active) return 'Active'
  return 'Beginner'
}

const DAY_MS = 24 * 3600 * 1000

/** The first instant of the activity window: midnight UTC, 29 days before `now`'s day. */
export function activityWindowStart(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return new Date(today - (ACTIVITY_WINDOW_DAYS - 1) * DAY_MS)
}

/** One entry per UTC day of the window, oldest first, with the level those days earn. */
export function summarizeActivity(rows: DailyActivityRow[], now: Date): ActivitySummary {
  const start = activityWindowStart(now).getTime()
  const days = Array.from({ length: ACTIVITY_WINDOW_DAYS }, (_, i) => ({
    date: new Date(start + i * DAY_MS).toISOString().slice(0, 10),
    posts: 0,
    comments: 0,
    likes: 0,
  }))
  const byDate = new Map(days.map((day) => [day.date, day]))
  for (const row of rows) {
    const day = byDate.get(row.day)
    if (!day) continue
    if (row.kind === 'post') day.posts += row.n
    else if (row.kind === 'comment') day.comments += row.n
    else day.likes += row.n
  }
  const points = days.reduce(
    (sum, day) =>
      sum +
      day.posts * ACTIVITY_POINTS.post +
      day.comments * ACTIVITY_POINTS.comment +
      day.likes * ACTIVITY_POINTS.like,
    0,
  )
  const percent = Math.min(100, Math.round((points * 100) / ACTIVITY_LEVEL_THRESHOLDS.prolific))
  return { level: activityLevelOf(points), points, percent, days }
}

function toActivityItem(row: ActivityRow): ActivityItem {
  const post = `/forum/detail/${row.post_id}`
  const date = row.happened_at.toISOString()
  if (row.type === 'comment' && row.comment_id) {
    return {
      id: row.comment_id,
      type: 'comment',
      title: row.title,
      date,
      link: `${post}#${row.comment_id}`,
      post_id: row.post_id,
      comment_id: row.comment_id,
    }
  }
  const id = row.type === 'like' ? `like:${row.post_id}` : row.post_id
  return { id, type: row.type, title: row.title, date, link: post, post_id: row.post_id }
}

/** skip/limit/sort_by/media_type of an own list, read as the posts lists read them (same defaults and errors). */
export function toOwnListPage(query: PostPageQuery): UserCommentsPage {
  return {
    skip: query.skip ?? 0,
    limit: pageLimit(query.limit),
    order: parseSort(query.sort_by),
    mediaType: parseMediaType(query.media_type),
  }
}

function toOwnCommentItem(row: UserCommentRow): OwnCommentItem {
  return {
    _id: row.id,
    id: row.id,
    postId: row.post_id,
    postTitle: row.post_title,
    content: row.content,
    createdAt: row.created_at.toISOString(),
    likes: row.likes_count,
    level: row.level,
    parentId: row.parent_id,
    rootId: row.root_id,
    replyCount: row.reply_count,
    link: `/forum/detail/${row.post_id}#${row.id}`,
  }
}

/** §3 Own user data with the real counts and the 30-day activity. */
export function toOwnUserView(user: UserRow, counts: UserCounts, activity: ActivitySummary): OwnUserResponse {
  const stats = {
    posts: counts.posts,
    comments: counts.comments_written,
    likes: counts.likes_given,
    likes_received: counts.likes_received,
    activity_level: activity.level,
  }
  return {
    ...toMeView(user),
    twitter: user.twitter,
    github: user.github,
    linkedin: user.linkedin,
    stats,
    posts: stats.posts,
    comments: stats.comments,
    likes: stats.likes,
    activity_30d: activity,
  }
}

function toPersonInformation(
  user: UserRow,
  isSelf: boolean,
  counts: UserCounts | null,
  activity: ActivityItem[] | null,
): PersonInformationResponse {
  const view: PersonInformationResponse = {
    user_id: user.id,
    _id: user.id,
    username: user.username,
    nickname: user.nickname || user.username,
    avatar: user.avatar,
    created_at: user.created_at.toISOString(),
    is_self: isSelf,
    show_profile: user.public_profile,
    show_posts: user.public_posts,
    show_activity: user.public_activities,
    show_statistics: user.public_statistics,
    show_contact: user.public_contact,
  }
  if (isSelf || user.public_profile) {
    view.title = user.title
    view.biography = user.bio
    view.tags = user.tags.length > 0 ? [user.tags.join(',')] : []
    view.badges = user.tags
  }
  if (counts) {
    view.posts_number = counts.posts
    view.comments_total = counts.comments_written
    view.comments_post = counts.comments_on_posts
    view.like_received = counts.likes_received
  }
  if (activity) view.activity = activity
  if (isSelf || user.public_contact) {
    view.email = user.email
    view.phone = user.phone
    view.userurl = user.url
    view.twitter = user.twitter
    view.github = user.github
    view.linkedin = user.linkedin
  }
  return view
}

/** Every /modify call: the user_id sent, when sent, must be the caller's. */
export function assertSelf(callerId: string, targetId: string | undefined) {
  if (targetId !== undefined && targetId.toLowerCase() !== callerId)
    throw new ForbiddenError('You can only modify your own profile')
}

export function profilesService(db: Db) {
  const store = profilesStore(db)

  async function requireUser(userId: string): Promise<UserRow> {
    const user = isUserId(userId) ? await store.findUserById(userId) : undefined
    if (!user) throw new NotFoundError('User not found')
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
    if (errors.length > 0) throw new BadRequestError(errors[0].message, errors)
    const fields = Object.keys(update) as (keyof UserUpdate)[]
    if (fields.length === 0) throw new BadRequestError('Nothing to update: send at least one field')

    const user = await store.findUserById(callerId)
    if (!user) throw new UnauthorizedError('Your account no longer exists')
    if (update.username !== undefined) {
      if (await store.findOtherUserByUsername(update.username, user.id)) {
        throw new ConflictError('That username is already taken', [
          { field: 'username', message: 'is already taken' },
        ])
      }
      // A display name that was just the username follows it.
      if (update.nickname === undefined && user.nickname === user.username) {
        update.nickname = update.username
        fields.push('nickname')
      }
    }
    if (update.nickname === '') update.nickname = update.username ?? user.username

    // A concurrent rename to the same name loses on the unique index and answers 409 too.
    const updated = await store.updateUser(user.id, update)
    if (!updated) throw new UnauthorizedError('Your account no longer exists')
    return { status: 'success', message, ...changedValues(updated, fields) }
  }

  return {
    modify,

    /** `GET /auth/me`: everything about the caller, with real counts and the last 30 days. */
    async ownUser(userId: string, now = new Date()): Promise<OwnUserResponse> {
      const user = await store.findUserById(userId)
      if (!user) throw new UnauthorizedError('Your account no longer exists')
      const counts = await store.counts(user.id, true)
      const daily = await store.dailyActivity(user.id, activityWindowStart(now))
      return toOwnUserView(user, counts, summarizeActivity(daily, now))
    },

    async personInformation(viewerId: string | null, userId: string): Promise<PersonInformationResponse> {
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
      if (counts) view.tokens_earned = (await rewardsStore(db).earned(user.id)).toString()
      return view
    },

    async ownComments(userId: string, query: PostPageQuery): Promise<OwnCommentItem[]> {
      return (await commentsStore(db).listByUser(userId, toOwnListPage(query))).map(toOwnCommentItem)
    },

    /** Points the caller's avatar at a stored image (`/api/v1/files/{cid}`). */
    async setAvatar(callerId: string, avatarUrl: string): Promise<ModifyResponse> {
      const updated = await store.updateUser(callerId, { avatar: avatarUrl })
      if (!updated) throw new UnauthorizedError('Your account no longer exists')
      return { status: 'success', message: 'Avatar updated', user_id: updated.id, avatar: updated.avatar }
    },

    /** /modify/modify_profile: any known fields; an unknown one is refused rather than ignored. */
    async modifyProfile(callerId: string, body: Record<string, unknown>): Promise<ModifyResponse> {
      const known = new Set<string>([...PROFILE_FIELDS, 'user_id'])
      const unknown = Object.keys(body).filter((key) => !known.has(key))
      if (unknown.length > 0) {
        throw new BadRequestError(
          `Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
          unknown.map((field) => ({ field, message: 'is not a profile field' })),
        )
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
  }
  return labels[field] ?? 'Profile'
}
