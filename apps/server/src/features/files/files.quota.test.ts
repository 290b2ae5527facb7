import { describe, expect, it } from 'vitest'
import { apiMakePost, makeModerator, makeUser, sendMod, sendTo, type TestUser } from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'

const t = useTestApp({
  TRUST_NEW_ACCOUNT_HOURS: '24',
  TRUST_MIN_CONTRIBUTIONS: '2',
  TRUST_NEW_POSTS_PER_DAY: '2',
})

async function quota(user: TestUser) {
  const response = await sendTo(t, user, 'GET /media/upload/quota')
  expect(response.statusCode).toBe(200)
  return response.json()
}

describe(`the upload allowance tells a new account its posting limit (${TEST_DB})`, () => {
  it('counts down the posts a new account has left today, and says when it may post again', async () => {
    const user = await makeUser(t)
    expect(await quota(user)).toMatchObject({
      trust: 'new',
      posts_per_day: 2,
      posts_left: 2,
      posts_again_at: null,
      // The fields that were there before stay.
      used_bytes: 0,
      uploads_per_hour: expect.any(Number),
    })
    await apiMakePost(t, user)
    expect(await quota(user)).toMatchObject({ posts_per_day: 2, posts_left: 1, posts_again_at: null })
    await apiMakePost(t, user)
    const spent = await quota(user)
    expect(spent).toMatchObject({ posts_per_day: 2, posts_left: 0 })
    const againIn = new Date(spent.posts_again_at).getTime() - Date.now()
    expect(againIn).toBeGreaterThan(23 * 3600_000)
    expect(againIn).toBeLessThanOrEqual(24 * 3600_000)
  })

  it('has no posting limit for a member', async () => {
    const user = await makeUser(t)
    const moderator = await makeModerator(t)
    const trusted = await sendMod(t, moderator, `users/${user.id}/trust`, {
      level: 'member',
      reason: 'Known',
    })
    expect(trusted.statusCode).toBe(200)
    expect(await quota(user)).toMatchObject({
      trust: 'member',
      posts_per_day: null,
      posts_left: null,
      posts_again_at: null,
    })
  })
})
