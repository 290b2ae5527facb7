// Slow clients are cut off, so they cannot hold hundreds of sockets for a minute. Raw sockets
// (node:net) against the real server listening on a port: headers sent a byte a second are cut off
// at the header time-out; an idle kept-alive socket is closed; past the connection cap new sockets
// are closed at once while a request on an existing one still completes.

import type { AddressInfo } from 'node:net'
import { connect, type Socket } from 'node:net'
import { waitFor } from '@agora/test-kit'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../harness'

/** A raw client: what the server sent, and whether it closed the socket (and when). */
interface RawClient {
  socket: Socket
  received(): string
  closedAt(): number | null
}

const sockets: Socket[] = []
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy()
})

async function open(port: number): Promise<RawClient> {
  const socket = connect({ port, host: '127.0.0.1' })
  sockets.push(socket)
  let text = ''
  let closed: number | null = null
  socket.on('data', (chunk) => {
    text += chunk
  })
  socket.on('error', () => {})
  socket.on('close', () => {
    closed = Date.now()
  })
  await new Promise<void>((resolve) => {
    socket.once('connect', () => resolve())
    socket.once('close', () => resolve())
  })
  return { socket, received: () => text, closedAt: () => closed }
}

const GET_HEALTH = 'GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n'

async function listening(t: TestApp) {
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  return (t.app.server.address() as AddressInfo).port
}

describe('slow and idle clients', { timeout: 60_000 }, () => {
  let t: TestApp
  let port: number
  beforeAll(async () => {
    t = await createTestApp({ HTTP_HEADERS_TIMEOUT_MS: '2000', HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000' })
    port = await listening(t)
  })
  afterAll(() => t.close())

  it('cuts off a client sending its headers one byte a second, at the header time-out', async () => {
    const client = await open(port)
    const started = Date.now()
    const request = `${GET_HEALTH.slice(0, -2)}X-Padding: ${'a'.repeat(40)}\r\n\r\n`
    let sent = 0
    const trickle = setInterval(() => {
      if (client.closedAt() !== null || sent >= request.length) return clearInterval(trickle)
      client.socket.write(request[sent])
      sent += 1
    }, 1000)
    try {
      await waitFor(() => client.closedAt(), 'the server to close the slow socket', 15_000)
    } finally {
      clearInterval(trickle)
    }
    const after = client.closedAt()! - started
    // Closed after the 2 s header time-out (checked each second), long before the headers were done.
    expect(after).toBeGreaterThanOrEqual(2000)
    expect(after).toBeLessThan(6000)
    expect(sent).toBeLessThan(request.length)
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/)
  })

  it('closes a kept-alive socket that sends nothing after its request', async () => {
    const client = await open(port)
    client.socket.write(GET_HEALTH)
    await waitFor(() => /\r\n\r\n/.test(client.received()), 'the answer to the first request')
    expect(client.received()).toMatch(/^HTTP\/1\.1 200/)
    const answered = Date.now()
    await waitFor(() => client.closedAt(), 'the server to close the idle socket', 10_000)
    expect(client.closedAt()! - answered).toBeLessThan(5000)
  })
})

describe('the connection cap', { timeout: 60_000 }, () => {
  let t: TestApp
  let port: number
  beforeAll(async () => {
    t = await createTestApp({ HTTP_MAX_CONNECTIONS: '3' })
    port = await listening(t)
  })
  afterAll(() => t.close())

  it('closes sockets past the cap at once, while a request on an open one completes', async () => {
    const held = [await open(port), await open(port), await open(port)]
    await waitFor(
      () =>
        new Promise<boolean>((resolve) =>
          t.app.server.getConnections((_error, count) => resolve(count === 3)),
        ),
      'the server to hold three sockets',
    )
    const refused = await open(port)
    await waitFor(() => refused.closedAt(), 'the socket past the cap to be closed', 5000)
    expect(refused.received()).toBe('')

    held[0].socket.write(GET_HEALTH)
    await waitFor(() => /\r\n\r\n/.test(held[0].received()), 'the answer on a held socket')
    expect(held[0].received()).toMatch(/^HTTP\/1\.1 200/)
    expect(held[0].closedAt()).toBeNull()

    // Once one goes away, a new socket is taken again.
    held[1].socket.destroy()
    await waitFor(
      () =>
        new Promise<boolean>((resolve) => t.app.server.getConnections((_error, count) => resolve(count < 3))),
      'the server to let go of the closed socket',
    )
    const next = await open(port)
    next.socket.write(GET_HEALTH)
    await waitFor(() => /\r\n\r\n/.test(next.received()), 'the answer on a new socket')
    expect(next.received()).toMatch(/^HTTP\/1\.1 200/)
  })
})
