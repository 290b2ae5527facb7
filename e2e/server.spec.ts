import { readFileSync } from 'node:fs'
import { get, type IncomingHttpHeaders } from 'node:http'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { expect, test } from './fixtures'
import { WEB_DIST } from './server'

// The built product answers both the API and the web app from one origin.
test('serves the API and the single-page app from one server', async ({ request, server }) => {
  const health = await request.get(`${server.url}/api/v1/health`)
  expect(await health.json()).toEqual({ status: 'ok', db: 'pglite' })

  // A missing post's page is the app's page all the same, with 404 for crawlers and link checkers.
  const page = await request.get(`${server.url}/forum/detail/some-id`)
  expect(page.status()).toBe(404)
  expect(page.headers()['content-type']).toContain('text/html')
  expect(page.headers()['content-security-policy']).toContain("script-src 'self'")

  const missing = await request.get(`${server.url}/api/v1/does-not-exist`)
  expect(missing.status()).toBe(404)
  expect((await missing.json()).detail).toContain('No such endpoint')
})

test('a missing asset file is a 404, not the app page', async ({ request, server }) => {
  const response = await request.get(`${server.url}/assets/no-such-chunk-abc123.js`)
  expect(response.status()).toBe(404)
  expect(response.headers()['content-type']).toContain('application/json')
})

test("the app's code is sent as the build compressed it, and what it decodes to is the file", async ({
  request,
  server,
}) => {
  // The entry script a page the app draws names (a drawn page names it for route-prefetch.js instead),
  // fetched with Node’s own client so its bytes arrive as sent.
  const html = await (await request.get(`${server.url}/upload`)).text()
  const entry = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"/.exec(html)?.[1]
  expect(entry, 'the page names its entry script').toBeTruthy()
  const sent = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(`${server.url}${entry}`, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      const parts: Buffer[] = []
      response.on('data', (part: Buffer) => parts.push(part))
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(parts) }))
    }).on('error', reject)
  })
  const file = join(WEB_DIST, entry!)
  expect(sent.headers['content-encoding']).toBe('br')
  expect(sent.body.equals(readFileSync(`${file}.br`)), 'the build’s brotli copy, sent as it is').toBe(true)
  expect(brotliDecompressSync(sent.body).equals(readFileSync(file))).toBe(true)
})
