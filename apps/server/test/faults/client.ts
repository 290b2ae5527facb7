import { FormData, request } from 'undici'

/**
 * A user of the API over real HTTP, in compatibility mode (Bearer tokens). Requests go through
 * undici's `request`, not `fetch`: the same HTTP/1.1 connections without the web streams around each
 * answer, so the simulated users of the soak and the bench's mixed load spend less of the machine's
 * CPU, which they share with the server they measure.
 */
export interface ApiUser {
  id: string
  username: string
  headers: Record<string, string>
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`${what} answered ${status}: ${body.slice(0, 300)}`)
  }
}

const PASSWORD = 'correct horse battery staple'

/** What a call sends: its method (GET unless said), headers and body (JSON text or a form). */
export interface CallInit {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  headers?: Record<string, string>
  body?: string | FormData
}

export function apiClient(baseUrl: string) {
  const api = `${baseUrl}/api/v1`

  /** The body of a 2xx answer; any other answer throws an ApiError with its text. */
  async function answer(what: string, path: string, init: CallInit = {}) {
    const { statusCode, body } = await request(`${api}${path}`, {
      method: init.method ?? 'GET',
      headers: init.headers,
      body: init.body,
    })
    if (statusCode < 200 || statusCode > 299) throw new ApiError(statusCode, await body.text(), what)
    return body
  }

  async function call(what: string, path: string, init: CallInit = {}): Promise<unknown> {
    const text = await (await answer(what, path, init)).text()
    return text ? JSON.parse(text) : null
  }

  function json(user: ApiUser, body: unknown): CallInit {
    return {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }
  }

  return {
    call,

    async register(username: string): Promise<ApiUser> {
      const created = (await call('register', '/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: PASSWORD }),
      })) as { id: string }
      const login = (await call('login', '/auth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: PASSWORD, secure_mode: false }),
      })) as { access_token: string }
      return { id: created.id, username, headers: { authorization: `Bearer ${login.access_token}` } }
    },

    /** A post with one small text file; answers its id and the file's CID. */
    async upload(user: ApiUser, title: string, text: string) {
      const form = new FormData()
      form.set('title', title)
      form.set('content', text)
      form.set('files', new Blob([text], { type: 'text/plain' }), `${title}.txt`)
      const body = (await call('upload', '/media/upload', {
        method: 'POST',
        headers: user.headers,
        body: form,
      })) as { post_id: string; post: { media: { cid: string }[] } }
      return { postId: body.post_id, cid: body.post.media[0].cid }
    },

    list(user: ApiUser | null, query = '') {
      return call('list', `/media/list${query}`, { headers: user?.headers ?? {} }) as Promise<{
        items: { id: string; media: { cid: string }[] }[]
      }>
    },

    post(user: ApiUser | null, id: string) {
      return call('post', `/media/${id}`, { headers: user?.headers ?? {} }) as Promise<{
        id: string
        title: string
        ai_analysis: string
        media: { cid: string }[]
      }>
    },

    likePost(user: ApiUser, id: string) {
      return call('like', `/media/${id}/like`, json(user, {}))
    },

    comment(user: ApiUser, postId: string, content: string, parentId?: string) {
      return call(
        'comment',
        '/comments/create',
        json(user, { postId, content, ...(parentId ? { parentId } : {}) }),
      ).then((body) => body as { _id: string })
    },

    comments(user: ApiUser | null, postId: string) {
      return call('comments', `/comments/post/${postId}`, { headers: user?.headers ?? {} }) as Promise<
        { _id: string }[]
      >
    },

    /** The revision one's post has now: what an editor opens with. */
    async revisionOf(user: ApiUser, id: string) {
      const { revision } = (await call('post', `/media/${id}`, { headers: user.headers })) as {
        revision: number
      }
      return revision
    },

    /** Saves a new summary of one's own post, edited from `revision`. */
    editPost(user: ApiUser, id: string, revision: number, summary: string) {
      return call('edit', `/media/${id}`, {
        ...json(user, { base_revision: revision, summary }),
        method: 'PATCH',
      })
    },

    unreadCount(user: ApiUser) {
      return call('unread', '/notifications/unread_count', { headers: user.headers }) as Promise<{
        unread: number
      }>
    },

    likeComment(user: ApiUser, id: string) {
      return call('comment like', `/comments/${id}/like`, json(user, {}))
    },

    async file(cid: string): Promise<Buffer> {
      return Buffer.from(await (await answer('file', `/files/${cid}`)).arrayBuffer())
    },
  }
}
export type ApiClient = ReturnType<typeof apiClient>
