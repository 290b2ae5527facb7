import { randomInt } from 'node:crypto'
import { Writable } from 'node:stream'
import { waitFor } from '@agora/test-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendLogin, sendTo } from '../factories'
import { startTcpProxy, type TcpProxy } from '../faults/tcp-proxy'
import { createTestApp, type TestApp } from '../harness'

const REDIS = new URL(process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379')
const AUTH_LIMIT = 4

/** Whether Redis answers here at all: without one the test has nothing to cut. */
async function redisReachable() {
  const { Redis } = await import('ioredis')
  const probe = new Redis(REDIS.toString(), {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  probe.on('error', () => {})
  try {
    await probe.connect()
    return (await probe.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
}
const reachable = await redisReachable()
if (!reachable) console.info(`Redis-down test skipped: no Redis at ${REDIS.host}`)

/**
 * With Redis unreachable no rate limit may be silently off (`skipOnError`) nor /health say ok: the
 * limits count per process while Redis is down, readiness names it, and the outage is logged once
 * (a warning) and its end once (info). The server reaches Redis through
 * a TCP relay the test cuts and restores (the machine's Redis is shared and stays up).
 */
describe.runIf(reachable)('rate limits with Redis down', () => {
  let proxy: TcpProxy
  let t: TestApp
  const logs: { level: number; msg: string; event?: string }[] = []

  beforeAll(async () => {
    proxy = await startTcpProxy({ host: REDIS.hostname, port: Number(REDIS.port || 6379) })
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line))
        done()
      },
    })
    t = await createTestApp(
      { REDIS_URL: `redis://127.0.0.1:${proxy.port}`, AUTH_RATE_LIMIT: String(AUTH_LIMIT) },
      { logger: { level: 'info', stream } },
    )
  })

  afterAll(async () => {
    await t?.close()
    await proxy?.close()
    // Closing the app (Redis up) is not an outage: still the one warning of the test's outage.
    expect(warnings()).toHaveLength(reachable ? 1 : 0)
  })

  const ready = async () => (await sendTo(t, null, 'GET /health/ready')).json()
  // A client address of its own per run: the counters in the shared Redis outlive the test.
  const login = (address: string) =>
    sendLogin(t, { username: 'nobody_here', password: 'wrong password' }, { remoteAddress: address })
  const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`
  const warnings = () => logs.filter((entry) => entry.event === 'redis_unreachable')
  const recoveries = () => logs.filter((entry) => entry.event === 'redis_back')

  it('keeps the login limit while Redis is down, says so in readiness, and logs the outage once', async () => {
    await waitFor(async () => (await ready()).checks.redis.status === 'ok', 'Redis connected')
    expect(warnings()).toHaveLength(0)

    await proxy.cut()
    await waitFor(
      async () => (await ready()).checks.redis.status === 'degraded',
      'readiness naming Redis down',
    )
    const body = await ready()
    expect(body.status).toBe('degraded')
    expect(body.checks.redis.detail).toMatch(/unreachable — rate limits are per process/)

    const address = freshAddress()
    const statuses: number[] = []
    for (let i = 0; i < AUTH_LIMIT + 2; i++) statuses.push((await login(address)).statusCode)
    expect(statuses.slice(0, AUTH_LIMIT).every((status) => status === 401 || status === 400)).toBe(true)
    expect(statuses.slice(AUTH_LIMIT)).toEqual([429, 429])

    // Several reconnect attempts fail meanwhile (every ≤ 2 s); still one warning for the outage.
    await proxy.restore()
    await waitFor(async () => (await ready()).checks.redis.status === 'ok', 'Redis back', 15_000)
    expect(warnings()).toHaveLength(1)
    expect(warnings()[0]!.level).toBe(40)
    expect(recoveries()).toHaveLength(1)

    // Shared counters again: the limit still holds, now in Redis.
    const again = freshAddress()
    const after: number[] = []
    for (let i = 0; i < AUTH_LIMIT + 1; i++) after.push((await login(again)).statusCode)
    expect(after.at(-1)).toBe(429)
  })
})
