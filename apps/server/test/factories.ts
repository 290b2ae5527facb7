// The world a test builds: users, posts, comments and likes. `api…` goes through the app as a
// client would (rules, counters, rewards and events included) and checks the answer; `send…` is
// the same request unchecked, for tests of that endpoint; `db…` writes rows directly, for tests
// that need many of them fast or a state the API cannot make (old dates, private rows).
import {
  type AnswerOf,
  type Api,
  type ApiKey,
  type ContentKind,
  endpointParts,
  endpointPath,
  type PostDetailResponse,
  type ReviewRatings,
} from '@agora/contract'
import type { InjectOptions } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import { multipart, pngFile, type UploadFile } from './files'
import type { TestApp } from './harness'

export const ORIGIN = 'http://localhost:8080'
export const HOST = 'localhost:8080'
let counter = 0

export type TestUser = Awaited<ReturnType<typeof makeUser>>
/** Who sends a request: a user's Bearer header, or nobody. */
type Caller = { headers: Record<string, string> } | null
type Response = Awaited<ReturnType<TestApp['app']['inject']>>

/** Any request to the app as `user` (their Bearer header; null: nobody); the answer unchecked. */
export function send(
  t: TestApp,
  user: Caller,
  method: InjectOptions['method'],
  url: string,
  payload?: InjectOptions['payload'],
) {
  return t.app.inject({ method, url, headers: user?.headers ?? {}, payload })
}

/** What a test sends an endpoint: its path's params, its query, a JSON body (malformed on purpose, too). */
export interface Sent {
  params?: Record<string, string>
  query?: Record<string, string | number | boolean | undefined>
  json?: unknown
  form?: FormBody
  headers?: Record<string, string>
  /** The client's address, for tests of per-address limits. */
  remoteAddress?: string
}

/**
 * A call of the contract's endpoint `key` as `user`, the answer unchecked; `answerOf` reads it as the
 * endpoint documents it.
 *
 *   const answer = await sendTo(t, user, 'POST /media/:id/like', { params: { id }, json: { action: 'like' } })
 */
export function sendTo<K extends ApiKey>(t: TestApp, user: Caller, key: K, sent: Sent = {}) {
  const { method, path } = endpointParts(key)
  const query = Object.entries(sent.query ?? {}).filter(([, value]) => value !== undefined)
  const search = query.length ? `?${new URLSearchParams(query.map(([k, v]) => [k, String(v)]))}` : ''
  return t.app.inject({
    method,
    url: `/api/v1${endpointPath(path, sent.params)}${search}`,
    headers: { ...sent.form?.headers, ...sent.headers, ...(user?.headers ?? {}) },
    payload: sent.form ? sent.form.payload : (sent.json as InjectOptions['payload']),
    ...(sent.remoteAddress ? { remoteAddress: sent.remoteAddress } : {}),
  })
}

/** The answer of `key` as the contract types it (the test has checked its status). */
export const answerOf = <K extends ApiKey>(_key: K, response: Response) => response.json<AnswerOf<Api[K]>>()

/** A form body: multipart() gives one, urlEncoded() another. */
export interface FormBody {
  headers: Record<string, string>
  payload: string | Buffer
}

/** A form as `user` sends it (multipart or URL-encoded); the answer unchecked. */
export function sendForm(
  t: TestApp,
  user: Caller,
  url: string,
  form: FormBody,
  method: InjectOptions['method'] = 'POST',
) {
  return t.app.inject({
    method,
    url,
    headers: { ...form.headers, ...(user?.headers ?? {}) },
    payload: form.payload,
  })
}

/** An application/x-www-form-urlencoded body, as a plain HTML form posts it. */
export function urlEncoded(fields: Record<string, string>): FormBody {
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  }
}

function expectStatus(response: Response, status: number, what: string) {
  if (response.statusCode !== status)
    throw new Error(`${what}: expected ${status}, got ${response.statusCode}: ${response.body}`)
}

/** A registered user and a Bearer header for them (compatibility mode), signed in from `remoteAddress` if given. */
export async function makeUser(
  t: TestApp,
  overrides: { username?: string; password?: string; remoteAddress?: string } = {},
) {
  counter += 1
  const username = overrides.username ?? `user${counter}_${Math.random().toString(36).slice(2, 7)}`
  const password = overrides.password ?? 'correct horse battery'
  const registered = await sendTo(t, null, 'POST /auth/register', { json: { username, password } })
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`)
  const login = await sendLogin(
    t,
    { username, password, secure_mode: false },
    { remoteAddress: overrides.remoteAddress },
  )
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`)
  const { access_token, refresh_token } = login.json()
  return {
    id: registered.json().id as string,
    username,
    password,
    token: access_token as string,
    refreshToken: refresh_token as string,
    headers: { authorization: `Bearer ${access_token}` },
  }
}

