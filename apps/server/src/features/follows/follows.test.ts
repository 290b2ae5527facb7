import { describe, expect, it } from 'vitest'
import {
  apiFollow,
  apiSetSetting,
  makeUser,
  makeUsers,
  send,
  sendFollow,
  sendTo,
  type TestUser,
} from '../../../test/factories'
import { TEST_DB, useTestApp, withSecondApp } from '../../../test/harness'
import type { DomainEvents } from '../../events/index'

// Follows of authors and tags: POST|DELETE /follows, GET /auth/me/follows, and the
// follow figures of an author page.

const t = useTestApp()

/** The `follow` events raised since the test began (subscribed once for the file's app). */
const raised: DomainEvents['follow'][] = []
let subscribed = false
function followEvents() {
  if (!subscribed) {
    t.app.ctx.events.inTransaction('follow', async (_trx, events) => void raised.push(...events))
    subscribed = true
  }
  raised.length = 0
  return raised
}

async function personInformation(userId: string, viewer?: TestUser) {
  const response = await sendTo(t, viewer ?? null, 'GET /auth/person_information', {
    query: { user_id: userId },
  })
  expect(response.statusCode).toBe(200)
  return response.json()
}

async function myFollows(user: TestUser) {
  const response = await send(t, user, 'GET', '/api/v1/auth/me/follows')
  expect(response.statusCode).toBe(200)
  return response.json() as { users: { id: string; username: string }[]; tags: string[] }
}

