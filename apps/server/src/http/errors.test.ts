import { ERRORS } from '@agora/contract/errors'
import { describe, expect, it } from 'vitest'
import { sendLogin, sendTo } from '../../test/factories'
import { TEST_DB, useTestApp } from '../../test/harness'
import { toErrorResponse } from './error-handler'
import { BadRequestError, TooManyRequestsError } from './errors'

describe('a refusal', () => {
  it('answers its code’s status and sentence, filled from its params', () => {
    const { status, body } = toErrorResponse(
      new BadRequestError('changelog_too_long', { params: { max: 200 } }),
    )
    expect(status).toBe(ERRORS.changelog_too_long.status)
    expect(body).toEqual({
      code: 'changelog_too_long',
      detail: 'The changelog is at most 200 characters',
      params: { max: 200 },
    })
  })

  it('says how long to wait, in seconds and in Retry-After', () => {
    const { status, body, headers } = toErrorResponse(new TooManyRequestsError('too_many_requests', 12.2))
    expect(status).toBe(429)
    expect(body.params).toEqual({ seconds: 13 })
    expect(headers).toEqual({ 'retry-after': '13' })
  })
})

describe(`refusals over HTTP (${TEST_DB})`, () => {
  const t = useTestApp()

  it('carries the code and its values through the route’s answer schema', async () => {
    const answer = await sendTo(t, null, 'GET /media/list', { query: { sort_by: 'bogus' } })
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toMatchObject({
      code: 'unknown_sort',
      params: { value: 'bogus' },
      detail: expect.stringContaining('Unknown sort_by "bogus"'),
    })
  })

  it('words a failed sign-in as invalid_credentials', async () => {
    const answer = await sendLogin(t, { username: 'nobody_here', password: 'not the password' })
    expect(answer.statusCode).toBe(401)
    expect(answer.json()).toMatchObject({
      code: 'invalid_credentials',
      detail: 'Invalid username or password',
    })
  })
})
