import { sql } from 'kysely'
import { describe, expect, it, vi } from 'vitest'
import {
  apiMakePost,
  dbMakePost,
  dbRowsOf,
  dbSuspend,
  makeModerator,
  makeUser,
  send,
  sendComment,
  sendEditPost,
  sendMod,
  sendTo,
  sendUpload,
  type TestUser,
} from '../../../test/factories'
import { pngFile } from '../../../test/files'
import { TEST_DB, useTestApp } from '../../../test/harness'

// Suspensions, roles and trust.

const t = useTestApp()

describe(`suspensions and roles (${TEST_DB})`, () => {
  it('a suspended user reads but every write answers 403 naming the end date, until it is lifted', async () => {
    const user = await makeUser(t)
    const moderator = await makeModerator(t)
    const postId = await dbMakePost(t, await makeUser(t))
    const until = new Date(Date.UTC(2099, 11, 2, 10, 0))
    const suspended = await sendMod(t, moderator, `users/${user.id}/suspend`, {
      until: until.toISOString(),
      reason: 'Repeated spam',
    })
    expect(suspended.statusCode, suspended.body).toBe(200)
    expect(suspended.json()).toMatchObject({
      suspended_until: until.toISOString(),
      suspension_reason: 'Repeated spam',
    })

    // Reading, and the session, still work.
    expect((await sendTo(t, user, 'GET /media/list')).statusCode).toBe(200)
    expect((await sendTo(t, user, 'GET /media/:id', { params: { id: postId } })).statusCode).toBe(200)
    expect((await sendTo(t, user, 'GET /auth/me')).json()).toMatchObject({
      suspended_until: until.toISOString(),
      suspension_reason: 'Repeated spam',
    })
    const writes = [
      sendComment(t, user, { postId, content: 'Still here' }),
      sendTo(t, user, 'POST /media/:id/like', { params: { id: postId } }),
      sendUpload(t, user, { title: 'New' }, [{ name: 'a.png', data: pngFile(3) }]),
      send(t, user, 'POST', '/api/v1/token/faucet', {
        address: '11111111111111111111111111111111',
        amount: 1,
      }),
      send(t, user, 'POST', '/api/v1/rewards/claim', {
        address: '11111111111111111111111111111111',
        amount: '10',
      }),
      sendTo(t, user, 'POST /reports', { json: {} }),
    ]
    for (const response of await Promise.all(writes)) {
      expect(response.statusCode, response.body).toBe(403)
      expect(response.json()).toMatchObject({
        code: 'suspended',
        detail:
          'Your account is suspended until 2 December 2099 at 10:00 UTC. You can read, but not post, comment, like or change anything until then.',
        suspended_until: until.toISOString(),
      })
    }
    // Marking notifications read still works: it changes nothing anyone else sees.
    expect((await send(t, user, 'POST', '/api/v1/notifications/read', { all: true })).statusCode).toBe(200)

    expect(
      (await sendMod(t, moderator, `users/${user.id}/unsuspend`, { reason: 'Appeal accepted' })).statusCode,
    ).toBe(200)
    expect((await sendComment(t, user, { postId, content: 'Back' })).statusCode).toBe(201)
    expect((await sendMod(t, moderator, `users/${user.id}/unsuspend`, {})).statusCode).toBe(409)
  })

  it('a suspension that has ended stops nothing', async () => {
    const user = await makeUser(t)
    await dbSuspend(t, user, new Date(Date.now() - 1000))
    expect(
      (await sendComment(t, user, { postId: await dbMakePost(t, user), content: 'Hi' })).statusCode,
    ).toBe(201)
    expect((await sendTo(t, user, 'GET /auth/me')).json()).toMatchObject({
      suspended_until: null,
      suspension_reason: '',
    })
  })

  it('refuses a suspension in the past, of oneself, or of staff by a mere moderator', async () => {
    const moderator = await makeModerator(t)
    const admin = await makeModerator(t, 'admin')
    const other = await makeModerator(t)
    const user = await makeUser(t)
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString()
    const ask = (by: TestUser, target: TestUser, until = tomorrow) =>
      sendMod(t, by, `users/${target.id}/suspend`, { until, reason: 'x' })
    expect((await ask(moderator, user, new Date(Date.now() - 60_000).toISOString())).statusCode).toBe(400)
    expect((await ask(moderator, user, 'next tuesday')).statusCode).toBe(400)
    expect((await ask(moderator, moderator)).statusCode).toBe(403)
    expect((await ask(moderator, other)).statusCode).toBe(403)
    expect((await ask(moderator, admin)).statusCode).toBe(403)
    expect((await ask(admin, other)).statusCode).toBe(200)
    expect((await ask(user, moderator)).statusCode).toBe(403)
    expect(
      (
        await sendMod(t, moderator, 'users/00000000-0000-7000-8000-000000000000/suspend', {
          until: tomorrow,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404)
  })

  it('an admin grants and revokes moderator; moderators cannot; every change is logged', async () => {
    const admin = await makeModerator(t, 'admin')
    const moderator = await makeModerator(t)
    const user = await makeUser(t)
    expect((await sendMod(t, moderator, `users/${user.id}/role`, { role: 'moderator' })).statusCode).toBe(403)
    const granted = await sendMod(t, admin, `users/${user.id}/role`, {
      role: 'moderator',
      reason: 'Helps a lot',
    })
    expect(granted.json()).toMatchObject({ role: 'moderator' })
    expect((await sendTo(t, user, 'GET /auth/me')).json().role).toBe('moderator')
    expect((await sendTo(t, user, 'GET /mod/reports')).statusCode).toBe(200)
    expect((await sendMod(t, admin, `users/${user.id}/role`, { role: 'user' })).json().role).toBe('user')
    expect((await sendTo(t, user, 'GET /mod/reports')).statusCode).toBe(403)
    expect((await sendMod(t, admin, `users/${admin.id}/role`, { role: 'user' })).statusCode).toBe(403)
    expect((await sendMod(t, admin, `users/${user.id}/role`, { role: 'admin' })).statusCode).toBe(400)

    const staff = (await sendTo(t, admin, 'GET /mod/users', { query: { role: 'moderator' } })).json().items
    expect(staff.map((u: { username: string }) => u.username)).toEqual([moderator.username])
    const found = (
      await sendTo(t, moderator, 'GET /mod/users', { query: { q: user.username.slice(0, 8) } })
    ).json().items
    expect(found.map((u: { id: string }) => u.id)).toContain(user.id)
    expect((await sendTo(t, user, 'GET /mod/users')).statusCode).toBe(403)

    const log = (await sendTo(t, admin, 'GET /mod/log')).json().items
    expect(log.map((e: { action: string; detail?: string }) => [e.action, e.detail])).toEqual([
      ['revoke', 'moderator'],
      ['grant', 'moderator'],
    ])
    expect(log[1]).toMatchObject({
      reason: 'Helps a lot',
      moderator: admin.username,
      target_label: user.username,
    })
  })
})

describe(`trust and new-account limits (${TEST_DB})`, () => {
  const limited = useTestApp({
    TRUST_NEW_ACCOUNT_HOURS: '24',
    TRUST_MIN_CONTRIBUTIONS: '2',
    TRUST_NEW_POSTS_PER_DAY: '2',
    TRUST_NEW_COMMENTS_PER_HOUR: '2',
    TRUST_NEW_LINKS_PER_TEXT: '1',
  })

  it('holds a new account to its posts a day, saying when it may post again, and leaves nothing behind', async () => {
    const user = await makeUser(limited)
    expect((await sendTo(limited, user, 'GET /auth/me')).json().trust).toBe('new')
    await apiMakePost(limited, user)
    await apiMakePost(limited, user)
    // The guard refuses before the write does anything: no event is raised, so nothing reacts.
    const raise = vi.spyOn(limited.app.ctx.events, 'raise')
    const third = await sendUpload(limited, user, { title: 'Third' }, [{ name: 'c.png', data: pngFile(77) }])
    expect(third.statusCode, third.body).toBe(429)
    expect(third.json().detail).toMatch(
      /^New accounts can write 2 posts a day\. You can post again at .+ UTC\.$/,
    )
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(86_000)
    expect(raise).not.toHaveBeenCalled()
    raise.mockRestore()
    expect(await dbRowsOf(limited, 'posts', user)).toHaveLength(2)
  })

  it('holds comments per hour and links per text; a member or a moderator’s trust lifts them', async () => {
    const user = await makeUser(limited)
    const moderator = await makeModerator(limited)
    const postId = await dbMakePost(limited, moderator)
    const comment = (content: string) => sendComment(limited, user, { postId, content })
    const links = await comment('See https://a.example and https://b.example')
    expect(links.statusCode).toBe(400)
    expect(links.json().detail).toMatch(/at most 1 links in a text \(this one has 2\)/)
    expect((await comment('One https://a.example')).statusCode).toBe(201)
    expect((await comment('Two')).statusCode).toBe(201)
    const third = await comment('Three')
    expect(third.statusCode).toBe(429)
    expect(third.json().detail).toMatch(
      /^New accounts can write 2 comments an hour\. You can comment again at/,
    )

    const trusted = await sendMod(limited, moderator, `users/${user.id}/trust`, {
      level: 'member',
      reason: 'Known researcher',
    })
    expect(trusted.json()).toMatchObject({ trust: 'member', trust_override: 'member' })
    expect((await comment('Three, trusted, https://a.example https://b.example')).statusCode).toBe(201)

    // An edit keeps to the links limit too, and a refused edit changes nothing.
    const newcomer = await makeUser(limited)
    const { post_id: own } = await apiMakePost(limited, newcomer, { content: 'Measured twice.' })
    const linked = await sendEditPost(limited, newcomer, own, {
      base_revision: 1,
      content: 'Measured twice: https://a.example and https://b.example',
    })
    expect(linked.statusCode).toBe(400)
    expect(linked.json().detail).toMatch(/at most 1 links in a text \(this one has 2\)/)
    const unchanged = await limited.database.db
      .selectFrom('posts')
      .select(['content', 'revision'])
      .where('id', '=', own)
      .executeTakeFirstOrThrow()
    expect(unchanged).toEqual({ content: 'Measured twice.', revision: 1 })
    const oneLink = await sendEditPost(limited, newcomer, own, {
      base_revision: 1,
      content: 'Measured twice: https://a.example',
    })
    expect(oneLink.statusCode).toBe(200)
    expect(oneLink.json()).toMatchObject({ revision: 2, content: 'Measured twice: https://a.example' })

    // Age and contributions make a member by themselves.
    const old = await makeUser(limited)
    await sql`update users set created_at = now() - interval '2 days' where id = ${old.id}`.execute(
      limited.database.db,
    )
    const me = () => sendTo(limited, old, 'GET /auth/me')
    expect((await me()).json().trust).toBe('new')
    await dbMakePost(limited, old)
    await dbMakePost(limited, old)
    expect((await me()).json().trust).toBe('member')
    // … and content a moderator hid in the last month makes them new again.
    const hidden = await dbMakePost(limited, old)
    await sendMod(limited, moderator, `posts/${hidden}/hide`, { reason: 'Spam' })
    expect((await me()).json().trust).toBe('new')
  })
})
