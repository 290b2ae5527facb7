import type { ApiKey } from '@agora/contract'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import {
  apiFollow,
  apiLikePost,
  apiMakeComment,
  apiMakePost,
  makeModerator,
  makeUser,
  type Sent,
  send,
  sendMod,
  sendTo,
  type TestUser,
} from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'

// What hiding, removing and restoring do: hidden content leaves every list others see,
// its author still sees it with the reason; removed content is a tombstone; files of a removed
// post are served to moderators only; what the content earned is reversed once; the author is told.

const t = useTestApp({
  COMMENT_RATE_LIMIT: '1000',
  LIKE_RATE_LIMIT: '1000',
  REWARDS_MIN_ACCOUNT_AGE_HOURS: '0',
})

/** A GET endpoint and what to send it. */
type Read = { key: ApiKey & `GET ${string}`; sent?: Sent }

async function act(
  moderator: TestUser,
  kind: 'posts' | 'comments',
  id: string,
  action: string,
  reason: string,
) {
  const response = await sendMod(t, moderator, `${kind}/${id}/${action}`, { reason })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

/** Ids of the posts a list answers (the forum list, a profile's lists, search). */
async function idsIn({ key, sent }: Read, user?: TestUser): Promise<string[]> {
  const response = await sendTo(t, user ?? null, key, sent)
  expect(response.statusCode, response.body).toBe(200)
  const body = response.json()
  const items: { _id?: string; id?: string; post_id?: string }[] = Array.isArray(body) ? body : body.items
  return items.map((item) => item._id ?? item.id ?? item.post_id ?? '')
}

describe(`moderation effects (${TEST_DB})`, () => {
  it('a hidden post leaves lists, search, feeds and liked lists for others; its author sees it with the reason', async () => {
    const author = await makeUser(t)
    const reader = await makeUser(t)
    const moderator = await makeModerator(t)
    const { post_id: postId } = await apiMakePost(t, author, { title: 'Zymurgy of quasars', tags: 'astro' })
    await apiLikePost(t, reader, postId)
    await apiFollow(t, reader, { kind: 'user', target: author.id })
    const lists: Read[] = [
      { key: 'GET /media/list' },
      { key: 'GET /media/list', sent: { query: { search: 'zymurgy' } } },
      { key: 'GET /media/user/:id/posts', sent: { params: { id: author.id } } },
      { key: 'GET /media/user/:id/liked', sent: { params: { id: reader.id } } },
    ]
    for (const list of lists) expect(await idsIn(list)).toContain(postId)
    expect(await idsIn({ key: 'GET /media/list', sent: { query: { feed: 'following' } } }, reader)).toContain(
      postId,
    )

    const state = await act(moderator, 'posts', postId, 'hide', 'Off topic for this forum')
    expect(state).toMatchObject({
      state: 'hidden',
      reason: 'Off topic for this forum',
      review_requested: false,
    })

    for (const list of lists) expect(await idsIn(list, reader), JSON.stringify(list)).not.toContain(postId)
    expect(
      await idsIn({ key: 'GET /media/list', sent: { query: { feed: 'following' } } }, reader),
    ).not.toContain(postId)
    expect((await sendTo(t, null, 'GET /media/:id', { params: { id: postId } })).statusCode).toBe(404)
    expect((await sendTo(t, reader, 'GET /media/:id', { params: { id: postId } })).statusCode).toBe(404)
    expect((await sendTo(t, reader, 'GET /comments/post/:id', { params: { id: postId } })).statusCode).toBe(
      404,
    )
    // Its author still has it, in the own lists and on its page with the reason.
    expect(
      await idsIn({ key: 'GET /media/user/:id/posts', sent: { params: { id: author.id } } }, author),
    ).toContain(postId)
    const own = await sendTo(t, author, 'GET /media/:id', { params: { id: postId } })
    expect(own.statusCode).toBe(200)
    expect(own.json().moderation).toMatchObject({ state: 'hidden', reason: 'Off topic for this forum' })

    // The author may edit it and ask for a review; the review puts it in the queue.
    const edit = await send(t, author, 'PATCH', `/api/v1/media/${postId}`, {
      title: 'Zymurgy of quasars, on topic now',
    })
    expect(edit.statusCode, edit.body).toBe(200)
    const review = await sendMod(t, author, `posts/${postId}/review`, { note: 'I rewrote it' })
    expect(review.statusCode, review.body).toBe(200)
    expect(review.json().review_requested).toBe(true)
    expect((await sendMod(t, author, `posts/${postId}/review`, {})).statusCode).toBe(409)
    expect((await sendMod(t, reader, `posts/${postId}/review`, {})).statusCode).toBe(404)
    const queue = (await sendTo(t, moderator, 'GET /mod/reports')).json()
    expect(queue.items).toEqual([
      expect.objectContaining({
        review_requested: true,
        count: 0,
        target: expect.objectContaining({ id: postId }),
      }),
    ])

    // Restored: back everywhere.
    expect(await act(moderator, 'posts', postId, 'restore', 'Fixed by the author')).toMatchObject({
      state: 'visible',
    })
    for (const list of lists) expect(await idsIn(list, reader), JSON.stringify(list)).toContain(postId)
    expect(
      (await sendTo(t, null, 'GET /media/:id', { params: { id: postId } })).json().moderation,
    ).toBeUndefined()
    expect((await sendTo(t, moderator, 'GET /mod/reports')).json().items).toEqual([])
  })

  it('a removed comment stays a tombstone in its thread, so its replies keep their place', async () => {
    const author = await makeUser(t)
    const replier = await makeUser(t)
    const moderator = await makeModerator(t)
    const { post_id: postId } = await apiMakePost(t, author)
    const rude = await apiMakeComment(t, replier, postId, {
      content: 'Something rude and searchable: xylophonic',
    })
    const reply = await apiMakeComment(t, author, postId, {
      content: 'Please keep it civil',
      parentId: rude._id,
    })

    expect(await idsIn({ key: 'GET /media/list', sent: { query: { search: 'xylophonic' } } })).toContain(
      postId,
    )
    await act(moderator, 'comments', rude._id, 'remove', 'Harassment')
    expect(await idsIn({ key: 'GET /media/list', sent: { query: { search: 'xylophonic' } } })).not.toContain(
      postId,
    )

    const thread = (await sendTo(t, author, 'GET /comments/post/:id', { params: { id: postId } })).json()
    expect(thread.map((comment: { _id: string }) => comment._id)).toEqual([rude._id, reply._id])
    expect(thread[0]).toMatchObject({ content: '', moderation: { state: 'removed', reason: '' } })
    expect(thread[1]).toMatchObject({ content: 'Please keep it civil', parentId: rude._id })
    // Its author learns why, but the text is gone for everyone.
    const own = (await sendTo(t, replier, 'GET /comments/post/:id', { params: { id: postId } })).json()[0]
    expect(own).toMatchObject({ content: '', moderation: { state: 'removed', reason: 'Harassment' } })
    // A hidden comment: its author still reads the text.
    const other = await apiMakeComment(t, replier, postId, { content: 'Borderline' })
    await act(moderator, 'comments', other._id, 'hide', 'Needs a source')
    const seenByAuthor = (
      await sendTo(t, replier, 'GET /comments/post/:id', { params: { id: postId } })
    ).json()
    const seenByOthers = (await sendTo(t, null, 'GET /comments/post/:id', { params: { id: postId } })).json()
    expect(seenByAuthor.find((c: { _id: string }) => c._id === other._id)).toMatchObject({
      content: 'Borderline',
      moderation: { state: 'hidden', reason: 'Needs a source' },
    })
    expect(seenByOthers.find((c: { _id: string }) => c._id === other._id)).toMatchObject({
      content: '',
      moderation: { state: 'hidden', reason: '' },
    })
    // Nobody else likes a moderated comment.
    const like = await sendTo(t, null, 'POST /comments/:id/like', {
      params: { id: other._id },
      json: { action: 'like' },
      headers: (await makeUser(t)).headers,
    })
    expect(like.statusCode).toBe(404)
  })

  it("a removed post's files are served to moderators only", async () => {
    const author = await makeUser(t)
    const moderator = await makeModerator(t)
    const created = await apiMakePost(t, author)
    const cid = created.post.media[0].cid
    expect((await sendTo(t, null, 'GET /files/:cid', { params: { cid } })).statusCode).toBe(200)
    await act(moderator, 'posts', created.post_id, 'remove', 'Copyright')
    for (const who of [undefined, author]) {
      const response = await sendTo(t, who ?? null, 'GET /files/:cid', { params: { cid } })
      // As for a CID nothing here stores.
      expect(response.statusCode).toBe(404)
      expect(response.json().detail).toBe('File not found')
    }
    expect((await sendTo(t, moderator, 'GET /files/:cid', { params: { cid } })).statusCode).toBe(200)
    // The author still has the post, marked removed.
    expect(
      (await sendTo(t, author, 'GET /media/:id', { params: { id: created.post_id } })).json().moderation,
    ).toMatchObject({
      state: 'removed',
      reason: 'Copyright',
    })
    await act(moderator, 'posts', created.post_id, 'restore', 'Licence shown')
    expect((await sendTo(t, null, 'GET /files/:cid', { params: { cid } })).statusCode).toBe(200)
  })

  it('hiding reverses what the content earned, once; restoring does not pay it again', async () => {
    const author = await makeUser(t)
    const liker = await makeUser(t)
    const moderator = await makeModerator(t)
    await sql`update users set created_at = now() - interval '2 days' where id = ${author.id}`.execute(
      t.database.db,
    )
    const { post_id: postId } = await apiMakePost(t, author)
    await apiLikePost(t, liker, postId)
    const balance = async () => (await sendTo(t, author, 'GET /rewards/me')).json().balance as string
    const before = BigInt(await balance())
    expect(before).toBeGreaterThan(0n)

    await act(moderator, 'posts', postId, 'hide', 'Spam')
    expect(await balance()).toBe('0')
    await act(moderator, 'posts', postId, 'restore', 'Not spam after all')
    expect(await balance()).toBe('0')
    await act(moderator, 'posts', postId, 'remove', 'Spam after all')
    expect(await balance()).toBe('0')
    const entries = await t.database.db
      .selectFrom('reward_entries')
      .select('reason')
      .where('user_id', '=', author.id)
      .execute()
    const reversals = entries.filter((entry) => entry.reason === 'reversal')
    expect(reversals.length).toBe(entries.length - reversals.length)
  })

  it('tells the author what was done and why, without naming the moderator', async () => {
    const author = await makeUser(t)
    const moderator = await makeModerator(t)
    const { post_id: postId } = await apiMakePost(t, author, { title: 'A contested result' })
    await act(moderator, 'posts', postId, 'hide', 'Unsupported claims')
    const list = (await sendTo(t, author, 'GET /notifications')).json()
    expect(list.items[0]).toMatchObject({
      kind: 'moderation',
      actor: null,
      post_id: postId,
      post_title: 'A contested result',
      excerpt: 'Unsupported claims',
    })
  })

  it('answers 404 for unknown content, 409 for a state it already has, 400 without a reason', async () => {
    const author = await makeUser(t)
    const moderator = await makeModerator(t)
    const { post_id: postId } = await apiMakePost(t, author)
    expect(
      (await sendMod(t, moderator, 'posts/00000000-0000-7000-8000-000000000000/hide', { reason: 'x' }))
        .statusCode,
    ).toBe(404)
    expect((await sendMod(t, moderator, 'posts/not-an-id/hide', { reason: 'x' })).statusCode).toBe(404)
    expect((await sendMod(t, moderator, `posts/${postId}/restore`, { reason: 'x' })).statusCode).toBe(409)
    const noReason = await sendMod(t, moderator, `posts/${postId}/hide`, {})
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().detail).toEqual(expect.any(String))
    expect((await sendMod(t, moderator, `things/${postId}/hide`, { reason: 'x' })).statusCode).toBe(400)
    await act(moderator, 'posts', postId, 'hide', 'x')
    expect((await sendMod(t, moderator, `posts/${postId}/hide`, { reason: 'x' })).statusCode).toBe(409)
  })
})