/** `count` registered users, made one after another as `makeUser` makes them. */
export async function makeUsers(t: TestApp, count: number): Promise<TestUser[]> {
  const users: TestUser[] = []
  for (let i = 0; i < count; i++) users.push(await makeUser(t))
  return users
}

/**
 * POST /auth/token with a JSON body (`secure_mode: false`: the tokens in the body; left out: in
 * cookies); `request` adds headers or a client address. The answer unchecked.
 */
export function sendLogin(
  t: TestApp,
  body: { username: string; password: string; secure_mode?: boolean },
  request: Pick<InjectOptions, 'headers' | 'remoteAddress'> = {},
) {
  const headers = request.headers as Record<string, string> | undefined
  return sendTo(t, null, 'POST /auth/token', { headers, remoteAddress: request.remoteAddress, json: body })
}

/** Cookie header from a response's Set-Cookie list, for secure-mode requests. */
export function cookieHeader(cookies: { name: string; value: string }[]) {
  return cookies
    .filter((cookie) => cookie.value)
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ')
}

// Posts

/** POST /media/upload as a browser sends it; the answer unchecked. */
export function sendUpload(t: TestApp, user: Caller, fields: Record<string, string>, files: UploadFile[]) {
  return sendTo(t, user, 'POST /media/upload', { form: multipart(fields, files) })
}

export interface PostCreated {
  post_id: string
  reward?: { amount: string; reason: string } | null
  post: { media: { cid: string }[] }
}

/** A post uploaded by `user` (by default titled "A post", with a PNG of its own); 201 checked. */
export async function apiMakePost(
  t: TestApp,
  user: Caller,
  fields: Record<string, string> = {},
  files?: UploadFile[],
): Promise<PostCreated> {
  counter += 1
  const response = await sendUpload(
    t,
    user,
    { title: 'A post', ...fields },
    files ?? [{ name: `figure${counter}.png`, data: pngFile(1000 + counter) }],
  )
  expectStatus(response, 201, 'upload')
  return response.json()
}

/** GET /media/list with `query` (the forum list, a search, a feed) as `user`; the answer unchecked. */
export function sendPostList(t: TestApp, user: Caller, query: Record<string, string | number> = {}) {
  return sendTo(t, user, 'GET /media/list', { query })
}

/** GET /media/:id as `user` (null: a visitor); 200 checked, the post's detail. */
export async function apiPostDetail(t: TestApp, user: Caller, postId: string): Promise<PostDetailResponse> {
  const response = await sendTo(t, user, 'GET /media/:id', { params: { id: postId } })
  expectStatus(response, 200, 'post detail')
  return response.json()
}

export interface PostRowFields {
  title?: string
  summary?: string
  content?: string
  tags?: string[]
  visibility?: 'public' | 'private'
  media_type?: string
  ai_instruction?: string
  likes_count?: number
  comments_count?: number
  created_at?: Date
}

/** A post row written directly (no files, no events), for list, paging and search tests. */
export async function dbMakePost(t: TestApp, author: { id: string }, fields: PostRowFields = {}) {
  const id = uuidv7()
  await t.database.db
    .insertInto('posts')
    .values({
      id,
      user_id: author.id,
      title: fields.title ?? `Post ${id.slice(-6)}`,
      summary: fields.summary ?? '',
      content: fields.content ?? '',
      tags: fields.tags ?? [],
      visibility: fields.visibility ?? 'public',
      media_type: fields.media_type ?? 'document',
      ai_instruction: fields.ai_instruction ?? '',
      likes_count: fields.likes_count ?? 0,
      comments_count: fields.comments_count ?? 0,
      ...(fields.created_at ? { created_at: fields.created_at } : {}),
    })
    .execute()
  return id
}

// Comments

/** POST /comments/create (imageUrl empty unless given); the answer unchecked. */
export function sendComment(t: TestApp, user: Caller, body: Record<string, unknown>) {
  return sendTo(t, user, 'POST /comments/create', { json: { imageUrl: '', ...body } })
}

/** GET /comments/post/:id (`query` as written, e.g. `?limit=5`) as `user`; the answer unchecked. */
export function sendCommentList(t: TestApp, user: Caller, postId: string, query = '') {
  return sendTo(t, user, 'GET /comments/post/:id', {
    params: { id: postId },
    query: Object.fromEntries(new URLSearchParams(query)),
  })
}

