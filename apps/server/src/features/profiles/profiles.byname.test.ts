import { describe, expect, it } from 'vitest'
import { apiSetSetting, makeUser, send, sendTo } from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'

const t = useTestApp()

type User = Awaited<ReturnType<typeof makeUser>>

const byName = (name: string, headers: Record<string, string> = {}) =>
  sendTo(t, null, 'GET /users/by_name/:name', { params: { name }, headers })

const byId = (userId: string, headers: Record<string, string> = {}) =>
  sendTo(t, null, 'GET /auth/person_information', { query: { user_id: userId }, headers })

async function authorWithProfile(): Promise<User> {
  const author = await makeUser(t)
  const response = await send(t, author, 'POST', '/api/v1/modify/modify_profile', {
    title: 'Research Engineer',
    bio: 'I study peer review.',
    email: 'ada@example.org',
    public_contact: true,
  })
  expect(response.statusCode).toBe(200)
  return author
}

describe(`a public profile by name (${TEST_DB})`, () => {
  it('answers an anonymous visitor, in any letter case, as the profile by id does', async () => {
    const author = await authorWithProfile()
    const response = await byName(author.username.toUpperCase())
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toEqual((await byId(author.id)).json())
    expect(body).toMatchObject({ user_id: author.id, username: author.username, is_self: false })
    expect(body.biography).toBe('I study peer review.')
    expect(body.email).toBe('ada@example.org')
  })

  it.each(['public_profile', 'public_contact', 'public_activities', 'public_statistics'])(
    'with %s off withholds from others what the profile by id withholds',
    async (flag) => {
      const author = await authorWithProfile()
      const stranger = await makeUser(t)
      await apiSetSetting(t, author, flag, false)
      for (const headers of [{}, stranger.headers]) {
        const named = (await byName(author.username, headers)).json()
        expect(named).toEqual((await byId(author.id, headers)).json())
        expect(named.is_self).toBe(false)
      }
      const own = (await byName(author.username, author.headers)).json()
      expect(own).toMatchObject({
        is_self: true,
        biography: 'I study peer review.',
        email: 'ada@example.org',
      })
    },
  )

  it('answers 404 with a code for a name nobody holds and for a deleted account', async () => {
    // A NUL no name holds is refused as a user's error, never a 500.
    const withNul = await byName('ada\u0000')
    expect(withNul.statusCode).toBeGreaterThanOrEqual(400)
    expect(withNul.statusCode).toBeLessThan(500)
    const missing = await byName('nobody_by_that_name')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ detail: 'User not found', code: expect.any(String) })

    const gone = await makeUser(t)
    const deleted = await sendTo(t, gone, 'DELETE /auth/me', {
      json: { password: gone.password, content: 'keep' },
    })
    expect(deleted.statusCode, deleted.body).toBeLessThan(300)
    expect((await byName(gone.username)).statusCode).toBe(404)
  })

  it('answers 400 with a code for a name longer than any name can be', async () => {
    const response = await byName('x'.repeat(200))
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ detail: expect.any(String), code: expect.any(String) })
  })
})
