// XSS and CSP in the real browser: every text a user controls, filled
// with script, event-handler, iframe, SVG and javascript: payloads, shown on the screens that
// render it. Nothing may run (no dialog, window.__xss stays unset), no javascript: link may reach
// the page, and the Content-Security-Policy (no inline scripts) holds without a single violation.
import type { APIRequestContext, Page } from '@playwright/test'
import { apiLikePost, apiMakeComment, apiMakePost } from './factories'
import {
  type AgoraServer,
  createUser,
  expect,
  loginViaApi,
  networkQuiet,
  type TestUser,
  test,
} from './fixtures'

const SCRIPT = '<script>window.__xss=1;alert(1)</script>'
const IMG = '<img src=x onerror="window.__xss=1;alert(1)">'
const SVG = '<svg onload="window.__xss=1;alert(1)"></svg>'
const IFRAME = '<iframe src="javascript:window.__xss=1;alert(1)"></iframe>'
const PAYLOAD = `${SCRIPT}${IMG}${SVG}${IFRAME}`
const MARKDOWN = [
  `# Results ${IMG}`,
  '',
  '[a javascript link](javascript:window.__xss=1;alert(1)) and [another](JaVaScRiPt:alert(1))',
  '',
  '![an image](javascript:window.__xss=1)',
  '',
  SCRIPT,
  '',
  SVG,
  '',
  IFRAME,
  '',
  '<a href="javascript:window.__xss=1">raw html link</a> <div onmouseover="window.__xss=1">hover</div>',
].join('\n')

interface Trap {
  dialogs: string[]
  violations: string[]
}

/** Records dialogs and CSP violations on the page, from before its first script runs. */
async function trap(page: Page): Promise<Trap> {
  const seen: Trap = { dialogs: [], violations: [] }
  page.on('dialog', async (dialog) => {
    seen.dialogs.push(dialog.message())
    await dialog.dismiss()
  })
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.violations.push(message.text())
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  return seen
}

async function expectNothingRan(page: Page, seen: Trap, screen: string) {
  // Move the pointer over the page (a surviving hover handler would fire), then look.
  await page.mouse.move(5, 5)
  const state = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: number }).__xss,
    javascriptLinks: Array.from(document.querySelectorAll('a[href], iframe[src], img[src]'))
      .map((element) => element.getAttribute('href') ?? element.getAttribute('src') ?? '')
      .filter((url) => /^\s*javascript:/i.test(url)),
    handlers: Array.from(document.querySelectorAll('*')).flatMap((element) =>
      Array.from(element.attributes)
        .filter((attribute) => /^on/i.test(attribute.name))
        .map((attribute) => attribute.name),
    ),
    frames: document.querySelectorAll('iframe:not([src^="https://view.officeapps.live.com"])').length,
  }))
  expect(state, screen).toEqual({ xss: undefined, javascriptLinks: [], handlers: [], frames: 0 })
  expect(seen.dialogs, screen).toEqual([])
  expect(seen.violations, screen).toEqual([])
}

async function api(request: APIRequestContext, server: AgoraServer, path: string, data: object) {
  const response = await request.post(`${server.url}${path}`, { headers: { origin: server.url }, data })
  return response
}

test.describe('XSS and CSP', () => {
  let attacker: TestUser
  let postId: string

  test.beforeAll(async ({ browser, server }) => {
    const context = await browser.newContext({ baseURL: server.url })
    const page = await context.newPage()
    attacker = await createUser(context.request, server, 'xss')
    await loginViaApi(page, server, attacker)
    const request = context.request
    const profile = await api(request, server, '/api/v1/modify/modify_profile', {
      user_id: attacker.id,
      // Short forms: these two fields hold at most 40 characters.
      nickname: 'Eve<img src=x onerror=alert(1)>',
      title: 'Dr<script>alert(1)</script>',
      bio: PAYLOAD,
      tags: [SVG.slice(0, 30), 'safe'],
      public_contact: true,
    })
    expect(profile.status(), await profile.text()).toBe(200)
    // A javascript: address never gets into a profile in the first place.
    const link = await api(request, server, '/api/v1/modify/modify_url', {
      user_id: attacker.id,
      new_url: 'javascript:window.__xss=1',
    })
    expect(link.status()).toBe(400)

    postId = await apiMakePost(
      request,
      server,
      { title: `Findings ${SCRIPT}`, summary: PAYLOAD, content: MARKDOWN, tags: `${IMG.slice(0, 30)}, reef` },
      {
        file: { name: `${IMG}.txt`, mimeType: 'text/plain', buffer: Buffer.from('Plain notes about reefs.') },
      },
    )
    const comment = await apiMakeComment(request, server, postId, MARKDOWN)
    await apiMakeComment(request, server, postId, PAYLOAD, comment._id)
    await apiLikePost(request, server, postId)
    await context.close()
  })

  test('the HTML shell is served with a CSP that allows no inline or eval scripts', async ({ page }) => {
    const response = await page.goto('/')
    const csp = response?.headers()['content-security-policy'] ?? ''
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? ''
    expect(scriptSrc.trim()).toBe("script-src 'self'")
    expect(csp).toContain("frame-ancestors 'self'")
  })

  // Signed in as the attacker, every screen that shows their words, in two halves (each loads its
  // pages, and then the app, afresh: one test of all nine outran its minute on a busy CI machine).
  const signedInScreens: Record<string, (postId: string, authorId: string) => [string, string][]> = {
    'home, forum, post and author pages': (post, author) => [
      ['home', '/'],
      ['forum list', '/forum'],
      ['post detail', `/forum/detail/${post}`],
      ['author page', `/author/${author}`],
    ],
    'own page and its tabs': () => [
      ['own page', '/mypage'],
      ['own page: comments', '/mypage?tab=comments'],
      ['own page: liked', '/mypage?tab=liked'],
    ],
  }
  for (const [group, screensOf] of Object.entries(signedInScreens)) {
    test(`nothing runs on the ${group}`, async ({ page, server }) => {
      const seen = await trap(page)
      await loginViaApi(page, server, attacker)
      for (const [screen, path] of screensOf(postId, attacker.id)) {
        await page.goto(path)
        await expect(page.locator('main').first()).toBeVisible()
        await networkQuiet(page)
        await expectNothingRan(page, seen, screen)
      }
    })
  }

  test('the payloads reach the screen as text, and still nothing runs', async ({ page, server }) => {
    const seen = await trap(page)
    await loginViaApi(page, server, attacker)
    await page.goto(`/forum/detail/${postId}`)
    await expect(page.getByRole('heading', { name: `Findings ${SCRIPT}` })).toBeVisible()
    await expect(page.locator('#comments')).toContainText('a javascript link')
    await expectNothingRan(page, seen, 'post detail with comments')
    await page.goto(`/author/${attacker.id}`)
    await expect(page.locator('main')).toContainText('Dr<script>alert(1)</script>')
    await expectNothingRan(page, seen, 'author page with its title')
  })

  test('an anonymous visitor sees the same pages without anything running', async ({ page }) => {
    const seen = await trap(page)
    for (const [screen, path] of [
      ['forum list', '/forum'],
      ['post detail', `/forum/detail/${postId}`],
      ['author page', `/author/${attacker.id}`],
    ]) {
      await page.goto(path)
      await networkQuiet(page)
      await expectNothingRan(page, seen, `anonymous ${screen}`)
    }
  })
})
