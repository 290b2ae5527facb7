import { TOO_MANY_STREAMS } from '@agora/contract'
import { waitFor } from '@agora/test-kit'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { dbMakePost, makeUser, type TestUser } from '../../test/factories'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'
import { httpServerConfig } from '../config.http'
import { openEventStreamCount, streamAddressKey } from './sse'

// Event streams capped per client address and per user, over a real HTTP server: one client
// cannot hold the process's sockets, and everyone else still reads and streams.

const PER_IP = 3
const PER_USER = 2

let t: TestApp
let base: string
let postId: string
const opened: AbortController[] = []

beforeAll(async () => {
  t = await createTestApp({
    TRUST_PROXY: 'true',
    HTTP_MAX_STREAMS_PER_IP: String(PER_IP),
    HTTP_MAX_STREAMS_PER_USER: String(PER_USER),
  })
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterEach(async () => {
  for (const stream of opened.splice(0)) stream.abort()
  // Every slot is given back once the server sees the streams close.
  await waitFor(() => openEventStreamCount() === 0, 'the streams closed')
})
afterAll(() => t.close())

const from = (ip: string, user?: TestUser) => ({ 'x-forwarded-for': ip, ...user?.headers })

/** Opens a stream (kept open until the test ends, or `close`d): its status, headers and error body. */
async function open(path: string, headers: Record<string, string>) {
  const controller = new AbortController()
  opened.push(controller)
  const answer = await fetch(`${base}/api/v1${path}`, { headers, signal: controller.signal })
  const error = answer.status === 200 ? null : ((await answer.json()) as { detail: string; code: string })
  return { status: answer.status, headers: answer.headers, error, close: () => controller.abort() }
}

const commentStream = () => `/comments/post/${postId}/stream`

describe(`event streams per client (${TEST_DB})`, () => {
  beforeAll(async () => {
    const author = await makeUser(t)
    postId = await dbMakePost(t, author, { title: 'Streams' })
  })

  it('one address gets its cap of streams, then 429 with a code and Retry-After; other readers are served', async () => {
    for (let i = 0; i < PER_IP; i++)
      expect((await open(commentStream(), from('203.0.113.1'))).status).toBe(200)

    const refused = await open(commentStream(), from('203.0.113.1'))
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('30')
    expect(refused.error).toMatchObject({
      code: TOO_MANY_STREAMS,
      detail: expect.stringMatching(/at most 3/),
    })

    // Another address still streams; the same address still reads.
    expect((await open(commentStream(), from('203.0.113.2'))).status).toBe(200)
    const read = await fetch(`${base}/api/v1/comments/post/${postId}`, { headers: from('203.0.113.1') })
    expect(read.status).toBe(200)
    expect(t.app.ctx.streams.held('203.0.113.1').ip).toBe(PER_IP)
  })

  it('a stream that closes gives its slot back', async () => {
    const streams = []
    for (let i = 0; i < PER_IP; i++) streams.push(await open(commentStream(), from('203.0.113.3')))
    expect((await open(commentStream(), from('203.0.113.3'))).status).toBe(429)
    streams[0].close()
    await waitFor(() => t.app.ctx.streams.held('203.0.113.3').ip === PER_IP - 1, 'the slot given back')
    expect((await open(commentStream(), from('203.0.113.3'))).status).toBe(200)
  })

  it("a user's streams are counted together, whatever the route and the address", async () => {
    const ada = await makeUser(t)
    expect((await open('/notifications/stream', from('198.51.100.1', ada))).status).toBe(200)
    expect((await open(commentStream(), from('198.51.100.2', ada))).status).toBe(200)
    for (const path of ['/notifications/stream', commentStream()]) {
      const refused = await open(path, from('198.51.100.3', ada))
      expect(refused.status).toBe(429)
      expect(refused.error?.detail).toMatch(/on your account/)
    }
    // Someone else on the same address is not refused for Ada's streams.
    const bob = await makeUser(t)
    expect((await open('/notifications/stream', from('198.51.100.1', bob))).status).toBe(200)
  })

  it('an IPv6 client is counted by its /64: another address of it is no way round the cap', async () => {
    for (let i = 1; i <= PER_IP; i++)
      expect((await open(commentStream(), from(`2001:db8:0:7::${i}`))).status).toBe(200)
    expect((await open(commentStream(), from('2001:db8::7:abcd:1:2:3'))).status).toBe(429)
    expect((await open(commentStream(), from('2001:db8:0:8::1'))).status).toBe(200)
    expect(streamAddressKey('2001:0db8:0000:0007:0000:0000:0000:0001')).toBe('2001:db8:0:7::/64')
    expect(streamAddressKey('::ffff:203.0.113.9')).toBe('::ffff:203.0.113.9')
  })

  it('a stream refused before it opens (a post nobody may see) holds no slot', async () => {
    const author = await makeUser(t)
    const hidden = await dbMakePost(t, author, { title: 'Drafts', visibility: 'private' })
    for (let i = 0; i <= PER_IP; i++)
      expect((await open(`/comments/post/${hidden}/stream`, from('192.0.2.7'))).status).toBe(404)
    await waitFor(() => t.app.ctx.streams.held('192.0.2.7').ip === 0, 'the refused streams given back')
    expect((await open(commentStream(), from('192.0.2.7'))).status).toBe(200)
  })
})

describe('the caps as settings', () => {
  it('are 20 per address and per user unless set; 0 turns one off; a bad value names its variable', () => {
    expect(httpServerConfig({})).toMatchObject({ maxStreamsPerIp: 20, maxStreamsPerUser: 20 })
    expect(httpServerConfig({ HTTP_MAX_STREAMS_PER_USER: '0' }).maxStreamsPerUser).toBe(0)
    expect(() => httpServerConfig({ HTTP_MAX_STREAMS_PER_IP: 'many' })).toThrow(/HTTP_MAX_STREAMS_PER_IP/)
    expect(() => httpServerConfig({ HTTP_MAX_STREAMS_PER_USER: '-1' })).toThrow(/HTTP_MAX_STREAMS_PER_USER/)
  })
})
