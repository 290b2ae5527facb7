import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import {
  apiMakeComment,
  apiMakePost,
  makeUser,
  sendEditComment,
  sendTo,
  type TestUser,
} from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'

// The read cache on: an edit must reach anonymous readers at once.
const t = useTestApp({ READ_CACHE_MS: '60000' })

async function count(table: 'reward_entries' | 'comment_revisions') {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
    t.database.db,
  )
  return rows[0].n
}

async function thread(postId: string, user?: TestUser) {
  const response = await sendTo(t, user ?? null, 'GET /comments/post/:id', { params: { id: postId } })
  expect(response.statusCode).toBe(200)
  return response.json() as {
    _id: string
    content: string
    revision: number
    edited_at: string | null
  }[]
}

describe(`editing a comment (${TEST_DB})`, () => {
  it('changes its text, keeps the text replaced as a revision, and shows the edit in the thread at once', async () => {
    const ada = await makeUser(t)
    const bob = await makeUser(t)
    const { post_id: postId } = await apiMakePost(t, ada)
    const { _id: id } = await apiMakeComment(t, bob, postId, { content: 'The gel was 2 %.' })
    expect((await thread(postId))[0]).toMatchObject({
      content: 'The gel was 2 %.',
      revision: 1,
      edited_at: null,
    })

    const edited = await sendEditComment(t, bob, id, { base_revision: 1, content: 'The gel was 1.5 %.' })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({
      _id: id,
      content: 'The gel was 1.5 %.',
      revision: 2,
      username: bob.username,
    })
    expect(edited.json().edited_at).toEqual(expect.any(String))
    expect((await thread(postId))[0]).toMatchObject({ content: 'The gel was 1.5 %.', revision: 2 })

    const history = await sendTo(t, null, 'GET /comments/:id/revisions', { params: { id } })
    expect(history.statusCode).toBe(200)
    expect(history.json().items).toMatchObject([
      { revision: 1, content: 'The gel was 2 %.', editor_id: bob.id, editor_name: bob.username },
      { revision: 2, content: 'The gel was 1.5 %.', editor_id: bob.id, created_at: edited.json().edited_at },
    ])
  })

  it('makes no revision for the same text; refuses empty or over-long text; keeps the comment', async () => {
    const ada = await makeUser(t)
    const { post_id: postId } = await apiMakePost(t, ada)
    const { _id: id } = await apiMakeComment(t, ada, postId, { content: 'Unchanged' })
    const same = await sendEditComment(t, ada, id, { content: '  Unchanged  ' })
    expect(same.statusCode).toBe(200)
    expect(same.json()).toMatchObject({ revision: 1, edited_at: null })
    for (const content of ['   ', 'x'.repeat(5001)]) {
      expect((await sendEditComment(t, ada, id, { content })).statusCode).toBe(400)
    }
    expect((await sendEditComment(t, ada, id, {})).statusCode).toBe(400)
    expect(await count('comment_revisions')).toBe(0)
    expect((await thread(postId))[0].content).toBe('Unchanged')
  })

  it('lets only its author edit: others 403, signed out 401, missing 404, on someone else’s private post 404', async () => {
    const ada = await makeUser(t)
    const bob = await makeUser(t)
    const { post_id: postId } = await apiMakePost(t, ada)
    const { post_id: hiddenPost } = await apiMakePost(t, ada, { visibility: 'private' })
    const { _id: id } = await apiMakeComment(t, ada, postId)
    const { _id: hidden } = await apiMakeComment(t, ada, hiddenPost)
    expect((await sendEditComment(t, bob, id, { content: 'Mine now' })).statusCode).toBe(403)
    expect((await sendEditComment(t, null, id, { content: 'Mine now' })).statusCode).toBe(401)
    expect((await sendEditComment(t, bob, hidden, { content: 'Mine now' })).statusCode).toBe(404)
    expect((await sendTo(t, bob, 'GET /comments/:id/revisions', { params: { id: hidden } })).statusCode).toBe(
      404,
    )
    expect((await sendTo(t, ada, 'GET /comments/:id/revisions', { params: { id: hidden } })).statusCode).toBe(
      200,
    )
    expect((await sendEditComment(t, ada, 'nope', { content: 'x' })).statusCode).toBe(404)
    await sendTo(t, ada, 'DELETE /comments/:id', { params: { id } })
    expect((await sendEditComment(t, ada, id, { content: 'x' })).statusCode).toBe(404)
    expect((await sendTo(t, null, 'GET /comments/:id/revisions', { params: { id } })).statusCode).toBe(404)
  })

  it('answers a stale base revision with 409 and the current text; of two concurrent edits exactly one wins', async () => {
    const ada = await makeUser(t)
    const { post_id: postId } = await apiMakePost(t, ada)
    const { _id: id } = await apiMakeComment(t, ada, postId, { content: 'Base' })
    const answers = await Promise.all([
      sendEditComment(t, ada, id, { base_revision: 1, content: 'Left' }),
      sendEditComment(t, ada, id, { base_revision: 1, content: 'Right' }),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    const winner = answers.find((answer) => answer.statusCode === 200)!.json().content
    const conflict = answers.find((answer) => answer.statusCode === 409)!.json()
    expect(conflict).toMatchObject({ code: 'edit_conflict', current: { content: winner, revision: 2 } })
    expect(await count('comment_revisions')).toBe(1)
  })

  it('never earns rewards, and search finds the new words, not the old', async () => {
    const ada = await makeUser(t)
    const bob = await makeUser(t)
    const { post_id: postId } = await apiMakePost(t, ada, { title: 'Plain title' })
    const { _id: id } = await apiMakeComment(t, bob, postId, { content: 'about chrysanthemums' })
    const rewards = await count('reward_entries')
    expect(
      (await sendTo(t, null, 'GET /media/list', { query: { search: 'chrysanthemums' } })).json().items,
    ).toHaveLength(1)
    expect((await sendEditComment(t, bob, id, { content: 'about anemones' })).statusCode).toBe(200)
    expect(await count('reward_entries')).toBe(rewards)
    expect(
      (await sendTo(t, null, 'GET /media/list', { query: { search: 'chrysanthemums' } })).json().items,
    ).toHaveLength(0)
    expect(
      (await sendTo(t, null, 'GET /media/list', { query: { search: 'anemones' } })).json().items,
    ).toHaveLength(1)
  })
})
