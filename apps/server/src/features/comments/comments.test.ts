import { sql } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import {
  apiMakeComment,
  dbMakeComments,
  dbMakePost,
  dbPostCommentCount,
  makeUser,
  sendComment,
  sendCommentList,
  sendLikeComment,
  sendTo,
} from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'
import { DEMO_COMMENTS, seedDemoComments } from './comments.demo'

const COMMENT_LIMIT = 25
const LIKE_LIMIT = 30

const t = useTestApp({ COMMENT_RATE_LIMIT: String(COMMENT_LIMIT), LIKE_RATE_LIMIT: String(LIKE_LIMIT) })

type User = Awaited<ReturnType<typeof makeUser>>

const list = (postId: string, user: User | null = null, query = '') => sendCommentList(t, user, postId, query)

function remove(user: User, commentId: string) {
  return sendTo(t, user, 'DELETE /comments/:id', { params: { id: commentId } })
}

const postCommentCount = (postId: string) => dbPostCommentCount(t, postId)

async function recountPostComments(postId: string) {
  const { rows } = await sql<{
    n: number
  }>`select count(*)::int as n from comments where post_id = ${postId}`.execute(t.database.db)
  return rows[0].n
}

/** Every comment whose stored reply_count differs from its real number of direct replies. */
async function replyCountDrift() {
  const { rows } = await sql<{ id: string }>`
    select c.id from comments c
    where c.reply_count <> (select count(*) from comments r where r.parent_id = c.id)
  `.execute(t.database.db)
  return rows
}

async function likeState(commentId: string) {
  const { rows } = await sql<{ stored: number; real: number }>`
    select c.likes_count as stored, (select count(*)::int from comment_likes l where l.comment_id = c.id) as real
    from comments c where c.id = ${commentId}
  `.execute(t.database.db)
  return rows[0]
}

