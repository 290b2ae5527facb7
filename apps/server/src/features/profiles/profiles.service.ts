import {
  type ActivityItem,
  formBoolean,
  type ModifyProfileRequest,
  type ModifyResponse,
  type PersonInformationResponse,
  POSTS_HIDDEN_DETAIL,
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
  HttpError,
  NotFoundError,
  UnauthorizedError,
} from '../../http/errors'
import { profilesStore } from './profiles.store'

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

export interface ProfileCounts {
  posts: number
  commentsWritten: number
  commentsOnPosts: number
  likesReceived: number
}

function toPersonInformation(
  user: UserRow,
  isSelf: boolean,
  counts: ProfileCounts | null,
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
    view.comments_total = counts.commentsWritten
    view.comments_post = counts.commentsOnPosts
    view.like_received = counts.likesReceived
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

/**
 * Whether `viewerId` may list the posts of `userId`: 404 for an unknown user, 403 with the
 * 'Posts Hidden' notice when that user keeps posts private and the viewer is someone else.
 * The posts feature calls this from `GET /media/user/{id}/posts`.
 */
export async function assertPostsVisible(db: Db, viewerId: string | null, userId: string): Promise<void> {
  if (!isUserId(userId)) throw new NotFoundError('User not found')
  const user = await profilesStore(db).findUserById(userId)
  if (!user) throw new NotFoundError('User not found')
  if (!user.public_posts && viewerId !== user.id)
    throw new HttpError(403, 'posts_hidden', POSTS_HIDDEN_DETAIL)
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
    if (targetId !== undefined && targetId !== callerId) {
      throw new ForbiddenError('You can only modify your own profile')
    }
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

    async personInformation(viewerId: string | null, userId: string): Promise<PersonInformationResponse> {
      const user = await requireUser(userId)
      const isSelf = viewerId === user.id
      const showCounts = isSelf || (user.public_profile && user.public_statistics)
      const showActivity = isSelf || user.public_activities
      // Counts and activity come from the posts and comments tables (added with those features).
      const counts: ProfileCounts | null = showCounts
        ? { posts: 0, commentsWritten: 0, commentsOnPosts: 0, likesReceived: 0 }
        : null
      const activity: ActivityItem[] | null = showActivity ? [] : null
      return toPersonInformation(user, isSelf, counts, activity)
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
