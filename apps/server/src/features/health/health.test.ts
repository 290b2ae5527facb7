import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, TEST_DB, type TestApp } from '../../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

it(`reports ok and the database kind (${TEST_DB})`, async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' })
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

it('answers 503 when the database is down', async () => {
  const down = await createTestApp()
  await down.database.close()
  const response = await down.app.inject({ method: 'GET', url: '/api/v1/health' })
  expect(response.statusCode).toBe(503)
  expect(response.json()).toMatchObject({ status: 'unavailable' })
  await down.app.close()
})
