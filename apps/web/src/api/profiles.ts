/**
 * Profile calls (product-spec §7 "Authentication", "Modification", "Own lists", `/media/user/{id}/...`).
 * Screens use the hooks in features/author and features/mypage, not these directly.
 *
 *   const info = await getPersonInformation(userId, signal)
 *   const page = await listUserPosts(userId, { skip: 12 }, signal)
 *   await modifyField('title', 'Research fellow')
 */
import type {
  ModifyResponse,
  OwnCommentItem,
  OwnUserResponse,
  PersonInformationResponse,
  PostListItem,
  ProfileSettings,
  UserReviewsResponse,
} from '@agora/contract'
import { call } from './client'
import { rememberMe } from './session'

/** Author tabs and own lists page by skip/limit, 12 at a time (spec §9). */
export const PROFILE_PAGE_SIZE = 12

export interface PageParams {
  skip: number
  limit?: number
  sortBy?: string
}

function pageQuery({ skip, limit = PROFILE_PAGE_SIZE, sortBy }: PageParams) {
  return { skip, limit, sort_by: sortBy }
}

/** GET /auth/person_information: what the author shows; the server withholds what their flags hide. */
export function getPersonInformation(
  userId: string,
  signal?: AbortSignal,
): Promise<PersonInformationResponse> {
  return call('GET /auth/person_information', { query: { user_id: userId }, signal })
}

/** GET /users/by_name/{name}: the same profile by name (any letter case); 404 when nobody holds it. */
export function getPersonByName(name: string, signal?: AbortSignal): Promise<PersonInformationResponse> {
  return call('GET /users/by_name/:name', { params: { name }, signal })
}

/**
 * One page of a user's list of posts: GET /media/user/{id}/posts, an author's own (403 when they keep
 * them private); GET /media/user/{id}/liked, the posts they liked (no privacy gate, spec §6).
 */
export function listUserPosts(
  userId: string,
  list: 'posts' | 'liked',
  page: PageParams,
  signal?: AbortSignal,
): Promise<PostListItem[]> {
  return call(`GET /media/user/:id/${list}`, { params: { id: userId }, query: pageQuery(page), signal })
}

/** GET /users/{username}/reviews: one keyset page of a person's reviews, newest first. */
export function listUserReviews(
  username: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<UserReviewsResponse> {
  return call('GET /users/:username/reviews', {
    params: { username },
    query: cursor ? { cursor } : {},
    signal,
  })
}

/** GET /auth/me with the counts and the last 30 days' activity. Caches the basic info like fetchMe does. */
export async function fetchOwnUser(signal?: AbortSignal): Promise<OwnUserResponse> {
  const me = await call('GET /auth/me', { signal })
  rememberMe(me)
  return me
}

export function listOwnPosts(page: PageParams, signal?: AbortSignal): Promise<PostListItem[]> {
  return call('GET /auth/me/posts', { query: pageQuery(page), signal })
}

export function listOwnLiked(page: PageParams, signal?: AbortSignal): Promise<PostListItem[]> {
  return call('GET /auth/me/liked', { query: pageQuery(page), signal })
}

/** GET /auth/me/comments. The spec lets the answer come wrapped in a `data` field; both are read. */
export async function listOwnComments(page: PageParams, signal?: AbortSignal): Promise<OwnCommentItem[]> {
  return listOf(await call('GET /auth/me/comments', { query: pageQuery(page), signal }))
}

/** The spec lets a list come bare or wrapped in `data`; the contract types the bare one. */
function listOf<T>(answer: T[] | { data?: T[] }): T[] {
  return Array.isArray(answer) ? answer : (answer?.data ?? [])
}

/** The own page's inline-editable fields. */
export type EditableField = 'username' | 'nickname' | 'title' | 'url' | 'bio' | 'orcid'

/**
 * Saves one field: title, url and bio through their own calls, the username, display name and ORCID iD through
 * /modify/modify_profile (the spec has no single-field call for them). Form-encoded, as the spec sends.
 */
export function modifyField(field: EditableField, value: string, userId?: string): Promise<ModifyResponse> {
  switch (field) {
    case 'title':
      return call('POST /modify/modify_title', { form: { user_id: userId, new_title: value } })
    case 'url':
      return call('POST /modify/modify_url', { form: { user_id: userId, new_url: value } })
    case 'bio':
      return call('POST /modify/modify_bio', { form: { user_id: userId, new_bio: value } })
    default:
      return call('POST /modify/modify_profile', { form: { user_id: userId, [field]: value } })
  }
}

export function modifyEmail(email: string, userId?: string): Promise<ModifyResponse> {
  return call('POST /modify/modify_email', { form: { user_id: userId, new_email: email } })
}

export function modifyPhone(phone: string, userId?: string): Promise<ModifyResponse> {
  return call('POST /modify/modify_phone', { form: { user_id: userId, new_phone: phone } })
}

/** All five privacy flags at once (spec §7). */
export function modifySettings(settings: ProfileSettings, userId?: string): Promise<ModifyResponse> {
  return call('POST /modify/modify_settings', {
    form: {
      user_id: userId,
      new_public_posts: settings.public_posts,
      new_public_activities: settings.public_activities,
      new_public_profile: settings.public_profile,
      new_public_statistics: settings.public_statistics,
      new_public_contact: settings.public_contact,
    },
  })
}

/** Multipart: user_id and the image as new_avatar. The server sniffs it and stores a 256 px WebP. */
export function modifyAvatar(file: File, userId?: string): Promise<ModifyResponse> {
  const body = new FormData()
  if (userId) body.append('user_id', userId)
  body.append('new_avatar', file, file.name)
  return call('POST /modify/modify_avatar', { formData: body })
}
