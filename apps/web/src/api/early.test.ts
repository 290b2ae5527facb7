import { readFileSync } from 'node:fs'
import { runInNewContext } from 'node:vm'
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

  it('names every file of a drawn screen to the browser once, a handful per task', () => {
    const screen = Array.from({ length: 20 }, (_, i) => `/assets/part-${i}.js`)
    const appended: string[][] = [[]]
    const tasks: (() => void)[] = []
    const element = () => ({ dataset: {} }) as Record<string, unknown>
    const document = {
      currentScript: {
        dataset: {
          app: '/assets/index.js /assets/vendor.js',
          postScreen: [...screen, screen[0], '/assets/post.css'].join(' '),
        },
      },
      documentElement: { lang: 'en' },
      readyState: 'complete',
      querySelector: () => null,
      createElement: element,
      head: {
        appendChild: (node: { src?: string; href?: string }) =>
          appended.at(-1)?.push(node.src ?? node.href ?? ''),
      },
    }
    const answer = new Promise(() => {})
    runInNewContext(script, {
      document,
      window: { location: { pathname: '/forum/detail/p1', search: '' }, addEventListener: () => {} },
      localStorage: { getItem: () => null },
      fetch: () => answer,
      setTimeout: (task: () => void, ms: number) => ms === 0 && tasks.push(task),
    })
    // The tasks the script queued, one after another, as the browser runs them.
    for (let task = tasks.shift(); task; task = tasks.shift()) {
      appended.push([])
      task()
    }
    const named = appended.flat()
    expect(named.sort()).toEqual(
      ['/assets/index.js', '/assets/vendor.js', ...screen, '/assets/post.css'].sort(),
    )
    expect(appended.length).toBeGreaterThan(2)
    // The entry's script tag and the first handful of preloads share the first task.
    expect(Math.max(...appended.map((task) => task.length))).toBeLessThanOrEqual(9)
  })
})
