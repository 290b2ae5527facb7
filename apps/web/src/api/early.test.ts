import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { browserSession, endSession, getAuth, saveLogin } from '../app/authState'
import { COMMENTS_PAGE_SIZE } from './comments'
import { earlySession, takeEarly } from './early'
import { listPostsPath } from './posts'
import { configureSession } from './session'

// takeEarly in Node, with the app's session installed as main.tsx does (in-memory storage) and the
// early answers public/route-prefetch.js leaves on `window` set by hand.

configureSession(browserSession)
const post = { id: 'p1', is_liked: true }

function asked(session: string | null, answer: unknown = post) {
  vi.stubGlobal('window', { __agoraEarly: { '/media/p1': Promise.resolve(answer) }, __agoraEarlyAs: session })
}

beforeEach(() => endSession())
afterEach(() => vi.unstubAllGlobals())

describe('takeEarly', () => {
  it('gives an anonymous answer to an anonymous reader, once', async () => {
    asked(null)
    expect(await takeEarly('/media/p1')).toEqual(post)
    expect(await takeEarly('/media/p1')).toBeNull()
  })

  it('gives a signed-in answer to the session it was asked with, and to no other', async () => {
    saveLogin({ access_token: '', token_type: 'bearer', expires_in: 900, secure_mode: true })
    asked(earlySession(getAuth()))
    expect(await takeEarly('/media/p1')).toEqual(post)

    // Signed out since: the answer carries the signed-in reader's marks.
    asked(earlySession(getAuth()))
    endSession()
    expect(await takeEarly('/media/p1')).toBeNull()

    // Signed in since an anonymous request: it lacks this reader's marks.
    asked(null)
    saveLogin({ access_token: 't', token_type: 'bearer', expires_in: 900, secure_mode: false })
    expect(await takeEarly('/media/p1')).toBeNull()
  })

  it('gives nothing for a request that failed (the API client asks again)', async () => {
    asked(null, null)
    expect(await takeEarly('/media/p1')).toBeNull()
  })
})

// public/route-prefetch.js runs before the app's code, so it cannot import the paths or the page
// sizes: it writes the requests the app takes, and this keeps the two in step.
describe('public/route-prefetch.js', () => {
  const script = readFileSync(new URL('../../public/route-prefetch.js', import.meta.url), 'utf8')

  it('asks by the paths the app takes: the forum’s first page, the figures, a post’s first comments', () => {
    expect(listPostsPath({ search: '', sort: null, cursor: null })).toBe('/media/list?limit=12')
    expect(script).toContain(`'/media/list?limit=12'`)
    expect(script).toContain(`'/stats'`)
    expect(script).toContain(`\`/comments/post/\${id}?skip=0&limit=${COMMENTS_PAGE_SIZE}\``)
  })
})
