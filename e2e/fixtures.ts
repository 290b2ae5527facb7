/// <reference lib="dom" />
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { waitFor } from '@agora/test-kit'
import {
  type APIRequestContext,
  type Browser,
  test as base,
  expect,
  type Locator,
  type Page,
  request as playwrightRequest,
  type Request,
} from '@playwright/test'
import { type AgoraServer, freshDataDir, root, startServer } from './server'

export { type AgoraServer, type StartServerOptions, startServer } from './server'

export interface TestUser {
  id: string
  username: string
  password: string
}

let userCounter = 0

/** Registers a user through the API (fast); log in through the UI where the test is about that. */
export async function createUser(
  request: APIRequestContext,
  server: AgoraServer,
  prefix = 'user',
): Promise<TestUser> {
  userCounter += 1
  const username = `${prefix}${userCounter}${randomBytes(2).toString('hex')}`.slice(0, 20)
  const password = 'e2e password 123'
  const response = await request.post(`${server.url}/api/v1/auth/register`, { form: { username, password } })
  expect(response.status(), await response.text()).toBe(201)
  const { id } = await response.json()
  return { id, username, password }
}

/** New users, one per prefix, registered through the API in that order (createUser). */
export async function createUsers<const Prefixes extends readonly string[]>(
  request: APIRequestContext,
  server: AgoraServer,
  ...prefixes: Prefixes
) {
  const users: TestUser[] = []
  for (const prefix of prefixes) users.push(await createUser(request, server, prefix))
  return users as { [K in keyof Prefixes]: TestUser }
}

/** A server with a moderator (or an admin) in it, made as an operator makes one. */
export type ModeratedServer = AgoraServer & { moderator: TestUser; stop(): Promise<void> }

/**
 * Starts a server whose first user holds `role`. Roles are granted only by the command line
 * (`node apps/server/dist/admin.js grant <name> <role>`), and the embedded database opens in one process
 * at a time: so the user registers on a first server, that server stops, the command runs on its data
 * directory, and a second server starts on the same directory (same JWT secret). Sign in after this.
 */
