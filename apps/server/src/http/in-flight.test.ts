import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PGlite } from '@electric-sql/pglite'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { trackHandlers } from './in-flight'

/** A promise and the function that fulfils it. */
function signal() {
  let fulfil = () => {}
  const promise = new Promise<void>((resolve) => {
    fulfil = resolve
  })
  return { promise, fulfil }
}

describe('trackHandlers', () => {
  it('settles when the running handlers are done, not before', async () => {
    const app = Fastify()
    const handlers = trackHandlers(app)
    const started = signal()
    const release = signal()
    app.get('/slow', async () => {
      started.fulfil()
      await release.promise
      return { ok: true }
    })
    const answer = app.inject('/slow')
    await started.promise

    const order: string[] = []
    const settled = handlers.settled(10_000).then(() => order.push('settled'))
    // A settled() that did not wait would have run its reaction before this turn ends.
    await Promise.resolve()
    order.push('released')
    release.fulfil()
    await settled
    expect(order).toEqual(['released', 'settled'])
    expect((await answer).json()).toEqual({ ok: true })
    await expect(handlers.settled(10_000)).resolves.toBeUndefined()
    await app.close()
  })

  it('gives up on a handler stuck past the deadline', async () => {
    const app = Fastify()
    const handlers = trackHandlers(app)
    const started = signal()
    app.get('/stuck', async () => {
      started.fulfil()
      await new Promise(() => {})
    })
    void app.inject('/stuck')
    await started.promise
    const began = Date.now()
    await handlers.settled(50)
    expect(Date.now() - began).toBeGreaterThanOrEqual(45)
  })

  it('closing waits for a handler whose client has gone before the database closes', async () => {
    const db = new PGlite()
    const app = Fastify()
    const handlers = trackHandlers(app)
    const started = signal()
    const clientGone = signal()
    const release = signal()
    const order: string[] = []
    let answered: unknown = null
    app.get('/write', async (request) => {
      request.raw.socket.once('close', clientGone.fulfil)
      started.fulfil()
      await release.promise
      // The work after the client left: what a committed write still does (NOTIFY, the answer).
      answered = (await db.query<{ n: number }>('select 1 as n')).rows[0]
      order.push('handler done')
      return answered
    })
    // As in app.ts: what runs first on close lets the handler go on; then closing waits for it.
    app.addHook('preClose', async () => release.fulfil())
    app.addHook('preClose', () => handlers.settled(10_000))
    app.addHook('onClose', async () => {
      order.push('database closed')
      await db.close()
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo

    const client = httpRequest({ host: '127.0.0.1', port, path: '/write' })
    client.on('error', () => {}) // the client hangs up on purpose
    client.end()
    await started.promise
    client.destroy()
    await clientGone.promise

    await app.close()
    expect(answered).toEqual({ n: 1 })
    expect(order).toEqual(['handler done', 'database closed'])
  })
})
