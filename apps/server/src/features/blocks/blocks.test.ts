import { describe, expect, it, vi } from 'vitest'
import {
  apiLikeComment,
  apiLikePost,
  apiMakeComment,
  dbMakePost,
  dbRowsOf,
  makeUser,
  send,
  sendComment,
  sendEditComment,
  sendTo,
  type TestUser,
} from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'

// Blocks: POST|DELETE /users/{id}/block, GET /auth/me/blocks; a blocked user cannot
// comment on the blocker's posts, reply to their comments, or notify them.

const t = useTestApp({ COMMENT_RATE_LIMIT: '1000', LIKE_RATE_LIMIT: '1000' })

const block = (by: TestUser | null, id: string, method: 'POST' | 'DELETE' = 'POST') =>
  sendTo(t, by, `${method} /users/:id/block`, { params: { id } })

async function blocks(user: TestUser) {
  const response = await sendTo(t, user, 'GET /auth/me/blocks')
  expect(response.statusCode).toBe(200)
  return response.json().items as { id: string; username: string }[]
}

async function unread(user: TestUser) {
  const response = await send(t, user, 'GET', '/api/v1/notifications/unread_count')
  return response.json().unread as number
}

/** A blocker with a post of their own and a comment on a neutral user's post; a pest not yet blocked. */
async function blockerAndPest() {
  const blocker = await makeUser(t)
  const pest = await makeUser(t)
  const neutral = await makeUser(t)
  const ownPost = await dbMakePost(t, blocker)
  const otherPost = await dbMakePost(t, neutral)
  const blockerComment = await apiMakeComment(t, blocker, otherPost, { content: 'My view' })
  return { blocker, pest, neutral, ownPost, otherPost, blockerComment }
}

describe(`blocks (${TEST_DB})`, () => {
  it('blocks and unblocks, listed newest first; refuses oneself, nobody, and visitors', async () => {
    const me = await makeUser(t)
    const [a, b] = [await makeUser(t), await makeUser(t)]
    expect((await block(me, a.id)).json()).toEqual({ blocked: true })
    expect((await block(me, a.id)).json()).toEqual({ blocked: true })
    await block(me, b.id)
    expect((await blocks(me)).map((u) => u.username)).toEqual([b.username, a.username])
    expect((await block(me, a.id, 'DELETE')).json()).toEqual({ blocked: false })
    expect((await blocks(me)).map((u) => u.id)).toEqual([b.id])
    expect((await block(me, me.id)).statusCode).toBe(400)
    expect((await block(me, '00000000-0000-7000-8000-000000000000')).statusCode).toBe(404)
    expect((await block(null, a.id)).statusCode).toBe(401)
  })

  it('a blocked user cannot comment on the blocker’s posts or reply to their comments, nor notify them', async () => {
    const { blocker, pest, neutral, ownPost, otherPost, blockerComment } = await blockerAndPest()
    await block(blocker, pest.id)

    // The guard refuses before the write does anything: no event is raised, so nothing reacts.
    const raise = vi.spyOn(t.app.ctx.events, 'raise')
    const onPost = await sendComment(t, pest, { postId: ownPost, content: 'Hey' })
    expect(onPost.statusCode).toBe(403)
    expect(onPost.json().detail).toBe('You cannot reply here: the author has blocked you')
    const reply = await sendComment(t, pest, {
      postId: otherPost,
      content: 'No',
      parentId: blockerComment._id,
    })
    expect(reply.statusCode).toBe(403)
    expect(raise).not.toHaveBeenCalled()
    raise.mockRestore()
    expect(await dbRowsOf(t, 'comments', pest)).toEqual([])

    // Elsewhere they may write, but a mention of the blocker tells the blocker nothing.
    const before = await unread(blocker)
    const elsewhere = await sendComment(t, pest, { postId: otherPost, content: `Ask @${blocker.username}` })
    expect(elsewhere.statusCode).toBe(201)
    const mentionOfNeutral = await sendComment(t, pest, {
      postId: otherPost,
      content: `Ask @${neutral.username}`,
    })
    expect(mentionOfNeutral.statusCode).toBe(201)
    // Nor does a like of the blocker's post or comment.
    await apiLikePost(t, pest, ownPost)
    await apiLikeComment(t, pest, blockerComment._id)
    expect(await unread(blocker)).toBe(before)
    expect(await unread(neutral)).toBeGreaterThan(0)

    // Unblocked: all as before.
    await block(blocker, pest.id, 'DELETE')
    expect((await sendComment(t, pest, { postId: ownPost, content: 'Sorry' })).statusCode).toBe(201)
    expect(await unread(blocker)).toBe(before + 1)
  })

  it('a blocked user cannot edit their old comments on the blocker’s posts or replies to them', async () => {
    const { blocker, pest, ownPost, otherPost, blockerComment } = await blockerAndPest()
    const onPost = await apiMakeComment(t, pest, ownPost, { content: 'Fair point' })
    const reply = await apiMakeComment(t, pest, otherPost, {
      content: 'Agreed',
      parentId: blockerComment._id,
    })
    const elsewhere = await apiMakeComment(t, pest, otherPost, { content: 'Elsewhere' })
    await block(blocker, pest.id)

    // Refused as a new comment there is: the same status and code.
    const refusedNew = await sendComment(t, pest, { postId: ownPost, content: 'Hey' })
    for (const id of [onPost._id, reply._id]) {
      const edit = await sendEditComment(t, pest, id, { content: 'Rewritten to insult' })
      expect(edit.statusCode).toBe(refusedNew.statusCode)
      expect(edit.json().code).toBe(refusedNew.json().code)
      expect(edit.json().detail).toMatch(/blocked you/)
    }
    const history = await send(t, null, 'GET', `/api/v1/comments/${onPost._id}/revisions`)
    expect(history.json().items.map((item: { content: string }) => item.content)).toEqual(['Fair point'])

    // Elsewhere, and once unblocked, edits go through.
    expect((await sendEditComment(t, pest, elsewhere._id, { content: 'Elsewhere, edited' })).statusCode).toBe(
      200,
    )
    await block(blocker, pest.id, 'DELETE')
    expect((await sendEditComment(t, pest, onPost._id, { content: 'Fair point, edited' })).statusCode).toBe(
      200,
    )
  })
})
