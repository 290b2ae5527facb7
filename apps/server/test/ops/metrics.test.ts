import { spawnSync } from 'node:child_process'
import { waitFor } from '@agora/test-kit'
import parsePrometheusTextFormat from 'parse-prometheus-text-format'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiMakePost, makeUser, sendLogin, sendTo } from '../factories'
import { createTestApp, TEST_DB, type TestApp } from '../harness'
import { openStream } from '../live/sse-client'

const TOKEN = 'metrics-token-for-the-test-0123456789'

/**
 * Observability: GET /metrics in Prometheus's text format, read with a parser that is
 * not prom-client (parse-prometheus-text-format, a port of the Prometheus Python client's). It
 * needs METRICS_TOKEN as a Bearer token, and answers 404 while none is configured.
 */
describe(`/metrics (${TEST_DB})`, () => {
  let t: TestApp
  let url: string

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, AUTH_RATE_LIMIT: '2' })
    url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => t?.close())

  const scrape = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    return Object.assign(parsePrometheusTextFormat(response.body), { text: response.body })
  }
  type Families = Awaited<ReturnType<typeof scrape>>
  // The parser folds a histogram's label sets into one sample: a route's latency count is read
  // from its exposition line instead.
  const latencyCount = (families: Families, route: string) => {
    const line = families.text
      .split('\n')
      .find((entry) =>
        entry.startsWith(
          `http_request_duration_seconds_count{route="${route}",method="GET",status_class="2xx"}`,
        ),
      )
    return line ? Number(line.split(' ').at(-1)) : 0
  }
  const value = (families: Families, name: string, labels: Record<string, string> = {}) => {
    const family = families.find((entry) => entry.name === name)
    const sample = family?.metrics.find((metric) =>
      Object.entries(labels).every(([key, wanted]) => metric.labels?.[key] === wanted),
    )
    if (!sample) return undefined
    return Number(sample.value ?? sample.count)
  }

  it('counts requests per route pattern, with latency, refusals, queues, pool, streams and process figures', async () => {
    const user = await makeUser(t)
    const post = await apiMakePost(t, user)
    const before = await scrape()
    const route = { route: '/api/v1/media/:id', method: 'GET', status_class: '2xx' }
    const readsBefore = value(before, 'http_requests_total', route) ?? 0

    for (let i = 0; i < 3; i++) {
      const read = await sendTo(t, null, 'GET /media/:id', { params: { id: post.post_id } })
      expect(read.statusCode).toBe(200)
    }
    // The login limit is 2 a minute here; makeUser's sign-in was the first: two of these are refused.
    for (let i = 0; i < 3; i++) {
      await sendLogin(t, { username: user.username, password: 'not the password' })
    }
    const stream = openStream(`${url}/api/v1/comments/post/${post.post_id}/stream`, ['comment'])
    try {
      const after = await waitFor(async () => {
        const families = await scrape()
        return (value(families, 'event_streams_open') ?? 0) >= 1 ? families : null
      }, 'the open event stream counted')

      expect(value(after, 'http_requests_total', route)).toBe(readsBefore + 3)
      const latency = after.find((family) => family.name === 'http_request_duration_seconds')
      expect(latency?.type).toBe('HISTOGRAM')
      expect(latencyCount(after, route.route)).toBe(latencyCount(before, route.route) + 3)
      expect(value(after, 'rate_limit_refusals_total', { route: '/api/v1/auth/token' })).toBe(2)
      // The id is a label value nowhere: routes are patterns.
      expect(JSON.stringify(after)).not.toContain(post.post_id)
      for (const queue of ['analysis', 'outbox', 'mail', 'pinning']) {
        expect(value(after, 'queue_waiting', { queue })).toBeGreaterThanOrEqual(0)
        expect(value(after, 'queue_failed', { queue })).toBe(0)
      }
      if (TEST_DB === 'postgres') expect(value(after, 'db_pool_connections', { state: 'max' })).toBe(20)
      else expect(value(after, 'db_pool_connections', { state: 'max' })).toBeUndefined()
      expect(value(after, 'process_resident_memory_bytes')).toBeGreaterThan(0)
      expect(value(after, 'redis_up')).toBeUndefined()
    } finally {
      stream.source.close()
    }
  })

  it('names no gauge with the _total suffix, which Prometheus keeps for counters', async () => {
    const families = await scrape()
    const gauges = families.filter((family) => family.type === 'GAUGE').map((family) => family.name)
    expect(gauges).toContain('event_streams_open')
    expect(gauges.filter((name) => name.endsWith('_total'))).toEqual([])
    expect(gauges).toEqual(expect.arrayContaining(['nodejs_active_handles', 'nodejs_active_requests']))
  })

  it('passes promtool check metrics', async (context) => {
    const { text } = await scrape()
    const promtool = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' })
    if (promtool.error) {
      console.warn('promtool is not installed (Debian: apt-get install prometheus): its check is skipped')
      context.skip()
    }
    expect(`${promtool.stdout}${promtool.stderr}`).toBe('')
    expect(promtool.status).toBe(0)
  })

  it('answers 401 to a missing or wrong token', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/metrics' })
    expect(missing.statusCode).toBe(401)
    expect(missing.json().detail).toMatch(/METRICS_TOKEN/)
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.replace('0', '1')}` },
    })
    expect(wrong.statusCode).toBe(401)
  })

  it('carries a request id: a well-formed X-Request-Id is kept and echoed, another one replaced', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health/live',
      headers: { 'x-request-id': 'lb-42.abc' },
    })
    expect(kept.headers['x-request-id']).toBe('lb-42.abc')
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health/live',
      headers: { 'x-request-id': 'bad id\twith <html>' },
    })
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t?.close())

  it('answers 404', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer anything' },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toHaveProperty('detail')
  })
})
