import { waitFor } from '@agora/test-kit'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dbMakePost, makeUser, sendTo } from '../../../test/factories'
import { createTestApp, TEST_DB, type TestApp } from '../../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

it(`reports ok and the database kind (${TEST_DB})`, async () => {
  const response = await sendTo(t, null, 'GET /health')
  expect(response.statusCode).toBe(200)
  expect(response.json()).toEqual({ status: 'ok', db: TEST_DB })
})

it('serves an OpenAPI document generated from the contract', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' })
  expect(response.statusCode).toBe(200)
  const doc = response.json()
  expect(doc.openapi).toMatch(/^3\./)
  expect(doc.paths['/api/v1/auth/token'].post.requestBody.content).toHaveProperty(
    'application/x-www-form-urlencoded',
  )
  const ui = await t.app.inject({ method: 'GET', url: '/api/v1/docs' })
  expect([200, 302]).toContain(ui.statusCode)
})

describe('with the database down', () => {
  let down: TestApp
  // Built in a hook: an app of its own takes a while on a busy machine.
  beforeAll(async () => {
    down = await createTestApp()
    await down.database.close()
  })
  afterAll(() => down.app.close())

  it('answers 503; liveness still answers 200', async () => {
    const response = await sendTo(down, null, 'GET /health')
    expect(response.statusCode).toBe(503)
    expect(response.json()).toMatchObject({ status: 'unavailable' })
    const ready = await sendTo(down, null, 'GET /health/ready')
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toMatchObject({
      status: 'unavailable',
      checks: { database: { status: 'unavailable' } },
    })
    const live = await sendTo(down, null, 'GET /health/live')
    expect(live.statusCode).toBe(200)
    expect(live.json()).toMatchObject({ status: 'ok' })
  })
})

it('is ready with each check named: database, blob store, chain, queues, Redis', async () => {
  // The first look opens the embedded chain, which may take longer than a check waits on a busy machine.
  const response = await waitFor(
    async () => {
      const answer = await sendTo(t, null, 'GET /health/ready')
      return answer.json().status === 'ready' ? answer : null
    },
    'readiness',
    30_000,
    250,
  )
  expect(response.statusCode).toBe(200)
  const body = response.json()
  expect(body.checks).toMatchObject({
    database: { status: 'ok', detail: TEST_DB },
    blobs: { status: 'ok', detail: 'local' },
    chain: { status: 'ok' },
    queues: { status: 'ok' },
    redis: { status: 'off', detail: expect.stringMatching(/per process/) },
  })
  expect(body.queues.analysis).toEqual({ waiting: 0, oldest_due_seconds: 0, stuck: 0, failed: 0 })
})

it('names a queue whose job outlived its lease, and still answers 200 (degraded)', async () => {
  const author = await makeUser(t)
  const postId = await dbMakePost(t, author)
  // A worker claimed it a while ago and died: its lease ran out a minute ago.
  const id = uuidv7()
  await t.database.db.insertInto('analysis_jobs').values({ id, post_id: postId }).execute()
  await t.database.db
    .updateTable('analysis_jobs')
    .set({ status: 'running', lease_until: new Date(Date.now() - 60_000) })
    .where('id', '=', id)
    .execute()
  const response = await sendTo(t, null, 'GET /health/ready')
  expect(response.statusCode).toBe(200)
  expect(response.json()).toMatchObject({
    status: 'degraded',
    checks: { queues: { status: 'degraded', detail: 'analysis: 1 past their lease' } },
    queues: { analysis: { waiting: 1, stuck: 1 } },
  })
  await t.reset()
})