export async function startServerWithModerator(
  role: 'moderator' | 'admin' = 'moderator',
  env: Record<string, string> = {},
): Promise<ModeratedServer> {
  const dataDir = freshDataDir()
  const sameEnv = { JWT_SECRET: randomBytes(32).toString('hex'), ...env }
  try {
    const first = await startServer(sameEnv, { dataDir })
    const request = await playwrightRequest.newContext()
    let moderator: TestUser
    try {
      moderator = await createUser(request, first, role === 'admin' ? 'admin' : 'mod')
    } finally {
      await request.dispose()
      await first.stop()
    }
    try {
      execFileSync(
        process.execPath,
        [join(root, 'apps/server/dist/admin.js'), 'grant', moderator.username, role],
        {
          cwd: root,
          env: { ...process.env, ...sameEnv, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
          stdio: 'pipe',
        },
      )
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer }
      throw new Error(`admin.js grant ${moderator.username} ${role} failed:\n${stdout ?? ''}${stderr ?? ''}`)
    }
    const server = await startServer(sameEnv, { dataDir })
    return {
      ...server,
      moderator,
      async stop() {
        await server.stop()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
}

/**
 * Signs a page in through the API in secure mode (HttpOnly cookies), then writes the client's
 * session marker (`auth_mode`, `token_expiry`) as the login form would. Leaves the page on `/`.
 */
export async function loginViaApi(page: Page, server: AgoraServer, user: TestUser) {
  const response = await page.request.post(`${server.url}/api/v1/auth/token`, {
    form: { username: user.username, password: user.password, grant_type: 'password', secure_mode: true },
    headers: { origin: server.url },
  })
  expect(response.status(), await response.text()).toBe(200)
  const { expires_in } = await response.json()
  await page.goto('/')
  await page.evaluate((seconds) => {
    localStorage.setItem('auth_mode', 'secure')
    localStorage.setItem('token_expiry', String(Date.now() + seconds * 1000))
  }, expires_in)
}

/**
 * A browser context of its own (its own cookies and storage), signed in as `user`, on `path` (the
 * home page unless given). Its console errors and uncaught errors, named after the user, are checked
 * at the test's end as the test page's are (expectConsoleErrors names the expected ones).
 */
export async function personPage(browser: Browser, server: AgoraServer, user: TestUser, path?: string) {
  const context = await browser.newContext({ baseURL: server.url })
  const page = await context.newPage()
  watchErrors(page, user.username)
  await loginViaApi(page, server, user)
  if (path) await page.goto(path)
  return page
}

/** New users, one per prefix, each signed in in a browser context of its own (personPage). */
export async function people<const Prefixes extends readonly string[]>(
  browser: Browser,
  request: APIRequestContext,
  server: AgoraServer,
  ...prefixes: Prefixes
) {
  const users = await createUsers(request, server, ...prefixes)
  const pages: Page[] = []
  for (const user of users) pages.push(await personPage(browser, server, user))
  return { users, pages: pages as { [K in keyof Prefixes]: Page } }
}

/** One new user signed in in a browser context of its own (personPage). */
export async function person(
  browser: Browser,
  request: APIRequestContext,
  server: AgoraServer,
  prefix: string,
) {
  const {
    users: [user],
    pages: [page],
  } = await people(browser, request, server, prefix)
  return { user, page }
}

/** A new user, signed in on `page` (secure mode, through the API): most tests start here. */
export async function signedIn(page: Page, server: AgoraServer, prefix = 'ada') {
  const user = await createUser(page.request, server, prefix)
  await loginViaApi(page, server, user)
  return user
}

/** A new user, signed in on `page` (signedIn), which then opens `path`. */
export async function signedInAt(page: Page, server: AgoraServer, path: string, prefix?: string) {
  const user = await signedIn(page, server, prefix)
  await page.goto(path)
  return user
}

/** Signs in through the login page, as a person does, and waits to land on `next`. */
export async function logInWithForm(page: Page, user: TestUser, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`)
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(next)
}

/** Signs in through the "Welcome Back" dialog the app opened, and waits for it to close. */
export async function signInThroughDialog(page: Page, user: TestUser) {
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Username').fill(user.username)
  await dialog.getByLabel('Password', { exact: true }).fill(user.password)
  await dialog.getByRole('button', { name: 'Sign In' }).click()
  await expect(dialog).toBeHidden()
}

/** Where each of `selectors` is on the page (its first visible match), rounded to pixels. */
export function boxesOf(page: Page, selectors: string[]) {
  return page.evaluate(async (wanted) => {
    // Settled boxes only: a web font still loading (KaTeX's, on a cold page) resizes text when it
    // arrives, at a different moment in each page load.
    await document.fonts.ready
    const boxes: Record<string, string | null> = {}
    for (const selector of wanted) {
      const element = Array.from(document.querySelectorAll<HTMLElement>(selector)).find(
        (candidate) => candidate.offsetParent,
      )
      const box = element?.getBoundingClientRect()
      boxes[selector] = box
        ? [box.x, box.y, box.width, box.height].map((value) => Math.round(value)).join(',')
        : null
    }
    return boxes
  }, selectors)
}

/** Presses Tab until `target` has the focus (at most `most` times), as a keyboard-only reader does. */
export async function tabTo(page: Page, target: Locator, most = 20) {
  for (let press = 0; press < most; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

/**
 * Runs axe (WCAG 2.0/2.1 A and AA) on the page as it is and fails on any serious or critical
 * violation, naming the rule and the elements. `label` says which screen and theme it was.
 */
export async function expectAccessible(page: Page, label: string) {
  const { AxeBuilder } = await import('@axe-core/playwright')
  // Colours as they settle: a toast still fading in has the contrast of its opacity of the moment
  // (axe flagged '.toast__title' mid-fade in CI). Only entrances and transitions are waited for:
  // not endless ones (spinners) nor a toast's five-second countdown bar.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => {
          const { iterations, duration } = animation.effect?.getTiming() ?? {}
          return (
            animation.playState === 'running' &&
            iterations !== Number.POSITIVE_INFINITY &&
            typeof duration === 'number' &&
            duration <= 1000
          )
        })
        // Bounded: one that is held back (a frozen tab's timeline) does not hold the test.
        .map((animation) =>
          Promise.race([
            animation.finished.catch(() => undefined),
            new Promise((settled) => setTimeout(settled, 2000)),
          ]),
        ),
    ),
  )
  // A page without frames is checked in place (axe.run): the frame-by-frame mode, needed for a
  // frame of another origin (a Word preview's sandbox), opens a blank page for every check and
  // takes about twice as long.
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .setLegacyMode(page.frames().length === 1)
    .analyze()
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.nodes.map((node) => node.target).join(', ')})`)
  expect(serious, label).toEqual([])
}

interface Fixtures {
  /** The console errors and uncaught errors of the test's `page` so far (checked at its end regardless). */
  consoleErrors: string[]
  pagesChecked: undefined
}
interface WorkerFixtures {
  server: AgoraServer
}

/** A page's console errors and uncaught errors, and those the test expects there. */
interface PageErrors {
  /** Whose page (personPage), named in a failure; null for the test's own page. */
  owner: string | null
  seen: string[]
  expected: RegExp[]
}
const pageErrors = new WeakMap<Page, PageErrors>()
/** The pages each running test made, by test id: checked at its end (the pagesChecked fixture). */
const testPages = new Map<string, PageErrors[]>()

function watchErrors(page: Page, owner: string | null = null) {
  const errors: PageErrors = { owner, seen: [], expected: [] }
  pageErrors.set(page, errors)
  const { testId } = base.info()
  testPages.set(testId, (testPages.get(testId) ?? []).concat(errors))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.seen.push(message.text())
  })
  page.on('pageerror', (error) => errors.seen.push(error.message))
}

/** What a test's pages logged that it did not expect, each line named after the page's owner. */
function unexpectedErrors(pages: PageErrors[]) {
  return pages.flatMap(({ owner, seen, expected }) =>
    seen
      .filter((text) => !expected.some((pattern) => pattern.test(text)))
      .map((text) => (owner ? `${owner}: ${text}` : text)),
  )
}

