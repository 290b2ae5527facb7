// The access matrix: every endpoint that changes or reveals something,
// called by an anonymous visitor, another signed-in user, a suspended user, a moderator, an admin
// and the owner. Each row says what each must get; only the right ones succeed. One table, one loop.
// Unless a row says otherwise, a suspended user gets what another user gets when reading and 403
// for every write, and moderators and admins get what another user gets: their powers are the
// moderation rows'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportsWorker } from '../../src/features/exports/index'
import { unsubscribeTokens } from '../../src/features/mail/index'
import {
  apiBookmark,
  apiFollow,
  apiLikePost,
  apiMakeComment,
  apiMakePost,
  dbMakePost,
  dbModerate,
  dbSuspend,
  makeModerator,
  makeUser,
  send,
  sendReport,
  sendTo,
  type TestUser,
} from '../factories'
import { multipart, pngFile } from '../files'
import { createTestApp, TEST_DB, type TestApp } from '../harness'

type Caller = 'anonymous' | 'other' | 'suspended' | 'moderator' | 'admin' | 'owner'
/** Who is asked, in order: the owner last, so a successful delete cannot turn the others' refusals into 404s. */
const CALLERS: readonly Caller[] = ['anonymous', 'other', 'suspended', 'moderator', 'admin', 'owner']
type Expectation = Record<'anonymous' | 'other' | 'owner', number> &
  Partial<Record<'suspended' | 'moderator' | 'admin', number>>

/** What the row's request acts on, made fresh for each caller so a success cannot hide a later refusal. */
interface Scene {
  owner: TestUser
  publicPost: string
  privatePost: string
  comment: string
  /** A post of the owner's hidden by a moderator. */
  hiddenPost: string
  /** A report of the public post, by someone else. */
  reportId: string
  /** Filled by a row's `prepare`. */
  extra: Record<string, string>
}

interface RowRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  url: string
  payload?: unknown
  headers?: Record<string, string>
}

interface Row {
  what: string
  request(scene: Scene): RowRequest
  expect: Expectation
  /** Makes what the row needs beyond the scene (into `scene.extra`). */
  prepare?(scene: Scene): Promise<void>
  /** For reads that answer everyone: what the answer must not reveal to the others. */
  hides?(scene: Scene, body: string, caller: Caller): void
  /** What the owner's answer must show (so a hiding check cannot pass on an empty answer). */
  shows?(scene: Scene, body: string): void
}

const OPEN_TO_OWNER = { anonymous: 401, other: 403, owner: 200 }
/** Moderators' calls: refused to everyone else (a row adds what moderators and admins get). */
const MODERATORS = { anonymous: 401, other: 403, suspended: 403, moderator: 403, admin: 403, owner: 403 }
const PRIVATE_POST = { anonymous: 404, other: 404, owner: 200 }

/** POST /media/:id/versions with one new file and a changelog. */
function versionUpload(postId: string) {
  const form = multipart({ changelog: 'A new figure' }, [{ name: 'figure.png', data: pngFile(5) }])
  return {
    method: 'POST' as const,
    url: `/api/v1/media/${postId}/versions`,
    payload: form.payload,
    headers: form.headers,
  }
}

/** POST /media/:id/<path> with `{ action }`: a like or a bookmark. */
function postAction(path: string, action: string) {
  return (postId: string): RowRequest => ({
    method: 'POST',
    url: `/api/v1/media/${postId}/${path}`,
    payload: { action },
  })
}

/**
 * The same request on the public post and on the private one: `onPublic` says what each caller gets
 * on the first; on the second the others get 404, as if it did not exist.
 */
function onBothPosts(
  what: string,
  request: (postId: string) => RowRequest,
  onPublic: Expectation = { anonymous: 401, other: 200, owner: 200 },
): Row[] {
  return [
    { what: `${what} a public post`, request: (s) => request(s.publicPost), expect: onPublic },
    {
      what: `${what} a private post`,
      request: (s) => request(s.privatePost),
      expect: { ...onPublic, other: 404 },
    },
  ]
}

/**
 * A request that takes the owner's password: the owner is given one of their own first (test users
 * share one), so only they know it, and the others' tries are refused as wrong (400).
 */
function withOwnersPassword(what: string, request: (password: string) => RowRequest): Row {
  return {
    what,
    prepare: (s) => ownPassword(s, `${s.owner.username} secret words`),
    request: (s) => request(s.extra.password),
    expect: { anonymous: 401, other: 400, suspended: 400, owner: 200 },
  }
}

