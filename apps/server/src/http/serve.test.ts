import { API, type ApiKey, endpointParts } from '@agora/contract'
import Fastify from 'fastify'
import { expect, it } from 'vitest'
import { sendTo } from '../../test/factories'
import { TEST_DB, useTestApp } from '../../test/harness'
import type { AppInstance } from '../context'
import { refuseUnlistedRoute, serve } from './serve'

const t = useTestApp()

it(`serves every endpoint of the contract's table (${TEST_DB})`, () => {
  const missing = (Object.keys(API) as ApiKey[]).filter((key) => {
    const { method, path } = endpointParts(key)
    return !t.app.hasRoute({ method, url: `/api/v1${path}` })
  })
  expect(Object.keys(API).length).toBeGreaterThan(90)
  expect(missing).toEqual([])
})

it('answers a call by the schema its entry gives: a malformed body is 400, never the handler', async () => {
  const answer = await sendTo(t, null, 'POST /follows', { json: { kind: 'planet' } })
  expect(answer.statusCode).toBe(400)
  expect(answer.json().code).toBeTruthy()
})

it('refuses an API route registered beside the table, and takes one served from it', async () => {
  const api = Fastify() as unknown as AppInstance
  api.addHook('onRoute', refuseUnlistedRoute)
  // A feature that writes its own path and schema: refused, naming the route.
  expect(() => api.get('/media/sideways', async () => ({}))).toThrow(
    "GET /media/sideways is not in the contract's API table",
  )
  serve(api, 'GET /auth/me/blocks', async () => ({ items: [] }))
  expect(api.hasRoute({ method: 'GET', url: '/auth/me/blocks' })).toBe(true)
  await api.close()
})
