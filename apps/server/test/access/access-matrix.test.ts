// The access matrix (issue 10, "Access"): every endpoint that changes or reveals something, called
// by an anonymous visitor, by another signed-in user and by the owner. Each row says what each of
// the three must get; only the right one succeeds. One table, one loop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  apiBookmark,
  apiFollow,
  apiLikePost,
  apiMakeComment,
  dbMakePost,
  makeUser,
  type TestUser,
} from '../factories'
import { multipart, pngFile } from '../files'
import { createTestApp, TEST_DB, type TestApp } from '../harness'

type Caller = 'anonymous' | 'other' | 'owner'

/** What the row's request acts on, made fresh for each caller so a success cannot hide a later refusal. */
interface Scene {
  owner: TestUser
  publicPost: string
  privatePost: string
  comment: string
}

interface Row {
  what: string
  request(scene: Scene): {
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
    url: string
    payload?: unknown
    headers?: Record<string, string>
  }
  expect: Record<Caller, number>
  /** For reads that answer everyone: what the answer must not reveal to the others. */
  hides?(scene: Scene, body: string): void
  /** What the owner's answer must show (so a hiding check cannot pass on an empty answer). */
  shows?(scene: Scene, body: string): void
}

const OPEN_TO_OWNER = { anonymous: 401, other: 403, owner: 200 }
const PRIVATE_POST = { anonymous: 404, other: 404, owner: 200 }

/** POST /media/:id/versions with one new file and a changelog (issue 26). */
function versionUpload(postId: string) {
  const form = multipart({ changelog: 'A new figure' }, [{ name: 'figure.png', data: pngFile(5) }])
  return {
    method: 'POST' as const,
    url: `/api/v1/media/${postId}/versions`,
    payload: form.payload,
    headers: form.headers,
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
  {
    what: 'like a private post',
    request: (s) => ({
      method: 'POST',
      url: `/api/v1/media/${s.privatePost}/like`,
      payload: { action: 'like' },
    }),
    expect: { anonymous: 401, other: 404, owner: 200 },
  },
  {
    what: 'like a public post',
    request: (s) => ({
      method: 'POST',
      url: `/api/v1/media/${s.publicPost}/like`,
      payload: { action: 'like' },
    }),
    expect: { anonymous: 401, other: 200, owner: 200 },
  },
  {
    what: 'comment on a private post',
    request: (s) => ({
      method: 'POST',
      url: '/api/v1/comments/create',
      payload: { postId: s.privatePost, content: 'hello' },
    }),
    expect: { anonymous: 401, other: 404, owner: 201 },
  },
  {
    what: 'delete a post',
    request: (s) => ({ method: 'DELETE', url: `/api/v1/media/${s.publicPost}/delete` }),
    expect: OPEN_TO_OWNER,
  },
  {
    what: 'delete a private post',
    request: (s) => ({ method: 'DELETE', url: `/api/v1/media/${s.privatePost}/delete` }),
    expect: { anonymous: 401, other: 404, owner: 200 },
  },
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
  {
    what: 'edit a post',
    request: (s) => ({ method: 'PATCH', url: `/api/v1/media/${s.publicPost}`, payload: { title: 'Edited' } }),
    expect: OPEN_TO_OWNER,
  },
  {
    what: 'edit a private post',
    request: (s) => ({
      method: 'PATCH',
      url: `/api/v1/media/${s.privatePost}`,
      payload: { title: 'Edited' },
    }),
    expect: { anonymous: 401, other: 404, owner: 200 },
  },
  // Versions of a post's files (issue 26)
  {
    what: 'publish a new version of a post',
    request: (s) => versionUpload(s.publicPost),
    expect: { anonymous: 401, other: 403, owner: 201 },
  },
  {
    what: 'publish a new version of a private post',
    request: (s) => versionUpload(s.privatePost),
    expect: { anonymous: 401, other: 404, owner: 201 },
  },
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
  // Bookmarks and the Following feed (issue 18)
  {
    what: 'save a private post',
    request: (s) => ({
      method: 'POST',
      url: `/api/v1/media/${s.privatePost}/bookmark`,
      payload: { action: 'save' },
    }),
    expect: { anonymous: 401, other: 404, owner: 200 },
  },
  {
    what: 'save a public post',
    request: (s) => ({
      method: 'POST',
      url: `/api/v1/media/${s.publicPost}/bookmark`,
      payload: { action: 'save' },
    }),
    expect: { anonymous: 401, other: 200, owner: 200 },
  },
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
  // Follows (issue 18): anyone signed in follows others, nobody themselves
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
      // notifications (issue 18): one's own list, count and settings
      ['/api/v1/notifications', null],
      ['/api/v1/notifications/unread_count', null],
      ['/api/v1/notifications/settings', null],
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
]

let t: TestApp
let other: TestUser
beforeAll(async () => {
  t = await createTestApp({ COMMENT_RATE_LIMIT: '1000', LIKE_RATE_LIMIT: '1000' })
  other = await makeUser(t)
})
afterAll(() => t.close())

async function freshScene(): Promise<Scene> {
  const owner = await makeUser(t)
  const email = await t.app.inject({
    method: 'POST',
    url: '/api/v1/modify/modify_email',
    headers: owner.headers,
    payload: { user_id: owner.id, new_email: `${owner.username}@example.org` },
  })
  expect(email.statusCode).toBe(200)
  const publicPost = await dbMakePost(t, owner)
  const privatePost = await dbMakePost(t, owner, { visibility: 'private' })
  const comment = await apiMakeComment(t, owner, publicPost, { content: 'mine' })
  await apiLikePost(t, owner, publicPost)
  await apiBookmark(t, owner, publicPost, 'save')
  await apiFollow(t, owner, { kind: 'tag', target: owner.username })
  return { owner, publicPost, privatePost, comment: comment._id }
}

describe(`access matrix (${TEST_DB})`, () => {
  it.each(rows.map((row) => [row.what, row] as const))('%s', async (_what, row) => {
    const scene = await freshScene()
    const headersOf: Record<Caller, Record<string, string>> = {
      anonymous: {},
      other: other.headers,
      owner: scene.owner.headers,
    }
    const got: Record<string, number> = {}
    // The owner goes last: a successful delete must not turn the others' refusals into 404s.
    for (const caller of ['anonymous', 'other', 'owner'] as const) {
      const request = row.request(scene)
      const response = await t.app.inject({
        ...request,
        headers: { ...request.headers, ...headersOf[caller] },
      } as never)
      got[caller] = response.statusCode
      if (response.statusCode >= 400) expect(response.json().detail).toEqual(expect.any(String))
      if (response.statusCode < 300) {
        if (caller === 'owner') row.shows?.(scene, response.body)
        else row.hides?.(scene, response.body)
      }
    }
    expect(got).toEqual(row.expect)
  })
})