export interface CommentCreated {
  _id: string
  level: number
  parentId: string | null
  rootId: string | null
  /** The version of the post's files it was written on. */
  post_version: number
  reward?: { amount: string; reason: string } | null
}

/** A comment by `user` on `postId` (a reply with `parentId`; other fields sent as given); 201 checked. */
export async function apiMakeComment(
  t: TestApp,
  user: Caller,
  postId: string,
  fields: { content?: string; parentId?: string; [field: string]: unknown } = {},
): Promise<CommentCreated> {
  const response = await sendComment(t, user, { postId, content: 'A thoughtful comment', ...fields })
  expectStatus(response, 201, 'comment')
  return response.json()
}

/** Comment rows written directly, one per content, all top-level on `postId`. */
export async function dbMakeComments(t: TestApp, author: { id: string }, postId: string, contents: string[]) {
  const rows = contents.map((content) => ({
    id: uuidv7(),
    post_id: postId,
    user_id: author.id,
    level: 1,
    content,
  }))
  await t.database.db.insertInto('comments').values(rows).execute()
  return rows.map((row) => row.id)
}

/** A review written straight into the database (no events): 4, 3, 5, 2, 4 unless `ratings` says, withdrawn when asked. */
export async function dbMakeReview(
  t: TestApp,
  postId: string,
  reviewer: { id: string },
  {
    summary = 'x'.repeat(200),
    ratings,
    withdrawn = false,
  }: { summary?: string; ratings?: ReviewRatings; withdrawn?: boolean } = {},
) {
  const id = uuidv7()
  await t.database.db
    .insertInto('reviews')
    .values({
      id,
      post_id: postId,
      version: 1,
      reviewer_id: reviewer.id,
      summary,
      ...(ratings ?? { soundness: 4, novelty: 3, clarity: 5, reproducibility: 2, significance: 4 }),
      confidence: 3,
      competing_interests: 'None',
    })
    .execute()
  if (withdrawn)
    await t.database.db
      .updateTable('reviews')
      .set({ withdrawn_at: new Date() })
      .where('id', '=', id)
      .execute()
  return id
}

/** The post's stored comment count. */
export async function dbPostCommentCount(t: TestApp, postId: string) {
  const row = await t.database.db
    .selectFrom('posts')
    .select('comments_count')
    .where('id', '=', postId)
    .executeTakeFirstOrThrow()
  return row.comments_count
}

/** The rows of `table` that belong to `user` (by user_id), as ids read straight from the database. */
export function dbRowsOf(t: TestApp, table: 'posts' | 'comments' | 'notifications', user: { id: string }) {
  return t.database.db.selectFrom(table).select('id').where('user_id', '=', user.id).execute()
}

// Likes

type LikeAction = 'like' | 'unlike'

/** POST /media/:id/like (no action: a toggle); the answer unchecked. */
export function sendLikePost(t: TestApp, user: Caller, postId: string, action?: LikeAction) {
  return sendTo(t, user, 'POST /media/:id/like', {
    params: { id: postId },
    json: action ? { action } : undefined,
  })
}

/** POST /comments/:id/like (no action: a toggle); the answer unchecked. */
export function sendLikeComment(t: TestApp, user: Caller, commentId: string, action?: LikeAction) {
  return sendTo(t, user, 'POST /comments/:id/like', {
    params: { id: commentId },
    json: action ? { action } : undefined,
  })
}

/** `user` likes (or unlikes) a post; 200 checked. */
export async function apiLikePost(t: TestApp, user: Caller, postId: string, action: LikeAction = 'like') {
  const response = await sendLikePost(t, user, postId, action)
  expectStatus(response, 200, `${action} post`)
  return response.json() as { action: string; likes: number }
}

/** `user` likes (or unlikes) a comment; 200 checked. */
export async function apiLikeComment(
  t: TestApp,
  user: Caller,
  commentId: string,
  action: LikeAction = 'like',
) {
  const response = await sendLikeComment(t, user, commentId, action)
  expectStatus(response, 200, `${action} comment`)
  return response.json() as { action: string; likes: number }
}

/** A post-like row written directly (counters untouched), e.g. on a post the API would refuse. */
export async function dbLikePost(t: TestApp, user: { id: string }, postId: string) {
  await t.database.db.insertInto('post_likes').values({ user_id: user.id, post_id: postId }).execute()
}

// Edits

/** PATCH /media/:id; the answer unchecked. */
export const sendEditPost = (t: TestApp, user: Caller, postId: string, body: Record<string, unknown>) =>
  sendTo(t, user, 'PATCH /media/:id', { params: { id: postId }, json: body })

