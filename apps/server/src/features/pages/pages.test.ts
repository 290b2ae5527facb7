// The web app's pages as the server sends them: index.html for every screen, and how a first screen
// is written into it (first-screen.ts). The screens themselves are drawn by the web app's server-side
// build: apps/web/src/entry-server.test.tsx renders them, e2e/first-screen.spec.ts checks the pages
// the built product serves (privacy included).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib'
import { APP_ROUTES } from '@agora/contract'
import { parse } from 'parse5'
import robotsParser from 'robots-parser'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { apiMakePost, dbMakePost, dbMakeReview, dbModerate, makeUser, send } from '../../../test/factories'
import { pdfFile, pngFile } from '../../../test/files'
import { createTestApp, TEST_DB, type TestApp } from '../../../test/harness'
import { PageTemplate } from './first-screen'

/**
 * apps/web/index.html as the build leaves it: the stylesheets after the title, the screens' files on
 * route-prefetch.js's tag and the app's entry and imports at the end of the head (apps/web/vite.config.ts).
 */
function builtIndexHtml(): string {
  const source = readFileSync(new URL('../../../../web/index.html', import.meta.url), 'utf8')
  return source
    .replace('</title>', '</title>\n    <link rel="stylesheet" crossorigin href="/assets/index-A1.css">')
    .replace(
      '<script src="/route-prefetch.js" async>',
      '<script src="/route-prefetch.js" data-post-screen="/assets/PostDetailPage-B2.js /assets/PostDetailPage-C3.css" data-forum-screen="/assets/ForumListPage-D4.js /assets/ForumListPage-E5.css" async>',
    )
    .replace(/\s*<script type="module" src="\/src\/main.tsx"><\/script>/, '')
    .replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/index-F6.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/vendor-G7.js">\n  </head>',
    )
}

/**
 * A chunk of the app as the build leaves it: the file, and its brotli and gzip copies beside it. The
 * copies are made with settings the server's own compression never uses (brotli 11, gzip 1), so
 * their bytes tell a copy sent as it is from one compressed afresh.
 */
const CHUNK = Buffer.from(
  Array.from({ length: 400 }, (_, i) => `export const line${i} = 'the hive at dawn ${i}'`).join('\n'),
)

let t: TestApp
let webDist: string
let indexHtml: string
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'agora-web-'))
  indexHtml = builtIndexHtml()
  writeFileSync(join(webDist, 'index.html'), indexHtml)
  mkdirSync(join(webDist, 'assets'))
  writeFileSync(join(webDist, 'assets/app-H9.js'), CHUNK)
  writeFileSync(
    join(webDist, 'assets/app-H9.js.br'),
    brotliCompressSync(CHUNK, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  )
  writeFileSync(join(webDist, 'assets/app-H9.js.gz'), gzipSync(CHUNK, { level: 1 }))
  t = await createTestApp({ WEB_DIST: webDist })
})
afterEach(() => t.reset())
afterAll(async () => {
  await t.close()
  rmSync(webDist, { recursive: true, force: true })
})

function page(path: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: path, headers })
}

