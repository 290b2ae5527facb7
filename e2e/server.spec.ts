import { expect, test } from './fixtures'

// The built product answers both the API and the web app from one origin.
test('serves the API and the single-page app from one server', async ({ request, server }) => {
  const health = await request.get(`${server.url}/api/v1/health`)
  expect(await health.json()).toEqual({ status: 'ok', db: 'pglite' })

  const page = await request.get(`${server.url}/forum/detail/some-id`)
  expect(page.status()).toBe(200)
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