/**
 * A moderator's act on a post or comment, with a reason, at /api/v1/mod/<path>: the moderator's
 * settles it, so the admin's after it conflicts (409).
 */
function moderationAct(what: string, path: (scene: Scene) => string): Row {
  return {
    what,
    request: (s) => ({ method: 'POST', url: `/api/v1/mod/${path(s)}`, payload: { reason: 'x' } }),
    expect: { ...MODERATORS, moderator: 200, admin: 409 },
  }
}

const rows: Row[] = [
  // Posts
  {
    what: 'read a private post',
    request: (s) => ({ method: 'GET', url: `/api/v1/media/${s.privatePost}` }),
    expect: PRIVATE_POST,
  },
  {
    what: "read a private post's comments",
    request: (s) => ({ method: 'GET', url: `/api/v1/comments/post/${s.privatePost}` }),
    expect: PRIVATE_POST,
  },
  ...onBothPosts('like', postAction('like', 'like')),
  {
    what: 'comment on a private post',
    request: (s) => ({
      method: 'POST',
      url: '/api/v1/comments/create',
      payload: { postId: s.privatePost, content: 'hello' },
    }),
    expect: { anonymous: 401, other: 404, owner: 201 },
  },
  ...onBothPosts(
    'delete',
    (postId) => ({ method: 'DELETE', url: `/api/v1/media/${postId}/delete` }),
    OPEN_TO_OWNER,
  ),
  {
    what: 'rerun the analysis of a post',
    request: (s) => ({ method: 'POST', url: `/api/v1/media/${s.publicPost}/analysis` }),
    expect: { anonymous: 401, other: 403, owner: 202 },
  },
  {
    what: "list the author's posts (private ones hidden from others)",
    request: (s) => ({ method: 'GET', url: `/api/v1/media/user/${s.owner.id}/posts` }),
    expect: { anonymous: 200, other: 200, owner: 200 },
    hides: (s, body) => expect(body).not.toContain(s.privatePost),
    shows: (s, body) => expect(body).toContain(s.privatePost),
  },
  ...onBothPosts(
    'edit',
    (postId) => ({ method: 'PATCH', url: `/api/v1/media/${postId}`, payload: { title: 'Edited' } }),
    OPEN_TO_OWNER,
  ),
  // Versions of a post's files
  ...onBothPosts('publish a new version of', versionUpload, { anonymous: 401, other: 403, owner: 201 }),
  {
    what: "read a private post's versions",
    request: (s) => ({ method: 'GET', url: `/api/v1/media/${s.privatePost}/versions` }),
    expect: PRIVATE_POST,
  },
  {
    what: 'read a version of a private post',
    request: (s) => ({ method: 'GET', url: `/api/v1/media/${s.privatePost}?version=1` }),
    expect: PRIVATE_POST,
  },
  {
    what: "read a private post's edit history",
    request: (s) => ({ method: 'GET', url: `/api/v1/media/${s.privatePost}/revisions` }),
    expect: PRIVATE_POST,
  },
  // Bookmarks and the Following feed
  ...onBothPosts('save', postAction('bookmark', 'save')),
  {
    what: 'read the Following feed (signed in; private posts never in it)',
    request: () => ({ method: 'GET', url: '/api/v1/media/list?feed=following' }),
    expect: { anonymous: 401, other: 200, owner: 200 },
    hides: (s, body) => expect(body).not.toContain(s.privatePost),
  },
  // Comments
  {
    what: 'delete a comment',
    request: (s) => ({ method: 'DELETE', url: `/api/v1/comments/${s.comment}` }),
    expect: OPEN_TO_OWNER,
  },
  {
    what: 'like a comment',
    request: (s) => ({ method: 'POST', url: `/api/v1/comments/${s.comment}/like`, payload: {} }),
    expect: { anonymous: 401, other: 200, owner: 200 },
  },
  {
    what: 'edit a comment',
    request: (s) => ({
      method: 'PATCH',
      url: `/api/v1/comments/${s.comment}`,
      payload: { content: 'Edited' },
    }),
    expect: OPEN_TO_OWNER,
  },
  // Follows: anyone signed in follows others, nobody themselves
  ...(['POST', 'DELETE'] as const).map(
    (method): Row => ({
      what: `${method === 'POST' ? 'follow' : 'unfollow'} the author`,
      request: (s) => ({ method, url: '/api/v1/follows', payload: { kind: 'user', target: s.owner.id } }),
      expect: { anonymous: 401, other: 200, owner: 400 },
    }),
  ),
  // Profile fields, settings and avatar
  ...(
    [
      ['modify_title', { new_title: 'Changed' }],
      ['modify_bio', { new_bio: 'Changed' }],
      ['modify_url', { new_url: 'https://changed.example' }],
      ['modify_email', { new_email: 'changed@example.org' }],
      ['modify_phone', { new_phone: '+1 555 0100' }],
      ['modify_profile', { nickname: 'Changed' }],
      ['modify_settings', { new_public_contact: 'true' }],
    ] as const
  ).map(
    ([call, fields]): Row => ({
      what: `change someone's profile: ${call}`,
      request: (s) => ({
        method: 'POST',
        url: `/api/v1/modify/${call}`,
        payload: { user_id: s.owner.id, ...fields },
      }),
      expect: OPEN_TO_OWNER,
    }),
  ),
  {
    what: "change someone's avatar",
    request: (s) => {
      const form = multipart({ user_id: s.owner.id }, [
        { name: 'me.png', data: pngFile(3), field: 'new_avatar' },
      ])
      return {
        method: 'POST',
        url: '/api/v1/modify/modify_avatar',
        payload: form.payload,
        headers: form.headers,
      }
    },
    expect: OPEN_TO_OWNER,
  },
  {
    what: 'read contact details and hidden sections (public_contact off by default)',
    request: (s) => ({ method: 'GET', url: `/api/v1/auth/person_information?user_id=${s.owner.id}` }),
    expect: { anonymous: 200, other: 200, owner: 200 },
    hides: (s, body) => expect(body).not.toContain(`${s.owner.username}@example.org`),
    shows: (s, body) => expect(body).toContain(`${s.owner.username}@example.org`),
  },
  // Own pages and rewards: the signed-in user's own, never someone else's
  ...(
    [
      ['/api/v1/auth/me', (s: Scene) => s.owner.id],
      ['/api/v1/auth/me/posts', (s: Scene) => s.privatePost],
      ['/api/v1/auth/me/comments', (s: Scene) => s.comment],
      ['/api/v1/auth/me/liked', (s: Scene) => s.publicPost],
      ['/api/v1/auth/me/bookmarks', (s: Scene) => s.publicPost],
      ['/api/v1/auth/me/follows', (s: Scene) => s.owner.username],
      ['/api/v1/rewards/me', null],
      // notifications: one's own list, count and settings
      ['/api/v1/notifications', null],
      ['/api/v1/notifications/unread_count', null],
      ['/api/v1/notifications/settings', null],
      // blocks
      ['/api/v1/auth/me/blocks', null],
    ] as const
  ).map(
    ([url, ownItem]): Row => ({
      what: `own page ${url}`,
      request: () => ({ method: 'GET', url }),
      expect: { anonymous: 401, other: 200, owner: 200 },
      hides: (s, body) => expect(body).not.toContain(s.owner.id),
      shows: ownItem ? (s, body) => expect(body).toContain(ownItem(s)) : undefined,
    }),
  ),
  {
    what: 'ask the faucet (any signed-in user, for themselves)',
    request: () => ({
      method: 'POST',
      url: '/api/v1/token/faucet',
      payload: { address: '11111111111111111111111111111111', amount: 1 },
    }),
    expect: { anonymous: 401, other: 200, owner: 200 },
  },
  // Moderation
  {
    what: 'report a post',
    request: (s) => ({
      method: 'POST',
      url: '/api/v1/reports',
      payload: { target_type: 'post', target_id: s.publicPost, reason: 'spam' },
    }),
    expect: { anonymous: 401, other: 201, moderator: 201, admin: 201, owner: 400 },
  },
  {
    what: 'report a user',
    request: (s) => ({
      method: 'POST',
      url: '/api/v1/reports',
      payload: { target_type: 'user', target_id: s.owner.id, reason: 'harassment', note: 'Rude' },
    }),
    expect: { anonymous: 401, other: 201, moderator: 201, admin: 201, owner: 400 },
  },
  {
    what: "read the moderators' queue",
    request: () => ({ method: 'GET', url: '/api/v1/mod/reports' }),
    expect: { ...MODERATORS, moderator: 200, admin: 200 },
  },
  {
    // The admin comes second: the moderator's dismissal settled it.
    what: 'resolve a report',
    request: (s) => ({
      method: 'POST',
      url: `/api/v1/mod/reports/${s.reportId}/resolve`,
      payload: { action: 'dismiss', reason: 'Not spam' },
    }),
    expect: { ...MODERATORS, moderator: 200, admin: 409 },
  },
  moderationAct('hide a post', (s) => `posts/${s.publicPost}/hide`),
  moderationAct('remove a post', (s) => `posts/${s.publicPost}/remove`),
  moderationAct('restore a hidden post', (s) => `posts/${s.hiddenPost}/restore`),
  moderationAct('hide a comment', (s) => `comments/${s.comment}/hide`),
  {
    what: 'read a post hidden by a moderator',
    request: (s) => ({ method: 'GET', url: `/api/v1/media/${s.hiddenPost}` }),
    expect: PRIVATE_POST,
    shows: (_s, body) =>
      expect(JSON.parse(body).moderation).toMatchObject({ state: 'hidden', reason: 'Off topic' }),
  },
  {
    what: 'ask for a review of a hidden post',
    request: (s) => ({ method: 'POST', url: `/api/v1/mod/posts/${s.hiddenPost}/review`, payload: {} }),
    expect: { anonymous: 401, other: 404, owner: 200 },
  },
  {
    what: 'suspend a user',
    request: (s) => ({
      method: 'POST',
      url: `/api/v1/mod/users/${s.owner.id}/suspend`,
      payload: { until: new Date(Date.now() + 86_400_000).toISOString(), reason: 'x' },
    }),
    // The owner asks last, suspended by then.
    expect: { ...MODERATORS, moderator: 200, admin: 200 },
  },
  {
    what: 'lift a suspension',
    prepare: async (s) => {
      await dbSuspend(t, s.owner)
    },
    request: (s) => ({ method: 'POST', url: `/api/v1/mod/users/${s.owner.id}/unsuspend`, payload: {} }),
    expect: { ...MODERATORS, moderator: 200, admin: 409 },
  },
  {
    what: 'grant moderator',
    request: (s) => ({
      method: 'POST',
      url: `/api/v1/mod/users/${s.owner.id}/role`,
      payload: { role: 'moderator' },
    }),
    expect: { ...MODERATORS, admin: 200 },
  },
  {
    what: "set a user's trust",
    request: (s) => ({
      method: 'POST',
      url: `/api/v1/mod/users/${s.owner.id}/trust`,
      payload: { level: 'member', reason: 'Known' },
    }),
    expect: { ...MODERATORS, moderator: 200, admin: 200 },
  },
  ...[(s: Scene) => '/api/v1/mod/users?role=moderator', (s: Scene) => `/api/v1/mod/users/${s.owner.id}`].map(
    (url): Row => ({
      what: `moderators' user lookup ${url({ owner: { id: '{id}' } } as Scene)}`,
      request: (s) => ({ method: 'GET', url: url(s) }),
      expect: { ...MODERATORS, moderator: 200, admin: 200 },
    }),
  ),
  {
    what: 'read the public moderation log (moderators named to moderators only)',
    request: () => ({ method: 'GET', url: '/api/v1/mod/log' }),
    expect: { anonymous: 200, other: 200, owner: 200 },
    hides: (_s, body, caller) => {
      // Earlier rows' acts are in the log by now.
      if (caller === 'moderator' || caller === 'admin')
        expect(body).toContain(`"moderator":"${callers.moderator.username}"`)
      else expect(body).not.toContain('"moderator":')
    },
  },
  {
    what: 'read a file of a post a moderator removed',
    prepare: async (s) => {
      // The scene's hidden post made the owner a new account again (moderated this month).
      await t.database.db
        .updateTable('users')
        .set({ trust_override: 'member' })
        .where('id', '=', s.owner.id)
        .execute()
      const created = await apiMakePost(t, s.owner)
      await dbModerate(t, 'post', created.post_id, 'removed')
      s.extra.cid = created.post.media[0].cid
    },
    request: (s) => ({ method: 'GET', url: `/api/v1/files/${s.extra.cid}` }),
    expect: { anonymous: 404, other: 404, moderator: 200, admin: 200, owner: 404 },
  },
  {
    what: 'block a user',
    request: (s) => ({ method: 'POST', url: `/api/v1/users/${s.owner.id}/block` }),
    expect: { anonymous: 401, other: 200, moderator: 200, admin: 200, owner: 400 },
  },
  {
    what: 'unblock a user',
    request: (s) => ({ method: 'DELETE', url: `/api/v1/users/${s.owner.id}/block` }),
    expect: { anonymous: 401, other: 200, moderator: 200, admin: 200, owner: 200 },
  },
  // Accounts and mail. A suspended user may still care for their account.
  {
    what: 'list where one is signed in',
    prepare: async (s) => {
      s.extra.session = await ownSession(s)
    },
    request: () => ({ method: 'GET', url: '/api/v1/auth/sessions' }),
    expect: { anonymous: 401, other: 200, owner: 200 },
    hides: (s, body) => expect(body).not.toContain(s.extra.session),
    shows: (s, body) => expect(body).toContain(s.extra.session),
  },
  {
    what: "sign out one of the owner's sessions",
    prepare: async (s) => {
      s.extra.session = await ownSession(s)
    },
    request: (s) => ({ method: 'DELETE', url: `/api/v1/auth/sessions/${s.extra.session}` }),
    expect: { anonymous: 401, other: 404, suspended: 404, owner: 200 },
  },
  {
    what: 'sign out everywhere else',
    request: () => ({ method: 'POST', url: '/api/v1/auth/sessions/revoke_others' }),
    expect: { anonymous: 401, other: 200, suspended: 200, owner: 200 },
  },
  withOwnersPassword("change the password (with the owner's current one)", (password) => ({
    method: 'POST',
    url: '/api/v1/auth/password/change',
    payload: { current_password: password, new_password: 'a new long passphrase' },
  })),
  {
    what: 'ask for a link that verifies the address on the account',
    request: () => ({ method: 'POST', url: '/api/v1/auth/email/verify/request' }),
    expect: { anonymous: 401, other: 400, suspended: 400, owner: 202 },
  },
  {
    what: 'ask for a password reset (the same answer for everyone)',
    request: (s) => ({
      method: 'POST',
      url: '/api/v1/auth/password/forgot',
      payload: { username: s.owner.username },
    }),
    expect: { anonymous: 202, other: 202, suspended: 202, owner: 202 },
  },
  {
    what: 'reset a password with a forged link',
    request: () => ({
      method: 'POST',
      url: '/api/v1/auth/password/reset',
      payload: { token: 'forged', new_password: 'a new long passphrase' },
    }),
    expect: { anonymous: 400, other: 400, suspended: 400, owner: 400 },
  },
  {
    what: 'read the notification mail settings (and the address they go to)',
    request: () => ({ method: 'GET', url: '/api/v1/notifications/mail' }),
    expect: { anonymous: 401, other: 200, owner: 200 },
    hides: (s, body) => expect(body).not.toContain(`${s.owner.username}@example.org`),
    shows: (s, body) => expect(body).toContain(`${s.owner.username}@example.org`),
  },
  {
    what: 'change the notification mail settings',
    request: () => ({
      method: 'PUT',
      url: '/api/v1/notifications/mail',
      payload: { kinds: { like: 'daily' } },
    }),
    expect: { anonymous: 401, other: 200, suspended: 200, owner: 200 },
  },
  {
    what: "unsubscribe with the owner's link (the link is the permission)",
    request: (s) => ({
      method: 'POST',
      url: `/api/v1/mail/unsubscribe?token=${encodeURIComponent(unsubscribeTokens(t.config.jwtSecret).issue(s.owner.id, 'mention'))}`,
    }),
    expect: { anonymous: 200, other: 200, suspended: 200, owner: 200 },
  },
  {
    what: 'ask for a download of one’s data',
    request: () => ({ method: 'POST', url: '/api/v1/auth/me/export' }),
    expect: { anonymous: 401, other: 202, suspended: 202, owner: 202 },
  },
  {
    what: "download the owner's data export",
    prepare: async (s) => {
      const asked = await send(t, s.owner, 'POST', '/api/v1/auth/me/export')
      expect(asked.statusCode).toBe(202)
      await exportsWorker(t.database.db, t.app.ctx.blobs, async () => {}).drain()
      s.extra.download = `/api/v1/auth/me/exports/${asked.json().id}/download`
    },
    request: (s) => ({ method: 'GET', url: s.extra.download! }),
    expect: { anonymous: 401, other: 404, suspended: 404, owner: 200 },
  },
  withOwnersPassword("delete the account (with the owner's password)", (password) => ({
    method: 'DELETE',
    url: '/api/v1/auth/me',
    payload: { password, content: 'keep' },
  })),
  {
    what: 'read the mail outbox (administrators only)',
    request: () => ({ method: 'GET', url: '/api/v1/mail/outbox?status=pending' }),
    expect: { anonymous: 401, other: 403, suspended: 403, moderator: 403, admin: 200, owner: 403 },
  },
]

