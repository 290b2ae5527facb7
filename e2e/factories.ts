// What a browser test builds through the API before it looks at a screen: posts, comments, likes.
// Each call acts as whoever `request` is signed in as (the cookies of loginViaApi or apiSignIn), or
// with the Bearer `headers` of apiBearer; each checks its answer's status.
import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { type AgoraServer, expect, type TestUser } from './fixtures'

export interface PostFile {
  name: string
  mimeType: string
  buffer: Buffer
}

/** Eight random letters: one word to the full-text search, found only where a test put it. */
export function uniqueWord(): string {
  return Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join('')
}

/** A file to upload: `contents` as bytes, of the given type (plain text unless said). */
export function uploadFile(name: string, contents: string, mimeType = 'text/plain'): PostFile {
  return { name, mimeType, buffer: Buffer.from(contents) }
}

/** Signs `request` in with cookies (secure mode), as the login form does. */
export async function apiSignIn(request: APIRequestContext, server: AgoraServer, user: TestUser) {
  const login = await request.post(`${server.url}/api/v1/auth/token`, {
    form: { username: user.username, password: user.password },
    headers: { origin: server.url },
  })
  expect(login.status(), await login.text()).toBe(200)
}

/** A Bearer header for `user` (compatibility mode), for requests that carry no cookies. */
export async function apiBearer(request: APIRequestContext, server: AgoraServer, user: TestUser) {
  const login = await request.post(`${server.url}/api/v1/auth/token`, {
    form: { username: user.username, password: user.password, secure_mode: 'false' },
  })
  expect(login.status(), await login.text()).toBe(200)
  const { access_token } = (await login.json()) as { access_token: string }
  return { authorization: `Bearer ${access_token}` }
}

/** A post uploaded through the API with one file (a small text file unless given); answers its id. */
export async function apiMakePost(
  request: APIRequestContext,
  server: AgoraServer,
  fields: Record<string, string>,
  options: { file?: PostFile; headers?: Record<string, string> } = {},
): Promise<string> {
  const file = options.file ?? uploadFile('notes.txt', `${fields.title ?? 'Notes'}\n`)
  const upload = await request.post(`${server.url}/api/v1/media/upload`, {
    headers: { origin: server.url, ...options.headers },
    multipart: { ...fields, files: file },
  })
  expect(upload.status(), await upload.text()).toBe(201)
  return ((await upload.json()) as { post_id: string }).post_id
}

/**
 * A post of `author`'s: signs `request` in as them (apiSignIn), then makes the post through it
 * (apiMakePost); answers its id. The request context keeps the author's cookies.
 */
export async function apiPostBy(
  request: APIRequestContext,
  server: AgoraServer,
  author: TestUser,
  fields: Record<string, string>,
  options?: { file?: PostFile; headers?: Record<string, string> },
): Promise<string> {
  await apiSignIn(request, server, author)
  return apiMakePost(request, server, fields, options)
}

/** A post made through the API as whoever `page` is signed in as (apiMakePost), then opened on `page`; answers its id. */
export async function openNewPost(
  page: Page,
  server: AgoraServer,
  fields: Record<string, string>,
  options?: { file?: PostFile; headers?: Record<string, string> },
): Promise<string> {
  const postId = await apiMakePost(page.request, server, fields, options)
  await page.goto(`/forum/detail/${postId}`)
  return postId
}

export interface CreatedComment {
  _id: string
  content: string
  level: number
}

/** A comment (a reply with `parentId`) through the API; answers it as created. */
export async function apiMakeComment(
  request: APIRequestContext,
  server: AgoraServer,
  postId: string,
  content: string,
  parentId?: string,
): Promise<CreatedComment> {
  const response = await request.post(`${server.url}/api/v1/comments/create`, {
    headers: { origin: server.url },
    data: { postId, content, imageUrl: '', ...(parentId ? { parentId } : {}) },
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as CreatedComment
}

/**
 * A post with one text file (`file`: its name and text) and a first comment on it, through the
 * API; answers the post's id.
 */
export async function apiCommentedPost(
  request: APIRequestContext,
  server: AgoraServer,
  fields: Record<string, string>,
  file: [name: string, text: string],
  comment: string,
): Promise<string> {
  const postId = await apiMakePost(request, server, fields, { file: uploadFile(...file) })
  await apiMakeComment(request, server, postId, comment)
  return postId
}

/** Likes a post through the API. */
export async function apiLikePost(request: APIRequestContext, server: AgoraServer, postId: string) {
  const response = await request.post(`${server.url}/api/v1/media/${postId}/like`, {
    headers: { origin: server.url },
    data: { action: 'like' },
  })
  expect(response.status(), await response.text()).toBe(200)
}

/**
 * On /upload: picks one small text file, opens the metadata, types the title and presses Upload Files,
 * as a person does. The caller waits for what should follow (success, the login card…).
 */
export async function submitUploadForm(
  page: Page,
  title: string,
  file = uploadFile('notes.txt', 'field notes\n'),
) {
  await page.getByLabel(/Choose files/).setInputFiles([file])
  await page.getByRole('button', { name: 'Add Metadata' }).click()
  await page.getByLabel('Title (required)').fill(title)
  await page.getByRole('button', { name: 'Upload Files' }).click()
}

export { minimalPdf } from '@agora/test-kit/pdf'

export interface ReviewInput {
  summary: string
  ratings: Record<'soundness' | 'novelty' | 'clarity' | 'reproducibility' | 'significance', number>
  confidence: number
  competing_interests: string
}

/** A review of the post's newest version through the API, as whoever `request` is signed in as; answers its id. */
export async function apiMakeReview(
  request: APIRequestContext,
  server: AgoraServer,
  postId: string,
  review: ReviewInput,
): Promise<string> {
  const response = await request.post(`${server.url}/api/v1/media/${postId}/reviews`, {
    headers: { origin: server.url },
    data: review,
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { _id: string })._id
}