describe(`pages (${TEST_DB})`, () => {
  it.each([
    ['the forum', '/forum'],
    ["a post's page", '/forum/detail/{id}'],
    ['the home page', '/'],
  ])("serves %s plain when the web app's server-side build is not there", async (_case, path) => {
    const ada = await makeUser(t)
    const id = await dbMakePost(t, ada, { title: 'Listed' })
    const response = await page(path.replace('{id}', id))
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-cache')
    // A post's page carries its scholarly metadata whether or not its screen is drawn.
    const scholarly = /<link rel="canonical"[\s\S]*<\/script>(?=<\/head>)/
    if (path.includes('{id}')) expect(response.body).toMatch(/<meta name="citation_title" content="Listed">/)
    else expect(response.body).not.toMatch(scholarly)
    expect(response.body.replace(scholarly, '')).toBe(indexHtml)
  })

  it.each([
    ['br', 'br, gzip, deflate', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
  ] as const)(
    "sends the build's %s copy of an asset as it is, not compressed again",
    async (encoding, accepted, decode) => {
      const response = await page('/assets/app-H9.js', { 'accept-encoding': accepted })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBe(encoding)
      expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/)
      expect(response.headers.vary).toMatch(/accept-encoding/i)
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      const suffix = encoding === 'br' ? 'br' : 'gz'
      expect(response.rawPayload.equals(readFileSync(join(webDist, `assets/app-H9.js.${suffix}`)))).toBe(true)
      expect(decode(response.rawPayload).equals(CHUNK)).toBe(true)
    },
  )

  it('sends an asset plain to a client that accepts no encoding', async () => {
    const plain = await page('/assets/app-H9.js', { 'accept-encoding': 'identity' })
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.equals(CHUNK)).toBe(true)
  })

  const NOINDEX = '<meta name="robots" content="noindex">'

  it("serves every screen of the app's router as a page, 200", async () => {
    const ada = await makeUser(t)
    const id = await dbMakePost(t, ada)
    const reviewId = await dbMakeReview(t, id, await makeUser(t))
    for (const pattern of Object.values(APP_ROUTES)) {
      const subject = pattern === APP_ROUTES.review ? reviewId : id
      const response = await page(pattern.replace(/:\w+/, (name) => (name === ':id' ? subject : 'hive')))
      expect(response.statusCode, pattern).toBe(200)
      expect(response.body, pattern).not.toContain(NOINDEX)
    }
  })

  it.each([
    '/nope',
    '/forum/detail/abc/extra',
    '/forum/detail/',
    '/mod/log/more',
    '/api', // not the API's own prefix
  ])('answers %s, no screen of the app, 404 with the page and noindex', async (path) => {
    const response = await page(path)
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.body).toBe(indexHtml.replace('</head>', `${NOINDEX}</head>`))
  })

  it("matches a screen as the app's router does: in any case, with a trailing slash, a query", async () => {
    for (const path of ['/Forum', '/forum/', '/tag/hive?sort=new', '/MOD/log/']) {
      expect((await page(path)).statusCode, path).toBe(200)
    }
  })

  it.each([
    ['an unknown post', 'unknown', 404],
    ['a malformed id', 'not-an-id', 404],
    ["someone's private post", 'private', 404],
    ['a post the moderators hid', 'hidden', 404],
    ['a post the moderators removed', 'removed', 410],
    ['a post its author deleted', 'deleted', 410],
  ] as const)(
    'answers the page of %s (%s) %i, noindex, with no scholarly metadata',
    async (_case, kind, status) => {
      const ada = await makeUser(t)
      let id: string = kind
      if (kind === 'unknown') id = '00000000-0000-7000-8000-000000000000'
      if (kind === 'private') id = await dbMakePost(t, ada, { visibility: 'private', title: 'Secret' })
      if (kind === 'hidden' || kind === 'removed') {
        id = await dbMakePost(t, ada, { title: 'Secret' })
        await dbModerate(t, 'post', id, kind, 'Spam')
      }
      if (kind === 'deleted') {
        id = await dbMakePost(t, ada, { title: 'Secret' })
        expect((await send(t, ada, 'DELETE', `/api/v1/media/${id}/delete`)).statusCode).toBe(200)
      }
      const response = await page(`/forum/detail/${id}`)
      expect(response.statusCode).toBe(status)
      expect(response.body).toBe(indexHtml.replace('</head>', `${NOINDEX}</head>`))
      // The reader who may see it (its author) gets the page, for them alone and not indexed.
      if (kind === 'private' || kind === 'hidden') {
        const own = await page(`/forum/detail/${id}`, ada.headers)
        expect(own.statusCode).toBe(200)
        expect(own.headers['cache-control']).toBe('private, no-cache')
        expect(own.body).toBe(indexHtml.replace('</head>', `${NOINDEX}</head>`))
      }
      // Deleted, it is gone for its author too.
      if (kind === 'deleted') expect((await page(`/forum/detail/${id}`, ada.headers)).statusCode).toBe(410)
    },
  )

  it("lets crawlers fetch the files a post's scholarly metadata points to, and nothing else of the API", async () => {
    const ada = await makeUser(t)
    const created = await apiMakePost(t, ada, { title: 'Bees' }, [
      { name: 'paper.pdf', data: pdfFile(), type: 'application/pdf' },
      { name: 'figure.png', data: pngFile(7), type: 'image/png' },
    ])
    const body = (await page(`/forum/detail/${created.post_id}`)).body
    const linked = (name: string) =>
      new RegExp(`<meta (?:name|property)="${name}" content="([^"]+)"`).exec(body)?.[1]
    const [pdf, image] = [linked('citation_pdf_url'), linked('og:image')]
    expect(pdf).toMatch(/\/api\/v1\/files\//)
    expect(image).toMatch(/\/api\/v1\/files\//)
    const base = new URL(pdf ?? '').origin
    const robots = robotsParser(`${base}/robots.txt`, (await page('/robots.txt')).body)
    for (const agent of ['Googlebot', 'Zotero', 'facebookexternalhit']) {
      expect(robots.isAllowed(pdf ?? '', agent), `${agent}: ${pdf}`).toBe(true)
      expect(robots.isAllowed(image ?? '', agent), `${agent}: ${image}`).toBe(true)
      for (const path of ['/api/v1/media/list', `/api/v1/media/${created.post_id}`, '/api/v1/auth/me']) {
        expect(robots.isAllowed(`${base}${path}`, agent), `${agent}: ${path}`).toBe(false)
      }
    }
    expect(robots.isAllowed(`${base}/forum/detail/${created.post_id}`, 'Googlebot')).toBe(true)
    expect((await send(t, null, 'GET', new URL(pdf ?? '').pathname)).statusCode).toBe(200)
  })

  it('answers a missing asset or API path with a 404 detail, not the page', async () => {
    for (const path of ['/assets/missing-H8.js', '/api/v1/nothing-here']) {
      const response = await page(path)
      expect(response.statusCode).toBe(404)
      expect(response.json().detail).toMatch(/^No such/)
    }
  })
})