/**
 * Gives the owner a password of their own (test users share one), kept in `s.extra.password`: only
 * they know it.
 */
async function ownPassword(s: Scene, password: string) {
  s.extra.password = password
  const changed = await send(t, s.owner, 'POST', '/api/v1/auth/password/change', {
    current_password: s.owner.password,
    new_password: password,
  })
  expect(changed.statusCode).toBe(200)
}

/** The id of the owner's session (the one their token came with). */
async function ownSession(s: Scene): Promise<string> {
  const list = await sendTo(t, s.owner, 'GET /auth/sessions')
  const items = list.json().items as { id: string; current: boolean }[]
  return items.find((item) => item.current)!.id
}

let t: TestApp
/** The signed-in callers but the owner (each scene has its own), made once. */
let callers: Record<Exclude<Caller, 'anonymous' | 'owner'>, TestUser>
let reporter: TestUser
beforeAll(async () => {
  t = await createTestApp({ COMMENT_RATE_LIMIT: '1000', LIKE_RATE_LIMIT: '1000', REPORT_RATE_LIMIT: '1000' })
  const other = await makeUser(t)
  const suspended = await makeUser(t)
  await dbSuspend(t, suspended, new Date(Date.now() + 365 * 86_400_000))
  callers = { other, suspended, moderator: await makeModerator(t), admin: await makeModerator(t, 'admin') }
  reporter = await makeUser(t)
})
afterAll(() => t.close())

