import { waitFor } from '@agora/test-kit'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { apiMakeComment, apiMakePost, makeUser, sendTo } from '../../../test/factories'
import { createTestApp, TEST_DB, type TestApp } from '../../../test/harness'
import { openStream } from '../../../test/live/sse-client'

// The live streams over a real HTTP server and the real database, read by a client
// that is not our code: the notifications of a user, and the comments of a post.

let t: TestApp
let base: string
const open: { source: { close(): void } }[] = []
beforeAll(async () => {
  t = await createTestApp({ COMMENT_RATE_LIMIT: '10000' })
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterEach(async () => {
  for (const stream of open.splice(0)) stream.source.close()
  await t.reset()
})
afterAll(() => t.close())

function stream(path: string, types: string[], headers: Record<string, string> = {}) {
  const opened = openStream(`${base}/api/v1${path}`, types, headers)
  open.push(opened)
  return opened
}

/** Ada, with a post titled `title`, listening to her notifications since their first unread count; Bob. */
async function adaListening(title: string) {
  const ada = await makeUser(t)
  const bob = await makeUser(t)
  const post = await apiMakePost(t, ada, { title })
  const live = stream('/notifications/stream', ['unread', 'notification'], ada.headers)
  await waitFor(() => live.of('unread').length === 1, 'the first unread count')
  return { ada, bob, post, live }
}

describe(`live streams (${TEST_DB})`, () => {
  it('answers 401 with a detail to a visitor, and 404 for a stream of a post nobody may see', async () => {
    const signedOut = await sendTo(t, null, 'GET /notifications/stream')
    expect(signedOut.statusCode).toBe(401)
    expect(signedOut.json().detail).toBe('Please login to see your notifications')
    const ada = await makeUser(t)
    const bob = await makeUser(t)
    const hidden = await apiMakePost(t, ada, { title: 'Drafts', visibility: 'private' })
    for (const headers of [{}, bob.headers]) {
      const answer = await sendTo(t, null, 'GET /comments/post/:id/stream', {
        params: { id: hidden.post_id },
        headers,
      })
      expect(answer.statusCode).toBe(404)
      expect(answer.json().detail).toBe('Post not found')
    }
    const malformed = await sendTo(t, null, 'GET /comments/post/:id/stream', { params: { id: 'nope' } })
    expect(malformed.statusCode).toBe(404)
  })

  it('tells the unread count at once, then each new notification and the count, as they happen', async () => {
    const { ada, bob, post, live } = await adaListening('Lichen growth')
    expect(live.received).toEqual([{ type: 'unread', data: { unread: 0 }, id: '' }])

    const comment = await apiMakeComment(t, bob, post.post_id, { content: 'Which substrate?' })
    await waitFor(() => live.of('unread').length === 2, 'the count after the comment')
    const [told] = live.of('notification')
    expect(told.data).toMatchObject({
      kind: 'comment',
      read: false,
      comment_id: comment._id,
      post_id: post.post_id,
      target_url: `/forum/detail/${post.post_id}#${comment._id}`,
      actor: { id: bob.id, username: bob.username },
    })
    // The event id is the notification's: a reconnect resumes after it.
    expect(told.id).toBe(told.data.id)
    expect(live.of('unread')[1].data).toEqual({ unread: 1 })
    // The author's own comment tells nobody, not even the author's stream.
    await apiMakeComment(t, ada, post.post_id, { content: 'On granite.' })
    await apiMakeComment(t, bob, post.post_id, { content: 'Thanks!' })
    await waitFor(() => live.of('notification').length === 2, 'the second comment of bob')
    expect(live.of('notification').map((event) => event.data.actor)).toMatchObject([
      { username: bob.username },
      { username: bob.username },
    ])
  })

  it('resumes after Last-Event-ID: what was missed comes first, in order, each once', async () => {
    const ada = await makeUser(t)
    const bob = await makeUser(t)
    const post = await apiMakePost(t, ada, { title: 'Moss cover' })
    const first = stream('/notifications/stream', ['unread', 'notification'], ada.headers)
    await apiMakeComment(t, bob, post.post_id, { content: 'one' })
    await waitFor(() => first.of('notification').length === 1, 'the first notification')
    const lastSeen = first.of('notification')[0].id
    first.source.close()

    // Two comments while the reader is away.
    await apiMakeComment(t, bob, post.post_id, { content: 'two' })
    await apiMakeComment(t, bob, post.post_id, { content: 'three' })
    const again = stream('/notifications/stream', ['unread', 'notification'], {
      ...ada.headers,
      'last-event-id': lastSeen,
    })
    await waitFor(() => again.of('notification').length === 2, 'the two missed notifications')
    expect(again.of('notification').map((event) => event.data.excerpt)).toEqual(['two', 'three'])
    expect(again.of('unread').at(-1)?.data).toEqual({ unread: 3 })
    // Then live ones, once each.
    await apiMakeComment(t, bob, post.post_id, { content: 'four' })
    await waitFor(() => again.of('notification').length === 3, 'the live one after the catch-up')
    const ids = again.of('notification').map((event) => event.id)
    expect(new Set(ids).size).toBe(3)
    expect(ids).not.toContain(lastSeen)
    // The same through ?last_event_id= (for clients that cannot set the header).
    const byQuery = stream(`/notifications/stream?last_event_id=${lastSeen}`, ['notification'], ada.headers)
    await waitFor(() => byQuery.of('notification').length === 3, 'the catch-up by query')
    expect(byQuery.of('notification').map((event) => event.data.excerpt)).toEqual(['two', 'three', 'four'])
  })

  it('sends nothing more on a stream whose session ended (a logout): it ends, and reopening is refused', async () => {
    const { ada, bob, post, live } = await adaListening('Moss spores')
    const loggedOut = await sendTo(t, ada, 'POST /auth/logout')
    expect(loggedOut.statusCode).toBe(200)

    await apiMakeComment(t, bob, post.post_id, { content: 'After the logout' })
    // The client reconnects the ended stream by itself; the ended session's token is refused.
    await waitFor(() => live.source.readyState === live.source.CLOSED, 'the stream closed for good')
    expect(live.of('notification')).toEqual([])
  })

  it("streams a post's new comments to an anonymous reader, and nothing of other posts", async () => {
    const ada = await makeUser(t)
    const bob = await makeUser(t)
    const post = await apiMakePost(t, ada, { title: 'Soil cores' })
    const other = await apiMakePost(t, ada, { title: 'Other' })
    const reader = stream(`/comments/post/${post.post_id}/stream`, ['comment'])
    // A comment on another post first: it must not arrive; the next one must.
    // Open (its headers in) means listening: a comment written from now on is told.
    await waitFor(() => reader.source.readyState === 1, 'the stream open')
    await apiMakeComment(t, bob, other.post_id, { content: 'elsewhere' })
    const comment = await apiMakeComment(t, bob, post.post_id, { content: 'here' })
    const reply = await apiMakeComment(t, ada, post.post_id, { content: 'reply', parentId: comment._id })
    await waitFor(() => reader.of('comment').length === 2, 'both comments of the post')
    expect(reader.of('comment').map((event) => event.data)).toEqual([
      { _id: comment._id, postId: post.post_id, parentId: null },
      { _id: reply._id, postId: post.post_id, parentId: comment._id },
    ])
  })
})
