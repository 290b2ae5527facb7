import { describe, expect, it } from 'vitest'
import {
  apiMakeComment,
  apiMakePost,
  dbMakePost,
  makeModerator,
  makeUser,
  sendMod,
  sendReport,
  sendTo,
  type TestUser,
} from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'

// Reports and the moderators' queue: POST /reports, GET /mod/reports,
// POST /mod/reports/{id}/resolve, and the public log GET /mod/log.

const t = useTestApp({ REPORT_RATE_LIMIT: '20' })

async function report(user: TestUser, body: Record<string, unknown>) {
  const response = await sendReport(t, user, body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

describe(`reports (${TEST_DB})`, () => {
  it('takes a report once per reporter and target, and refuses what cannot be reported', async () => {
    const author = await makeUser(t)
    const reporter = await makeUser(t)
    const postId = await dbMakePost(t, author)
    const created = await report(reporter, {
      target_type: 'post',
      target_id: postId,
      reason: 'spam',
      note: '  Same link in every post  ',
    })
    expect(created).toMatchObject({ target_type: 'post', target_id: postId, reason: 'spam', status: 'open' })
    expect(created.note).toBe('Same link in every post')

    const again = await sendReport(t, reporter, { target_type: 'post', target_id: postId, reason: 'other' })
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toMatch(/already reported/)
    const cases: [Record<string, unknown>, TestUser | null, number][] = [
      [{ target_type: 'post', target_id: postId, reason: 'boring' }, reporter, 400],
      [{ target_type: 'post', target_id: postId }, reporter, 400],
      [{ target_type: 'planet', target_id: postId, reason: 'spam' }, reporter, 400],
      [{ target_type: 'post', target_id: postId, reason: 'spam', note: 'x'.repeat(1001) }, reporter, 400],
      [{ target_type: 'post', target_id: postId, reason: 'spam' }, author, 400],
      [{ target_type: 'user', target_id: author.id, reason: 'spam' }, author, 400],
      [{ target_type: 'post', target_id: postId, reason: 'spam' }, null, 401],
      [
        { target_type: 'post', target_id: '00000000-0000-7000-8000-000000000000', reason: 'spam' },
        reporter,
        404,
      ],
      [{ target_type: 'comment', target_id: 'nope', reason: 'spam' }, reporter, 404],
      [
        {
          target_type: 'post',
          target_id: await dbMakePost(t, author, { visibility: 'private' }),
          reason: 'spam',
        },
        reporter,
        404,
      ],
    ]
    for (const [body, who, status] of cases) {
      const response = await sendReport(t, who, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(status)
      expect(response.json().detail).toEqual(expect.any(String))
    }
  })

  it('limits how many reports one user files in an hour', async () => {
    const reporter = await makeUser(t)
    const author = await makeUser(t)
    for (let i = 0; i < 20; i += 1) {
      await report(reporter, { target_type: 'post', target_id: await dbMakePost(t, author), reason: 'spam' })
    }
    const over = await sendReport(t, reporter, {
      target_type: 'post',
      target_id: await dbMakePost(t, author),
      reason: 'spam',
    })
    expect(over.statusCode).toBe(429)
    expect(over.json().detail).toMatch(/reporting too quickly/)
  })

  it('groups open reports by target in the queue, most reported first, with filters and pages', async () => {
    const author = await makeUser(t)
    const moderator = await makeModerator(t)
    const [a, b, c] = [await makeUser(t), await makeUser(t), await makeUser(t)]
    const { post_id: postId } = await apiMakePost(t, author, { title: 'Perpetual motion, finally' })
    const comment = await apiMakeComment(t, author, postId, { content: 'You are all wrong' })
    await report(a, {
      target_type: 'post',
      target_id: postId,
      reason: 'misinformation',
      note: 'Violates physics',
    })
    await report(b, { target_type: 'post', target_id: postId, reason: 'spam' })
    await report(c, { target_type: 'comment', target_id: comment._id, reason: 'harassment' })
    await report(a, { target_type: 'user', target_id: author.id, reason: 'other', note: 'Serial offender' })

    expect((await sendTo(t, null, 'GET /mod/reports')).statusCode).toBe(401)
    expect((await sendTo(t, a, 'GET /mod/reports')).statusCode).toBe(403)
    const queue = (await sendTo(t, moderator, 'GET /mod/reports')).json()
    expect(queue.open).toBe(3)
    expect(queue.items.map((item: { target: { type: string } }) => item.target.type)).toEqual([
      'post',
      'comment',
      'user',
    ])
    expect(queue.items[0]).toMatchObject({
      count: 2,
      reasons: ['misinformation', 'spam'],
      target: {
        id: postId,
        title: 'Perpetual motion, finally',
        author_name: author.username,
        url: `/forum/detail/${postId}`,
        moderation: { state: 'visible' },
      },
      reports: [
        { reason: 'misinformation', note: 'Violates physics', reporter: a.username },
        { reason: 'spam', note: '', reporter: b.username },
      ],
    })
    expect(queue.items[1].target).toMatchObject({
      excerpt: 'You are all wrong',
      url: `/forum/detail/${postId}#${comment._id}`,
      post_id: postId,
    })

    const comments = (
      await sendTo(t, moderator, 'GET /mod/reports', { query: { target_type: 'comment' } })
    ).json()
    expect(comments.items.map((item: { target: { id: string } }) => item.target.id)).toEqual([comment._id])
    const spam = (await sendTo(t, moderator, 'GET /mod/reports', { query: { reason: 'spam' } })).json()
    expect(spam.items.map((item: { target: { id: string } }) => item.target.id)).toEqual([postId])

    const first = (await sendTo(t, moderator, 'GET /mod/reports', { query: { limit: '2' } })).json()
    expect(first.items).toHaveLength(2)
    const second = (
      await sendTo(t, moderator, 'GET /mod/reports', { query: { limit: '2', cursor: first.next_cursor } })
    ).json()
    expect(second.items.map((item: { target: { id: string } }) => item.target.id)).toEqual([author.id])
    expect(second.next_cursor).toBeNull()
    expect(
      (await sendTo(t, moderator, 'GET /mod/reports', { query: { cursor: 'garbage' } })).statusCode,
    ).toBe(400)
  })

  it('settles all of a target’s reports with one decision and logs it with its reason', async () => {
    const author = await makeUser(t)
    const moderator = await makeModerator(t)
    const [a, b] = [await makeUser(t), await makeUser(t)]
    const postId = await dbMakePost(t, author, { title: 'Harmless' })
    const first = await report(a, { target_type: 'post', target_id: postId, reason: 'spam' })
    await report(b, { target_type: 'post', target_id: postId, reason: 'spam' })

    expect(
      (await sendMod(t, a, `reports/${first.id}/resolve`, { action: 'dismiss', reason: 'x' })).statusCode,
    ).toBe(403)
    const dismissed = await sendMod(t, moderator, `reports/${first.id}/resolve`, {
      action: 'dismiss',
      reason: 'Not spam: a conference announcement',
    })
    expect(dismissed.statusCode, dismissed.body).toBe(200)
    expect(dismissed.json()).toEqual({ resolved: 2 })
    expect((await sendTo(t, moderator, 'GET /mod/reports')).json().items).toEqual([])
    expect(
      (await sendMod(t, moderator, `reports/${first.id}/resolve`, { action: 'dismiss', reason: 'x' }))
        .statusCode,
    ).toBe(409)
    // Dismissed: the reporter may report it again.
    const again = await report(a, { target_type: 'post', target_id: postId, reason: 'plagiarism' })

    // Hidden through the queue.
    const hidden = await sendMod(t, moderator, `reports/${again.id}/resolve`, {
      action: 'hide',
      reason: 'Copied',
    })
    expect(hidden.json()).toEqual({ resolved: 1 })
    expect((await sendTo(t, null, 'GET /media/:id', { params: { id: postId } })).statusCode).toBe(404)

    // A user can't be hidden; suspending needs an end.
    const userReport = await report(a, { target_type: 'user', target_id: author.id, reason: 'spam' })
    expect(
      (await sendMod(t, moderator, `reports/${userReport.id}/resolve`, { action: 'hide', reason: 'x' }))
        .statusCode,
    ).toBe(400)
    expect(
      (await sendMod(t, moderator, `reports/${userReport.id}/resolve`, { action: 'suspend', reason: 'x' }))
        .statusCode,
    ).toBe(400)
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString()
    const suspended = await sendMod(t, moderator, `reports/${userReport.id}/resolve`, {
      action: 'suspend',
      reason: 'Spam again',
      until,
    })
    expect(suspended.statusCode, suspended.body).toBe(200)
    expect((await sendTo(t, author, 'GET /auth/me')).json()).toMatchObject({
      suspended_until: until,
      suspension_reason: 'Spam again',
    })

    // The public log: every act with its reason, the moderator named to moderators only.
    const log = (await sendTo(t, null, 'GET /mod/log')).json()
    expect(log.items.map((entry: { action: string }) => entry.action)).toEqual(['suspend', 'hide', 'dismiss'])
    expect(log.items[1]).toMatchObject({
      target_type: 'post',
      target_id: postId,
      target_label: 'Harmless',
      reason: 'Copied',
    })
    expect(log.items[0]).toMatchObject({ target_label: author.username, detail: until })
    expect(JSON.stringify(log)).not.toContain(moderator.username)
    expect(log.items[0].moderator).toBeUndefined()
    const forModerators = (await sendTo(t, moderator, 'GET /mod/log')).json()
    expect(forModerators.items[0].moderator).toBe(moderator.username)
    const page = (await sendTo(t, null, 'GET /mod/log', { query: { limit: '2' } })).json()
    const rest = (
      await sendTo(t, null, 'GET /mod/log', { query: { limit: '2', cursor: page.next_cursor } })
    ).json()
    expect([...page.items, ...rest.items].map((entry: { id: string }) => entry.id)).toEqual(
      log.items.map((entry: { id: string }) => entry.id),
    )
    expect(rest.next_cursor).toBeNull()
  })
})