/** PATCH /comments/:id; the answer unchecked. */
export const sendEditComment = (t: TestApp, user: Caller, commentId: string, body: Record<string, unknown>) =>
  sendTo(t, user, 'PATCH /comments/:id', { params: { id: commentId }, json: body })

// Follows and bookmarks

type FollowTarget = { kind: 'user' | 'tag'; target: string }

/** POST (follow) or DELETE (unfollow) /follows; the answer unchecked. */
export function sendFollow(t: TestApp, user: Caller, body: FollowTarget, method: 'POST' | 'DELETE' = 'POST') {
  return sendTo(t, user, `${method} /follows`, { json: body })
}

/** `user` follows (or with DELETE unfollows) an author or a tag; 200 checked. */
export async function apiFollow(
  t: TestApp,
  user: Caller,
  body: FollowTarget,
  method: 'POST' | 'DELETE' = 'POST',
) {
  const response = await sendFollow(t, user, body, method)
  expectStatus(response, 200, method === 'POST' ? 'follow' : 'unfollow')
  return response.json() as { kind: string; target: string; following: boolean; followers: number }
}

/** POST /media/:id/bookmark (no action: a toggle); the answer unchecked. */
export function sendBookmark(t: TestApp, user: Caller, postId: string, action?: 'save' | 'unsave') {
  return sendTo(t, user, 'POST /media/:id/bookmark', {
    params: { id: postId },
    json: action ? { action } : undefined,
  })
}

/** `user` saves (or unsaves, or toggles) a post; 200 checked. Answers whether it is saved now. */
export async function apiBookmark(t: TestApp, user: Caller, postId: string, action?: 'save' | 'unsave') {
  const response = await sendBookmark(t, user, postId, action)
  expectStatus(response, 200, `bookmark ${action ?? 'toggle'}`)
  return (response.json() as { saved: boolean }).saved
}

/** `user` sets one of their settings (`new_${setting}`: 'public_posts', 'show_profile'…) as a form sends it; 200 checked. */
export async function apiSetSetting(t: TestApp, user: TestUser, setting: string, value: boolean) {
  const form = urlEncoded({ user_id: user.id, [`new_${setting}`]: String(value) })
  expectStatus(await sendTo(t, user, 'POST /modify/modify_settings', { form }), 200, `setting ${setting}`)
}

// Moderation

/** Gives a user a role straight in the database (the command line's path has its own test). */
export async function dbSetRole(t: TestApp, user: { id: string }, role: 'user' | 'moderator' | 'admin') {
  await t.database.db.updateTable('users').set({ role }).where('id', '=', user.id).execute()
}

/** A registered user who is a moderator (or an admin). */
export async function makeModerator(t: TestApp, role: 'moderator' | 'admin' = 'moderator') {
  const user = await makeUser(t)
  await dbSetRole(t, user, role)
  return user
}

/** `moderator` suspends `user` for a day through the moderators' API (`POST /mod/users/:id/suspend`); 200 checked. */
export async function apiSuspend(t: TestApp, moderator: Caller, user: { id: string }) {
  const response = await sendMod(t, moderator, `users/${user.id}/suspend`, {
    until: new Date(Date.now() + 86_400_000).toISOString(),
    reason: 'Spam',
  })
  expectStatus(response, 200, 'suspend')
}

/** Suspends a user straight in the database until `until` (a day from now unless given). */
export async function dbSuspend(t: TestApp, user: { id: string }, until = new Date(Date.now() + 86_400_000)) {
  await t.database.db
    .updateTable('users')
    .set({ suspended_until: until, suspension_reason: 'Spam' })
    .where('id', '=', user.id)
    .execute()
}

/** Hides or removes a post or comment straight in the database. */
export async function dbModerate(
  t: TestApp,
  kind: ContentKind,
  id: string,
  state: 'hidden' | 'removed',
  reason = 'Off topic',
) {
  await t.database.db
    .updateTable(kind === 'post' ? 'posts' : 'comments')
    .set({ moderation: state, moderation_reason: reason, moderated_at: new Date() })
    .where('id', '=', id)
    .execute()
}

/** POST /reports as `user`; the answer unchecked. */
export function sendReport(t: TestApp, user: Caller, body: Record<string, unknown>) {
  return sendTo(t, user, 'POST /reports', { json: body })
}

/** A moderator's POST to /mod/…; the answer unchecked. */
export function sendMod(t: TestApp, user: Caller, path: string, body: Record<string, unknown> = {}) {
  return send(t, user, 'POST', `/api/v1/mod/${path}`, body)
}
