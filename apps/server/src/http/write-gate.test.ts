import { waitFor } from '@agora/test-kit'
import Fastify from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { registerErrorHandler } from './error-handler'
import { registerWriteGate } from './write-gate'

// The bulkhead alone, on a route whose writes wait until the test lets them go (a row held locked).
const app = Fastify()
let release: () => void = () => {}
let held = new Promise<void>((resolve) => {
  release = resolve
})
let running = 0
let mostAtOnce = 0

beforeAll(async () => {
  registerErrorHandler(app)
  registerWriteGate(app, { perItem: 2, waitMs: 300 })
  app.post('/items/:id/like', async () => {
    running += 1
    mostAtOnce = Math.max(mostAtOnce, running)
    await held
    running -= 1
    return { ok: true }
  })
  app.get('/items/:id', async () => ({ read: true }))
  await app.ready()
})
afterAll(() => app.close())

it('lets two writes of one item run, turns the rest away after the wait, and leaves other items alone', async () => {
  // `.then` sends the request now (an inject chain waits to be awaited), in the order written.
  const like = (id: string) =>
    app.inject({ method: 'POST', url: `/items/${id}/like` }).then((answer) => answer)
  const stuck = Array.from({ length: 6 }, () => like('a'))
  const waited = await Promise.all(stuck.slice(2))
  for (const response of waited) {
    expect(response.statusCode).toBe(503)
    expect(response.json().detail).toMatch(/try again/i)
    expect(response.headers['retry-after']).toBe('1')
  }
  // Item a still has its two writers in flight; item b and reads are not held up by them.
  expect((await app.inject({ method: 'GET', url: '/items/a' })).statusCode).toBe(200)
  const other = like('b')
  await waitFor(() => running === 3, 'the write of item b running beside the two of item a')
  release()
  expect((await other).statusCode).toBe(200)
  for (const response of await Promise.all(stuck.slice(0, 2))) expect(response.statusCode).toBe(200)

  // The turns were handed back: item a takes writes again, one waiting its turn behind two.
  running = 0
  mostAtOnce = 0
  held = new Promise<void>((resolve) => {
    release = resolve
  })
  const next = [like('a'), like('a'), like('a')]
  await new Promise((resolve) => setImmediate(resolve))
  release()
  for (const response of await Promise.all(next)) expect(response.statusCode).toBe(200)
  expect(mostAtOnce).toBeLessThanOrEqual(2)
})