/**
 * Console errors matching `pattern` are expected on `page` (the browser's own note of a refused
 * request, say): the check at the test's end passes over them, and over nothing else.
 */
export function expectConsoleErrors(page: Page, pattern: RegExp) {
  const errors = pageErrors.get(page)
  if (!errors) throw new Error('expectConsoleErrors needs a page made by the page fixture or personPage')
  errors.expected.push(pattern)
}

/** Requests in flight on each page, event streams left out: a page holds those open while shown. */
const inFlight = new WeakMap<Page, Set<Request>>()

function trackRequests(page: Page) {
  const pending = new Set<Request>()
  inFlight.set(page, pending)
  const isEventStream = (request: Request) => /\/stream$/.test(new URL(request.url()).pathname)
  page.on('request', (request) => {
    if (!isEventStream(request)) pending.add(request)
  })
  page.on('requestfinished', (request) => pending.delete(request))
  page.on('requestfailed', (request) => pending.delete(request))
}

/**
 * What `waitForLoadState('networkidle')` meant before pages held event streams open (the bell's
 * notifications, a post's new comments): loaded, and no other request in flight for 500 ms.
 */
export async function networkQuiet(page: Page, deadlineMs = 30_000) {
  const pending = inFlight.get(page)
  if (!pending) throw new Error('networkQuiet needs a page made by the page fixture')
  await page.waitForLoadState('load')
  let quietSince = Date.now()
  await waitFor(
    () => {
      if (pending.size > 0) quietSince = Date.now()
      return Date.now() - quietSince >= 500
    },
    'no request in flight for 500 ms (event streams aside)',
    deadlineMs,
  )
}

/** The one comment on a post's page whose text contains `text` (comments are articles named after their author). */
export const commentWith = (page: Page, text: string) =>
  page.locator('#comments').getByRole('article').filter({ hasText: text })

/**
 * Presses a Like button and checks what it then says, pressed or not and its count, at once and
 * again after its page reloads (the count came from the server, not only from the click).
 */
export async function pressLike(page: Page, like: Locator, pressed: boolean, likes: number) {
  const name = `Like, ${likes} like${likes === 1 ? '' : 's'}`
  await like.click()
  await expect(like).toHaveAttribute('aria-pressed', String(pressed))
  await expect(like).toHaveAccessibleName(name)
  await expect(like).not.toHaveAttribute('aria-busy', 'true')
  await page.reload()
  await expect(like).toHaveAttribute('aria-pressed', String(pressed))
  await expect(like).toHaveAccessibleName(name)
}

/**
 * A worker fixture: a server of the worker's own, started by `start` before its first test and
 * stopped after its last. Starting a server is not a test: on a loaded machine it may take longer
 * than a test's minute, so it has a budget of its own.
 */
export function workerServer<S extends { stop(): Promise<void> }>(
  start: () => Promise<S>,
  timeout = 120_000,
): [
  (fixtures: object, use: (server: S) => Promise<void>) => Promise<void>,
  { scope: 'worker'; timeout: number },
] {
  return [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}: object, use: (server: S) => Promise<void>) => {
      const server = await start()
      await use(server)
      await server.stop()
    },
    { scope: 'worker', timeout },
  ]
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  server: workerServer(() => startServer()),
  baseURL: async ({ server }, use) => {
    await use(server.url)
  },
  // Tests drive the app. On a page the server drew first (the home page, the forum, a post), the drawn
  // copy stays up, inert, until the app shows the same screen (apps/web/src/app/staticShell.ts); with
  // both in the page every locator would be ambiguous. So a navigation returns once the app has taken
  // over. (e2e/first-screen.spec.ts looks at the drawn pages themselves, in contexts of its own.)
  page: async ({ page }, use) => {
    trackRequests(page)
    watchErrors(page)
    const appShown = () =>
      page.waitForFunction(() => !document.querySelector('#static-shell[data-first-screen]'), undefined, {
        timeout: 30_000,
      })
    const goto = page.goto.bind(page)
    const reload = page.reload.bind(page)
    page.goto = async (...args) => {
      const response = await goto(...args)
      await appShown()
      return response
    }
    page.reload = async (...args) => {
      const response = await reload(...args)
      await appShown()
      return response
    }
    await use(page)
  },
  // Every page a test made (its own, and personPage's) is checked for console errors and uncaught
  // errors at the test's end, whether or not the test looked at them. The browser contexts the test
  // opened and left open are closed then: Playwright leaves them to the worker, where their pages
  // would go on running the app (event streams, timers) through every later test of the worker.
  pagesChecked: [
    async ({ browser }, use, testInfo) => {
      const before = new Set(browser.contexts())
      await use(undefined)
      const unexpected = unexpectedErrors(testPages.get(testInfo.testId) ?? [])
      testPages.delete(testInfo.testId)
      await Promise.all(browser.contexts().map((context) => before.has(context) || context.close()))
      expect(unexpected, 'console errors and uncaught errors on the pages').toEqual([])
    },
    { auto: true },
  ],
  consoleErrors: async ({ page }, use) => {
    await use(pageErrors.get(page)!.seen)
  },
})

export { expect }