async function freshScene(): Promise<Scene> {
  const owner = await makeUser(t)
  const email = await send(t, owner, 'POST', '/api/v1/modify/modify_email', {
    user_id: owner.id,
    new_email: `${owner.username}@example.org`,
  })
  expect(email.statusCode).toBe(200)
  const publicPost = await dbMakePost(t, owner)
  const privatePost = await dbMakePost(t, owner, { visibility: 'private' })
  const comment = await apiMakeComment(t, owner, publicPost, { content: 'mine' })
  await apiLikePost(t, owner, publicPost)
  await apiBookmark(t, owner, publicPost, 'save')
  await apiFollow(t, owner, { kind: 'tag', target: owner.username })
  const hiddenPost = await dbMakePost(t, owner)
  await dbModerate(t, 'post', hiddenPost, 'hidden', 'Off topic')
  const report = await sendReport(t, reporter, { target_type: 'post', target_id: publicPost, reason: 'spam' })
  expect(report.statusCode, report.body).toBe(201)
  return {
    owner,
    publicPost,
    privatePost,
    comment: comment._id,
    hiddenPost,
    reportId: report.json().id,
    extra: {},
  }
}

/** What a row expects of each caller, the defaults filled in (see the top of the file). */
function expected(row: Row, method: string): Record<Caller, number> {
  const { expect: given } = row
  return {
    ...given,
    suspended: given.suspended ?? (method === 'GET' ? given.other : 403),
    moderator: given.moderator ?? given.other,
    admin: given.admin ?? given.other,
  }
}

describe(`access matrix (${TEST_DB})`, () => {
  it.each(rows.map((row) => [row.what, row] as const))('%s', async (_what, row) => {
    const scene = await freshScene()
    await row.prepare?.(scene)
    const headersOf: Record<Caller, Record<string, string>> = {
      anonymous: {},
      other: callers.other.headers,
      suspended: callers.suspended.headers,
      moderator: callers.moderator.headers,
      admin: callers.admin.headers,
      owner: scene.owner.headers,
    }
    const got: Record<string, number> = {}
    for (const caller of CALLERS) {
      const request = row.request(scene)
      const response = await t.app.inject({
        ...request,
        headers: { ...request.headers, ...headersOf[caller] },
      } as never)
      got[caller] = response.statusCode
      if (response.statusCode >= 400) expect(response.json().detail).toEqual(expect.any(String))
      if (response.statusCode < 300) {
        if (caller === 'owner') row.shows?.(scene, response.body)
        else row.hides?.(scene, response.body, caller)
      }
    }
    expect(got).toEqual(expected(row, row.request(scene).method))
  })
})