describe(`comments (${TEST_DB})`, () => {
  it('places comments at levels 1, 2, 3 and keeps replies to level 3 at level 3 in the same thread', async () => {
    const [ana, ben] = [await makeUser(t), await makeUser(t)]
    const postId = await dbMakePost(t, ana)

    const top = await apiMakeComment(t, ben, postId, { content: 'Lovely photos.' })
    expect(top).toMatchObject({ level: 1, parentId: null, rootId: null })

    // The client's rootId is ignored: the server derives it from the parent.
    const reply = await apiMakeComment(t, ana, postId, {
      content: 'Thanks!',
      parentId: top._id,
      rootId: uuidv7(),
    })
    expect(reply).toMatchObject({ level: 2, parentId: top._id, rootId: top._id })

    const deeper = await apiMakeComment(t, ben, postId, {
      content: 'Which lens?',
      parentId: reply._id,
      rootId: top._id,
    })
    expect(deeper).toMatchObject({ level: 3, parentId: reply._id, rootId: top._id })

    const deepest = await apiMakeComment(t, ana, postId, { content: 'A 90mm macro.', parentId: deeper._id })
    expect(deepest).toMatchObject({ level: 3, parentId: deeper._id, rootId: top._id })

    expect(await postCommentCount(postId)).toBe(4)
    expect(await replyCountDrift()).toEqual([])
    const shown = (await list(postId)).json()
    expect(shown.map((c: { _id: string; replyCount: number }) => [c._id, c.replyCount])).toEqual([
      [top._id, 1],
      [reply._id, 1],
      [deeper._id, 1],
      [deepest._id, 0],
    ])
  })

  it('answers the whole created comment in the spec shape', async () => {
    const ana = await makeUser(t)
    const postId = await dbMakePost(t, ana)
    const response = await sendComment(t, ana, { postId, content: '  **Markdown** stays as written  ' })
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body).toEqual({
      _id: expect.any(String),
      postId,
      userId: ana.id,
      username: ana.username,
      display_name: ana.username,
      avatar: '',
      content: '**Markdown** stays as written',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      likes: 0,
      is_liked: false,
      level: 1,
      parentId: null,
      rootId: null,
      replyCount: 0,
      // Not edited yet.
      revision: 1,
      edited_at: null,
      post_version: 1,
      // A new account earns nothing yet (features/rewards).
      reward: null,
    })
  })

  it('accepts a form-encoded body too', async () => {
    const ana = await makeUser(t)
    const postId = await dbMakePost(t, ana)
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/comments/create',
      headers: { ...ana.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ postId, content: 'From a form', imageUrl: '' }).toString(),
    })
    expect(response.statusCode, response.body).toBe(201)
  })

  it('refuses a reply to a comment of another post with 400', async () => {
    const ana = await makeUser(t)
    const [first, second] = [await dbMakePost(t, ana), await dbMakePost(t, ana)]
    const elsewhere = await apiMakeComment(t, ana, first, { content: 'On the first post' })
    const response = await sendComment(t, ana, {
      postId: second,
      content: 'Cross-post reply',
      parentId: elsewhere._id,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toBe('The comment you are replying to belongs to another post')
    expect(await postCommentCount(second)).toBe(0)
    expect(await replyCountDrift()).toEqual([])
  })

  it.each([
    ['empty', '', 'Comment cannot be empty'],
    ['blank', ' \n\t ', 'Comment cannot be empty'],
    ['5001 characters', 'x'.repeat(5001), 'Comment is too long: at most 5,000 characters'],
  ])('refuses %s content with 400', async (_name, content, detail) => {
    const ana = await makeUser(t)
    const postId = await dbMakePost(t, ana)
    const response = await sendComment(t, ana, { postId, content })
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toBe(detail)
    expect(await recountPostComments(postId)).toBe(0)
  })

  it('accepts exactly 5000 characters', async () => {
    const ana = await makeUser(t)
    const postId = await dbMakePost(t, ana)
    const response = await sendComment(t, ana, { postId, content: 'y'.repeat(5000) })
    expect(response.statusCode).toBe(201)
    expect(response.json().content).toHaveLength(5000)
  })

  it('asks anonymous visitors to login (401) and creates nothing', async () => {
    const ana = await makeUser(t)
    const postId = await dbMakePost(t, ana)
    const response = await sendComment(t, null, { postId, content: 'Who am I?' })
    expect(response.statusCode).toBe(401)
    expect(response.json().detail).toBe('Please login to submit your comment')
    expect(await recountPostComments(postId)).toBe(0)
  })

  it('answers 404 for a missing post, a malformed id and a missing parent', async () => {
    const ana = await makeUser(t)
    const postId = await dbMakePost(t, ana)
    for (const missing of [uuidv7(), 'not-a-uuid']) {
      const created = await sendComment(t, ana, { postId: missing, content: 'Hello?' })
      expect(created.statusCode).toBe(404)
      expect(created.json().detail).toBe('Post not found')
      const listed = await list(missing)
      expect(listed.statusCode).toBe(404)
      expect(listed.json().detail).toBe('Post not found')
    }
    const orphan = await sendComment(t, ana, { postId, content: 'Reply to nothing', parentId: uuidv7() })
    expect(orphan.statusCode).toBe(404)
    expect(orphan.json().detail).toBe('The comment you are replying to no longer exists')
    expect((await sendLikeComment(t, ana, 'nope')).statusCode).toBe(404)
    expect((await remove(ana, uuidv7())).statusCode).toBe(404)
  })

  it('lists threads in display order, pages by top-level comments, and marks what the viewer likes', async () => {
    const [ana, ben] = [await makeUser(t), await makeUser(t)]
    const postId = await dbMakePost(t, ana)
    const tops: string[] = []
    for (let i = 0; i < 14; i += 1)
      tops.push((await apiMakeComment(t, i % 2 ? ana : ben, postId, { content: `Top ${i}` }))._id)
    // Thread of the newest top comment: two branches, the older one with two level-3 replies.
    const newest = tops[13]
    const older = await apiMakeComment(t, ana, postId, { content: 'older branch', parentId: newest })
    const newer = await apiMakeComment(t, ben, postId, { content: 'newer branch', parentId: newest })
    const olderA = await apiMakeComment(t, ben, postId, {
      content: 'under older, first',
      parentId: older._id,
    })
    const olderB = await apiMakeComment(t, ana, postId, {
      content: 'under older, second',
      parentId: olderA._id,
    })
    // A reply in the oldest thread travels with that thread to the second page.
    const late = await apiMakeComment(t, ana, postId, { content: 'late reply', parentId: tops[0] })
    expect((await sendLikeComment(t, ben, olderA._id)).json()).toMatchObject({ action: 'liked', likes: 1 })

    const first = await list(postId, ben)
    expect(first.statusCode).toBe(200)
    const page1 = first.json() as { _id: string; level: number; is_liked: boolean; likes: number }[]
    expect(page1.filter((c) => c.level === 1)).toHaveLength(12)
    expect(page1.slice(0, 5).map((c) => c._id)).toEqual([
      newest,
      newer._id,
      older._id,
      olderA._id,
      olderB._id,
    ])
    expect(page1[5]._id).toBe(tops[12])
    expect(page1.find((c) => c._id === olderA._id)).toMatchObject({ is_liked: true, likes: 1 })
    expect(page1.filter((c) => c.is_liked)).toHaveLength(1)

    const anonymous = (await list(postId)).json() as { is_liked: boolean }[]
    expect(anonymous.some((c) => c.is_liked)).toBe(false)

    const second = (await list(postId, ben, '?skip=12&limit=12')).json() as { _id: string }[]
    expect(second.map((c) => c._id)).toEqual([tops[1], tops[0], late._id])

    const small = (await list(postId, null, '?limit=1')).json() as { _id: string }[]
    expect(small).toHaveLength(5)
    expect((await list(postId, null, '?limit=101')).statusCode).toBe(400)
    expect((await list(postId, null, '?skip=-1')).statusCode).toBe(400)
  })

  it('lets only the author delete a comment (403 for anyone else)', async () => {
    const [ana, ben] = [await makeUser(t), await makeUser(t)]
    const postId = await dbMakePost(t, ana)
    const mine = await apiMakeComment(t, ben, postId, { content: 'Mine' })
    // Not even the post's author may delete it.
    const response = await remove(ana, mine._id)
    expect(response.statusCode).toBe(403)
    expect(response.json().detail).toBe('Only the author of a comment can delete it')
    expect(await postCommentCount(postId)).toBe(1)
    expect((await list(postId)).json()).toHaveLength(1)
  })

  it('toggles a like and reports the action and count', async () => {
    const [ana, ben] = [await makeUser(t), await makeUser(t)]
    const postId = await dbMakePost(t, ana)
    const c = await apiMakeComment(t, ana, postId, { content: 'Like me' })
    expect((await sendLikeComment(t, ben, c._id)).json()).toEqual({
      status: 'success',
      action: 'liked',
      likes: 1,
      is_liked: true,
    })
    expect((await sendLikeComment(t, ana, c._id)).json()).toEqual({
      status: 'success',
      action: 'liked',
      likes: 2,
      is_liked: true,
    })
    expect((await sendLikeComment(t, ben, c._id)).json()).toEqual({
      status: 'success',
      action: 'unliked',
      likes: 1,
      is_liked: false,
    })
    expect((await sendLikeComment(t, ana, c._id, 'like')).json()).toMatchObject({ action: 'liked', likes: 1 })
    expect((await sendLikeComment(t, ben, c._id, 'unlike')).json()).toMatchObject({
      action: 'unliked',
      likes: 1,
    })
    const anonymous = await sendTo(t, null, 'POST /comments/:id/like', { params: { id: c._id } })
    expect(anonymous.statusCode).toBe(401)
    const byForm = await t.app.inject({
      method: 'POST',
      url: `/api/v1/comments/${c._id}/like`,
      headers: { ...ben.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=like',
    })
    expect(byForm.json()).toMatchObject({ action: 'liked', likes: 2, is_liked: true })
    expect(await likeState(c._id)).toEqual({ stored: 2, real: 2 })
  })

  it('keeps one like per user under 20 concurrent likes from that user', async () => {
    const [ana, ben] = [await makeUser(t), await makeUser(t)]
    const postId = await dbMakePost(t, ana)
    const c = await apiMakeComment(t, ana, postId, { content: 'Hammer me' })
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => sendLikeComment(t, ben, c._id, 'like')),
    )
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200))
    for (const answer of answers) {
      expect(answer.json()).toEqual({ status: 'success', action: 'liked', likes: 1, is_liked: true })
    }
    expect(await likeState(c._id)).toEqual({ stored: 1, real: 1 })
  })

  it('keeps the count equal to the rows under 20 concurrent toggles from one user', async () => {
    const [ana, ben] = [await makeUser(t), await makeUser(t)]
    const postId = await dbMakePost(t, ana)
    const c = await apiMakeComment(t, ana, postId, { content: 'Toggle me' })
    const answers = await Promise.all(Array.from({ length: 20 }, () => sendLikeComment(t, ben, c._id)))
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200))
    const actions = answers.map((r) => r.json().action)
    const net = actions.filter((a) => a === 'liked').length - actions.filter((a) => a === 'unliked').length
    const state = await likeState(c._id)
    expect(state.stored).toBe(state.real)
    expect(state.real).toBeLessThanOrEqual(1)
    // The answers form a valid history: every like is matched by an unlike except the last state.
    expect(net).toBe(state.real)
  })

  it('counts 20 users liking at once as 20 likes', async () => {
    const ana = await makeUser(t)
    const postId = await dbMakePost(t, ana)
    const c = await apiMakeComment(t, ana, postId, { content: 'Popular' })
    const fans = await Promise.all(Array.from({ length: 20 }, () => makeUser(t)))
    const answers = await Promise.all(fans.map((fan) => sendLikeComment(t, fan, c._id)))
    expect(answers.map((r) => r.json().action)).toEqual(Array(20).fill('liked'))
    expect(answers.map((r) => r.json().likes).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    )
    expect(await likeState(c._id)).toEqual({ stored: 20, real: 20 })
  })

  it('counts only the comments written toward the limit, not the attempts refused with 400 or 404', async () => {
    const ana = await makeUser(t)
    const postId = await dbMakePost(t, ana)
    const refused = [
      { postId, content: '   ' },
      { postId, content: 'x'.repeat(5001) },
      { postId, content: 'To nothing', parentId: uuidv7() },
      { content: 'No post' },
    ]
    for (let i = 0; i < COMMENT_LIMIT; i += 1) {
      const attempt = await sendComment(t, ana, refused[i % refused.length])
      expect([400, 404], attempt.body).toContain(attempt.statusCode)
    }
    for (let i = 0; i < COMMENT_LIMIT; i += 1)
      await apiMakeComment(t, ana, postId, { content: `Comment ${i}` })
    expect((await sendComment(t, ana, { postId, content: 'One more' })).statusCode).toBe(429)
    expect(await recountPostComments(postId)).toBe(COMMENT_LIMIT)
  })

  it('limits comments and likes per user per minute with 429', async () => {
    const [ana, ben] = [await makeUser(t), await makeUser(t)]
    const postId = await dbMakePost(t, ana)
    for (let i = 0; i < COMMENT_LIMIT; i += 1)
      await apiMakeComment(t, ana, postId, { content: `Comment ${i}` })
    const tooMany = await sendComment(t, ana, { postId, content: 'One more' })
    expect(tooMany.statusCode).toBe(429)
    expect(tooMany.json().detail).toMatch(/^You are commenting too quickly\. Please wait .+ and try again\.$/)
    expect(tooMany.headers['retry-after']).toBeDefined()
    expect(await recountPostComments(postId)).toBe(COMMENT_LIMIT)
    // Another user is not affected.
    const target = await apiMakeComment(t, ben, postId, { content: 'Still fine' })

    for (let i = 0; i < LIKE_LIMIT; i += 1)
      expect((await sendLikeComment(t, ana, target._id)).statusCode).toBe(200)
    const likeTooMany = await sendLikeComment(t, ana, target._id)
    expect(likeTooMany.statusCode).toBe(429)
    expect(likeTooMany.json().detail).toMatch(/^You are liking too quickly\./)
    expect((await sendLikeComment(t, ben, target._id)).statusCode).toBe(200)
  })

  it('hides the comments of a private post from everyone but its author', async () => {
    const [ana, ben] = [await makeUser(t), await makeUser(t)]
    const postId = await dbMakePost(t, ana, { visibility: 'private' })
    const own = await apiMakeComment(t, ana, postId, { content: 'A note to self' })
    expect((await list(postId, ana)).json()).toHaveLength(1)

    for (const response of [await list(postId, ben), await list(postId)]) {
      expect(response.statusCode).toBe(404)
      expect(response.json().detail).toBe('Post not found')
    }
    const intrude = await sendComment(t, ben, { postId, content: 'Can I?' })
    expect(intrude.statusCode).toBe(404)
    expect((await sendComment(t, ben, { postId, content: 'Reply?', parentId: own._id })).statusCode).toBe(404)
    expect((await sendLikeComment(t, ben, own._id)).statusCode).toBe(404)
    expect(await likeState(own._id)).toEqual({ stored: 0, real: 0 })
  })

  it('lets the forum search find comment text and answers the post with matched_comment_id', async () => {
    const [ana, ben] = [await makeUser(t), await makeUser(t)]
    const postId = await dbMakePost(t, ana, { title: 'Tide pools at dawn' })
    await apiMakeComment(t, ben, postId, { content: 'Lovely light.' })
    const hit = await apiMakeComment(t, ben, postId, { content: 'The anemones look like chrysanthemums.' })
    const search = (query: string, user: User | null = null) =>
      sendTo(t, user, 'GET /media/list', { query: Object.fromEntries(new URLSearchParams(query)) })

    for (const query of [
      'search=chrysanth',
      'search=chrysanthemum&sort_by=recent_desc',
      'search=anemone&sort_by=hot_desc',
    ]) {
      const response = await search(query)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json().items, query).toEqual([
        expect.objectContaining({ _id: postId, matched_comment_id: hit._id }),
      ])
    }
    // A post that matches by itself is returned as a plain post hit.
    const own = (await search('search=tide')).json().items
    expect(own).toHaveLength(1)
    expect(own[0]).not.toHaveProperty('matched_comment_id')
    // A deleted comment is no longer found.
    await remove(ben, hit._id)
    expect((await search('search=chrysanth')).json().items).toEqual([])
  })

  it('finds posts through a common word from the newest comments first', async () => {
    const ana = await makeUser(t)
    const [busy, quiet] = [
      await dbMakePost(t, ana, { title: 'Busy thread' }),
      await dbMakePost(t, ana, { title: 'Quiet one' }),
    ]
    // More hits than the relevance candidates: the newest comments are enough to answer.
    await dbMakeComments(
      t,
      ana,
      busy,
      Array.from({ length: 600 }, (_, i) => `zebra sighting number ${i}`),
    )
    const newest = await apiMakeComment(t, ana, quiet, { content: 'A zebra, finally.' })
    const response = await sendTo(t, null, 'GET /media/list', { query: { search: 'zebra' } })
    expect(response.statusCode).toBe(200)
    const items = response.json().items as { _id: string; matched_comment_id?: string }[]
    expect(items.map((item) => item._id).sort()).toEqual([busy, quiet].sort())
    expect(items.find((item) => item._id === quiet)?.matched_comment_id).toBe(newest._id)
    expect(items.find((item) => item._id === busy)?.matched_comment_id).toEqual(expect.any(String))
  })

  it("keeps comments on a private post out of other people's search", async () => {
    const [ana, ben] = [await makeUser(t), await makeUser(t)]
    const postId = await dbMakePost(t, ana, { visibility: 'private' })
    const note = await apiMakeComment(t, ana, postId, { content: 'Remember the xylophone recording.' })
    const search = (user: User | null) =>
      sendTo(t, user, 'GET /media/list', { query: { search: 'xylophone' } })
    expect((await search(ben)).json().items).toEqual([])
    expect((await search(null)).json().items).toEqual([])
    expect((await search(ana)).json().items).toEqual([
      expect.objectContaining({ _id: postId, matched_comment_id: note._id }),
    ])
  })

  it('seeds the demo discussion with exact counters and replies after their parents', async () => {
    const names = ['ada_lab', 'mira_chen', 'tomas_k', 'noor_audio']
    const users = new Map<string, string>()
    for (const name of names) users.set(name, (await makeUser(t, { username: name })).id)
    const owner = await makeUser(t)
    const posts = new Map<string, string>()
    for (const title of Object.keys(DEMO_COMMENTS)) posts.set(title, await dbMakePost(t, owner, { title }))

    const count = (items: (typeof DEMO_COMMENTS)[string]): number =>
      items.reduce((sum, item) => sum + 1 + count(item.replies ?? []), 0)
    const expected = Object.values(DEMO_COMMENTS).reduce((sum, items) => sum + count(items), 0)
    expect(await seedDemoComments(t.app.ctx, users, posts)).toBe(expected)

    for (const postId of posts.values())
      expect(await postCommentCount(postId)).toBe(await recountPostComments(postId))
    expect(await replyCountDrift()).toEqual([])
    const { rows: badLikes } = await sql`
      select c.id from comments c
      where c.likes_count <> (select count(*) from comment_likes l where l.comment_id = c.id)
    `.execute(t.database.db)
    expect(badLikes).toEqual([])
    const { rows: early } = await sql`
      select c.id from comments c join comments p on p.id = c.parent_id where c.created_at <= p.created_at
    `.execute(t.database.db)
    expect(early).toEqual([])
    const { rows: levels } = await sql<{
      level: number
    }>`select distinct level from comments order by level`.execute(t.database.db)
    expect(levels.map((row) => row.level)).toEqual([1, 2, 3])
  })

  it('goes away with its post', async () => {
    const ana = await makeUser(t)
    const postId = await dbMakePost(t, ana)
    const c = await apiMakeComment(t, ana, postId, { content: 'Soon gone' })
    await apiMakeComment(t, ana, postId, { content: 'Reply', parentId: c._id })
    await t.database.db.deleteFrom('posts').where('id', '=', postId).execute()
    expect(await recountPostComments(postId)).toBe(0)
  })
})