describe(`follows (${TEST_DB})`, () => {
  it('follows an author once, however often asked, and raises one follow event', async () => {
    const events = followEvents()
    const [ada, bo] = await makeUsers(t, 2)
    const first = await apiFollow(t, bo, { kind: 'user', target: ada.id })
    expect(first).toEqual({ kind: 'user', target: ada.id, following: true, followers: 1 })
    // Again, and with the id in capitals: the same follow.
    expect(await apiFollow(t, bo, { kind: 'user', target: ada.id.toUpperCase() })).toEqual(first)
    expect(events).toEqual([{ followerId: bo.id, kind: 'user', target: ada.id }])

    const cy = await makeUser(t)
    expect((await apiFollow(t, cy, { kind: 'user', target: ada.id })).followers).toBe(2)
    expect(events).toHaveLength(2)
  })

  it('unfollows idempotently, and a follow after an unfollow is new again', async () => {
    const events = followEvents()
    const [ada, bo] = await makeUsers(t, 2)
    await apiFollow(t, bo, { kind: 'user', target: ada.id })
    const off = { kind: 'user', target: ada.id, following: false, followers: 0 }
    expect(await apiFollow(t, bo, { kind: 'user', target: ada.id }, 'DELETE')).toEqual(off)
    expect(await apiFollow(t, bo, { kind: 'user', target: ada.id }, 'DELETE')).toEqual(off)
    await apiFollow(t, bo, { kind: 'user', target: ada.id })
    expect(events).toHaveLength(2)
  })

  it('follows a tag by its normalised name', async () => {
    const events = followEvents()
    const [bo, cy] = await makeUsers(t, 2)
    expect(await apiFollow(t, bo, { kind: 'tag', target: '  #Quantum   Optics ' })).toEqual({
      kind: 'tag',
      target: 'quantum optics',
      following: true,
      followers: 1,
    })
    expect((await apiFollow(t, cy, { kind: 'tag', target: 'quantum optics' })).followers).toBe(2)
    expect((await apiFollow(t, bo, { kind: 'tag', target: 'QUANTUM OPTICS' })).followers).toBe(2)
    expect(events).toEqual([
      { followerId: bo.id, kind: 'tag', target: 'quantum optics' },
      { followerId: cy.id, kind: 'tag', target: 'quantum optics' },
    ])
    expect(await apiFollow(t, cy, { kind: 'tag', target: '#quantum optics' }, 'DELETE')).toMatchObject({
      following: false,
      followers: 1,
    })
  })

  it.each([
    ['oneself', 'self', 400, 'You cannot follow yourself'],
    ['an empty tag', { kind: 'tag', target: '###' }, 400, 'Name a tag to follow'],
    ['two tags at once', { kind: 'tag', target: 'optics, genomics' }, 400, 'Follow one tag at a time'],
    ['a tag over 32 characters', { kind: 'tag', target: 'x'.repeat(33) }, 400, 'at most 32 characters'],
    ['an unknown kind', { kind: 'group', target: 'optics' }, 400, ''],
    ['no target', { kind: 'tag' }, 400, ''],
    [
      'an unknown user',
      { kind: 'user', target: '0193a000-0000-7000-8000-00000000abcd' },
      404,
      'User not found',
    ],
    ['a user id that is no id', { kind: 'user', target: 'nobody' }, 404, 'User not found'],
  ] as const)('refuses to follow or unfollow %s', async (_what, body, status, detail) => {
    const events = followEvents()
    const bo = await makeUser(t)
    const payload = body === 'self' ? { kind: 'user' as const, target: bo.id } : (body as never)
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await sendFollow(t, bo, payload, method)
      expect(response.statusCode).toBe(status)
      expect(response.json().detail).toContain(detail)
    }
    expect(events).toEqual([])
    expect(await myFollows(bo)).toEqual({ users: [], tags: [] })
  })

  it('answers 401 to a visitor who is not signed in', async () => {
    const ada = await makeUser(t)
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await sendFollow(t, null, { kind: 'user', target: ada.id }, method)
      expect(response.statusCode).toBe(401)
    }
    const mine = await sendTo(t, null, 'GET /auth/me/follows')
    expect(mine.statusCode).toBe(401)
  })

  it('lists the authors and tags one follows, latest first', async () => {
    const [ada, bo, cy] = await makeUsers(t, 3)
    await apiFollow(t, cy, { kind: 'user', target: ada.id })
    await apiFollow(t, cy, { kind: 'tag', target: 'optics' })
    await new Promise((resolve) => setTimeout(resolve, 5))
    await apiFollow(t, cy, { kind: 'user', target: bo.id })
    await apiFollow(t, cy, { kind: 'tag', target: 'genomics' })
    const mine = await myFollows(cy)
    expect(mine.users).toEqual([
      { id: bo.id, username: bo.username, nickname: bo.username, avatar: expect.any(String) },
      { id: ada.id, username: ada.username, nickname: ada.username, avatar: expect.any(String) },
    ])
    expect(mine.tags).toEqual(['genomics', 'optics'])
    expect(await myFollows(ada)).toEqual({ users: [], tags: [] })
  })

  it("shows an author's followers and following, and whether the viewer follows them", async () => {
    const [ada, bo, cy] = await makeUsers(t, 3)
    await apiFollow(t, bo, { kind: 'user', target: ada.id })
    await apiFollow(t, cy, { kind: 'user', target: ada.id })
    await apiFollow(t, ada, { kind: 'user', target: bo.id })
    // A followed tag is not an author followed.
    await apiFollow(t, ada, { kind: 'tag', target: 'optics' })

    expect(await personInformation(ada.id, bo)).toMatchObject({
      followers: 2,
      following: 1,
      is_following: true,
    })
    const visitor = await personInformation(ada.id)
    expect(visitor).toMatchObject({ followers: 2, following: 1 })
    expect(visitor).not.toHaveProperty('is_following')
    expect(await personInformation(bo.id, cy)).toMatchObject({
      followers: 1,
      following: 1,
      is_following: false,
    })
    const own = await personInformation(ada.id, ada)
    expect(own).toMatchObject({ followers: 2, following: 1, is_self: true })
    expect(own).not.toHaveProperty('is_following')
    await apiFollow(t, bo, { kind: 'user', target: ada.id }, 'DELETE')
    expect(await personInformation(ada.id, bo)).toMatchObject({ followers: 1, is_following: false })
  })

  it('withholds the follow figures with the statistics when they are private', async () => {
    const [ada, bo] = await makeUsers(t, 2)
    await apiFollow(t, bo, { kind: 'user', target: ada.id })
    await apiSetSetting(t, ada, 'public_statistics', false)

    const seen = await personInformation(ada.id, bo)
    expect(seen.show_statistics).toBe(false)
    expect(seen).not.toHaveProperty('followers')
    expect(seen).not.toHaveProperty('following')
    expect(seen.is_following).toBe(true)
    expect(await personInformation(ada.id)).not.toHaveProperty('followers')
    // Nor does following them tell the count.
    expect(await apiFollow(t, bo, { kind: 'user', target: ada.id })).toEqual({
      kind: 'user',
      target: ada.id,
      following: true,
      followers: 0,
      followers_hidden: true,
    })
    // The author still sees their own.
    expect(await personInformation(ada.id, ada)).toMatchObject({ followers: 1, following: 0 })
  })

  it('forgets the follows of a deleted user, both ways', async () => {
    const [ada, bo] = await makeUsers(t, 2)
    await apiFollow(t, bo, { kind: 'user', target: ada.id })
    await apiFollow(t, ada, { kind: 'tag', target: 'optics' })
    await t.database.db.deleteFrom('users').where('id', '=', ada.id).execute()
    expect(await myFollows(bo)).toEqual({ users: [], tags: [] })
    const rows = await t.database.db.selectFrom('follows').selectAll().execute()
    expect(rows).toEqual([])
  })
})

describe(`the follow rate limit (${TEST_DB})`, () => {
  it('refuses the follows of one user beyond FOLLOW_RATE_LIMIT a minute', async () => {
    // A second app over the same database, with its own limits.
    await withSecondApp(t, { FOLLOW_RATE_LIMIT: '3' }, async (limited) => {
      const [ada, bo, cy] = await makeUsers(limited, 3)
      const statuses = []
      for (let n = 0; n < 4; n++) {
        statuses.push((await sendFollow(limited, bo, { kind: 'user', target: ada.id })).statusCode)
      }
      expect(statuses).toEqual([200, 200, 200, 429])
      // Unfollows have an allowance of their own (so one can always undo a follow).
      expect((await sendFollow(limited, bo, { kind: 'user', target: ada.id }, 'DELETE')).statusCode).toBe(200)
      // Another user has their own allowance.
      expect((await sendFollow(limited, cy, { kind: 'tag', target: 'optics' })).statusCode).toBe(200)
    })
  })
})