describe('PageTemplate', () => {
  const screen = {
    path: '/forum/detail/1',
    title: 'A "title" · Agora',
    description: 'About <this>',
    html: '<p>drawn</p>',
    screen: 'forum' as const,
    htmlLang: 'zh-CN',
  }

  it("writes a screen, its language, title and description into the build's page, escaped", () => {
    const html = new PageTemplate(builtIndexHtml()).render(screen)
    expect(html).toContain('<html lang="zh-CN">')
    expect(html).toContain('<title>A &quot;title&quot; · Agora</title>')
    // The screen's text describes the page; the site's stays beside it for the app to put back.
    expect(html).toContain(
      '<meta name="description" content="About &lt;this&gt;" data-site-description="Agora links academic',
    )
    expect(html).toContain('<div id="static-shell" data-first-screen="/forum/detail/1">')
    expect(html).toContain('<main class="app__main" inert><p>drawn</p></main>')
  })

  it('holds the first paint until the screen it drew has been parsed whole', () => {
    // Read by parse5, the HTML standard's parser: each element in document order, with its place.
    type Node = { nodeName: string; attrs?: { name: string; value: string }[]; childNodes?: Node[] }
    const elements: { node: Node; inHead: boolean }[] = []
    const walk = (node: Node, inHead: boolean) => {
      if (node.attrs) elements.push({ node, inHead })
      for (const child of node.childNodes ?? []) walk(child, inHead || node.nodeName === 'head')
    }
    walk(parse(new PageTemplate(builtIndexHtml()).render(screen)) as Node, false)
    const attribute = (node: Node, name: string) => node.attrs?.find((each) => each.name === name)?.value
    // A slow device paints a page as it arrives; the link holds painting until #root is parsed.
    const hold = elements.findIndex(
      ({ node }) => node.nodeName === 'link' && attribute(node, 'rel') === 'expect',
    )
    expect(hold, 'a link that holds the first paint').toBeGreaterThanOrEqual(0)
    expect(elements[hold].inHead).toBe(true)
    expect(attribute(elements[hold].node, 'blocking')).toBe('render')
    expect(attribute(elements[hold].node, 'href')).toBe('#root')
    const root = elements.findIndex(({ node }) => attribute(node, 'id') === 'root')
    const drawn = elements.findIndex(({ node }) => node.nodeName === 'p')
    expect(drawn, 'the drawn screen').toBeGreaterThan(hold)
    expect(root, '#root comes after the drawn screen').toBeGreaterThan(drawn)
  })

  it("links the screen's own stylesheets after the app's, and names the app's code on the boot script", () => {
    const head = (html: string) => html.slice(0, html.indexOf('</head>'))
    const forum = head(new PageTemplate(builtIndexHtml()).render(screen))
    expect(forum).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/index-A1.css"><link rel="stylesheet" crossorigin href="/assets/ForumListPage-E5.css" />',
    )
    expect(forum).not.toContain('href="/assets/PostDetailPage-C3.css" />')
    expect(forum).toContain('data-app="/assets/index-F6.js /assets/vendor-G7.js"')
    expect(forum).not.toContain('<script type="module"')
    expect(forum).not.toContain('rel="modulepreload"')
    const post = head(new PageTemplate(builtIndexHtml()).render({ ...screen, screen: 'post' }))
    expect(post).toContain('href="/assets/PostDetailPage-C3.css" />')
    expect(post).not.toContain('href="/assets/ForumListPage-E5.css" />')
  })

  it("links the stylesheets of what a drawn text uses (Markdown, math, code) after the screen's own", () => {
    const built = indexHtml.replace(
      '<script src="/route-prefetch.js"',
      '<script src="/route-prefetch.js" data-markdown-part="/assets/Markdown-H1.css" data-math-part="/assets/math-I2.css" data-code-part="/assets/highlight-J3.css"',
    )
    const template = new PageTemplate(built)
    const screen = {
      path: '/forum/detail/x',
      title: 'T',
      description: null,
      html: '<p>x</p>',
      screen: 'post',
      htmlLang: 'en',
    } as const
    const withMath = template.render({ ...screen, parts: ['markdown', 'math'] })
    expect(withMath).toMatch(
      /PostDetailPage-C3\.css"[^>]*\/><link[^>]*Markdown-H1\.css"[^>]*\/><link[^>]*math-I2\.css"/,
    )
    expect(withMath).not.toMatch(/<link[^>]*highlight-J3\.css/)
    expect(template.render(screen)).not.toMatch(/<link[^>]*Markdown-H1\.css/)
  })

  it('serves every page plain from an index.html without the places a screen goes', () => {
    const plain = '<!doctype html><title>Agora</title><div id="root"></div>'
    const template = new PageTemplate(plain)
    expect(template.canHoldFirstScreens).toBe(false)
    expect(template.render(screen)).toBe(plain)
  })
})
