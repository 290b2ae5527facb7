import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import {
  apiLikePost,
  apiMakeComment,
  apiMakePost,
  makeUser,
  send,
  sendEditPost,
  sendForm,
  sendTo,
  type TestUser,
  urlEncoded,
} from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'

// The read cache on: an edit must reach anonymous readers at once.
const t = useTestApp({ READ_CACHE_MS: '60000' }, { blobs: true })

async function postRow(id: string) {
  return t.database.db
    .selectFrom('posts')
    .select(['title', 'revision', 'hot_score', 'likes_count', 'visibility', 'edited_by'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

async function count(table: 'reward_entries' | 'post_revisions' | 'analysis_jobs', where = sql`true`) {
  const { rows } = await sql<{
    n: number
  }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(t.database.db)
  return rows[0].n
}

describe(`editing a post (${TEST_DB})`, () => {
  it('changes the fields it names, keeps the values replaced as a revision, and answers the post', async () => {
    const ada = await makeUser(t)
    const { post_id: id } = await apiMakePost(t, ada, {
      title: 'Fluorescence of old paper',
      summary: 'First take',
      content: 'Text one.',
      tags: 'optics, paper',
    })
    const edited = await sendEditPost(t, ada, id, {
      base_revision: 1,
      title: 'Fluorescence of aged paper',
      tags: 'optics,#Archives',
    })
    expect(edited.statusCode).toBe(200)
    const post = edited.json()
    expect(post).toMatchObject({
      id,
      title: 'Fluorescence of aged paper',
      summary: 'First take',
      content: 'Text one.',
      tags: ['optics', 'archives'],
      revision: 2,
    })
    expect(Date.parse(post.edited_at)).toBeGreaterThan(Date.parse(post.created_at) - 1)

    const history = await sendTo(t, null, 'GET /media/:id/revisions', { params: { id } })
    expect(history.statusCode).toBe(200)
    const items = history.json().items
    expect(items.map((item: { revision: number }) => item.revision)).toEqual([1, 2])
    expect(items[0]).toMatchObject({
      title: 'Fluorescence of old paper',
      tags: ['optics', 'paper'],
      editor_name: ada.username,
      editor_id: ada.id,
    })
    expect(items[0].created_at).toBe(post.created_at)
    expect(items[1]).toMatchObject({
      title: 'Fluorescence of aged paper',
      editor_id: ada.id,
      created_at: post.edited_at,
    })
  })

  it("answers with the author's own marks, whatever the case of the id in the URL", async () => {
    const ada = await makeUser(t)
    const { post_id: id } = await apiMakePost(t, ada, { title: 'Marked' })
    await apiLikePost(t, ada, id)
    const edited = await sendEditPost(t, ada, id.toUpperCase(), { title: 'Marked again' })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({ id, title: 'Marked again', is_liked: true, is_saved: false })
  })

  it('makes no revision when nothing changes, and still answers 200 with the post', async () => {
    const ada = await makeUser(t)
    const { post_id: id } = await apiMakePost(t, ada, { title: 'Same', tags: 'a, b' })
    const same = await sendEditPost(t, ada, id, { base_revision: 1, title: '  Same ', tags: 'a,b' })
    expect(same.statusCode).toBe(200)
    expect(same.json()).toMatchObject({ revision: 1, edited_at: null })
    expect(await count('post_revisions')).toBe(0)
  })

  it('accepts a form-encoded edit and `description` for the summary, as the upload form sends them', async () => {
    const ada = await makeUser(t)
    const { post_id: id } = await apiMakePost(t, ada)
    const response = await sendForm(
      t,
      ada,
      `/api/v1/media/${id}`,
      urlEncoded({ base_revision: '1', description: 'From the form', visibility: 'private' }),
      'PATCH',
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ summary: 'From the form', visibility: 'private', revision: 2 })
  })

  it('refuses what the upload form refuses, and keeps the post as it was', async () => {
    const ada = await makeUser(t)
    const { post_id: id } = await apiMakePost(t, ada, { title: 'Kept' })
    for (const [body, field] of [
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(',') }, 'tags'],
      [{ visibility: 'friends' }, 'visibility'],
      [{ content: 'c'.repeat(100_001) }, 'content'],
    ] as const) {
      const response = await sendEditPost(t, ada, id, body)
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400)
      expect(response.json().errors[0].field).toBe(field)
    }
    expect(await postRow(id)).toMatchObject({ title: 'Kept', revision: 1 })
    expect(await count('post_revisions')).toBe(0)
  })

  it('lets only the author edit: others 403, signed out 401, missing or deleted 404, someone else’s private post 404', async () => {
    const ada = await makeUser(t)
    const bob = await makeUser(t)
    const { post_id: id } = await apiMakePost(t, ada)
    const { post_id: hidden } = await apiMakePost(t, ada, { visibility: 'private' })
    expect((await sendEditPost(t, bob, id, { title: 'Mine now' })).statusCode).toBe(403)
    expect((await sendEditPost(t, null, id, { title: 'Mine now' })).statusCode).toBe(401)
    expect((await sendEditPost(t, bob, hidden, { title: 'Mine now' })).statusCode).toBe(404)
    expect(
      (await sendEditPost(t, ada, '0190b0c8-0000-7000-8000-000000000000', { title: 'x' })).statusCode,
    ).toBe(404)
    expect((await sendEditPost(t, ada, 'not-an-id', { title: 'x' })).statusCode).toBe(404)
    const deleted = await send(t, ada, 'DELETE', `/api/v1/media/${id}/delete`)
    expect(deleted.statusCode).toBe(200)
    const gone = await sendEditPost(t, ada, id, { title: 'x' })
    expect(gone.statusCode).toBe(404)
    expect(gone.json().detail).toBe('Post not found')
  })

  it('answers a stale base revision with 409 and the current post, and overwrites nothing', async () => {
    const ada = await makeUser(t)
    const { post_id: id } = await apiMakePost(t, ada, { title: 'One' })
    expect((await sendEditPost(t, ada, id, { base_revision: 1, title: 'Two' })).statusCode).toBe(200)
    const stale = await sendEditPost(t, ada, id, { base_revision: 1, title: 'Three' })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ code: 'edit_conflict', current: { title: 'Two', revision: 2 } })
    expect(stale.json().detail).toMatch(/changed meanwhile/)
    expect(await postRow(id)).toMatchObject({ title: 'Two', revision: 2 })
  })

  it('lets exactly one of two concurrent edits from the same base revision win; the other gets 409', async () => {
    const ada = await makeUser(t)
    const { post_id: id } = await apiMakePost(t, ada, { title: 'Base' })
    const answers = await Promise.all([
      sendEditPost(t, ada, id, { base_revision: 1, title: 'Left' }),
      sendEditPost(t, ada, id, { base_revision: 1, title: 'Right' }),
    ])
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses).toEqual([200, 409])
    const winner = answers.find((answer) => answer.statusCode === 200)!.json().title
    const loser = answers.find((answer) => answer.statusCode === 409)!.json()
    expect(loser.current.title).toBe(winner)
    expect(await postRow(id)).toMatchObject({ title: winner, revision: 2 })
    expect(await count('post_revisions')).toBe(1)
  })

  it('never earns rewards and never moves hot_score; re-queues the analysis only when the analysed text changes', async () => {
    const ada = await makeUser(t)
    const bob = await makeUser(t)
    const { post_id: id } = await apiMakePost(t, ada, { title: 'Ranked' })
    await apiLikePost(t, bob, id)
    await apiMakeComment(t, bob, id)
    const before = await postRow(id)
    const rewards = await count('reward_entries')
    await t.database.db
      .updateTable('analysis_jobs')
      .set({ status: 'done' })
      .where('post_id', '=', id)
      .execute()
    const queued = sql`post_id = ${id} and status = 'queued'`

    expect((await sendEditPost(t, ada, id, { tags: 'new, tags' })).statusCode).toBe(200)
    expect(await count('analysis_jobs', queued)).toBe(0)
    expect((await sendEditPost(t, ada, id, { content: 'A new body' })).statusCode).toBe(200)
    expect(await count('analysis_jobs', queued)).toBe(1)

    const after = await postRow(id)
    expect(after.hot_score).toBe(before.hot_score)
    expect(after.likes_count).toBe(before.likes_count)
    expect(await count('reward_entries')).toBe(rewards)
  })

  it('is seen at once by search and by anonymous readers (the read cache forgets the post)', async () => {
    const ada = await makeUser(t)
    const { post_id: id } = await apiMakePost(t, ada, { title: 'Hyperspectral lichens' })
    expect((await sendTo(t, null, 'GET /media/:id', { params: { id } })).json().title).toBe(
      'Hyperspectral lichens',
    )
    expect(
      (await sendTo(t, null, 'GET /media/list', { query: { search: 'lichens' } })).json().items,
    ).toHaveLength(1)

    expect((await sendEditPost(t, ada, id, { title: 'Hyperspectral mosses' })).statusCode).toBe(200)
    expect((await sendTo(t, null, 'GET /media/:id', { params: { id } })).json().title).toBe(
      'Hyperspectral mosses',
    )
    expect(
      (await sendTo(t, null, 'GET /media/list', { query: { search: 'lichens' } })).json().items,
    ).toHaveLength(0)
    expect(
      (await sendTo(t, null, 'GET /media/list', { query: { search: 'mosses' } }))
        .json()
        .items.map((item: { id: string }) => item.id),
    ).toEqual([id])
  })

  it('turning a public post private takes it out of lists, search and other users’ liked lists at once', async () => {
    const ada = await makeUser(t)
    const bob = await makeUser(t)
    const { post_id: id } = await apiMakePost(t, ada, { title: 'Going private soon' })
    await apiLikePost(t, bob, id)
    const seenBy = async (user?: TestUser) => ({
      list: (await sendTo(t, user ?? null, 'GET /media/list')).json().items.length,
      search: (await sendTo(t, user ?? null, 'GET /media/list', { query: { search: 'private' } })).json()
        .items.length,
      liked: (await sendTo(t, user ?? null, 'GET /media/user/:id/liked', { params: { id: bob.id } })).json()
        .length,
      detail: (await sendTo(t, user ?? null, 'GET /media/:id', { params: { id } })).statusCode,
      history: (await sendTo(t, user ?? null, 'GET /media/:id/revisions', { params: { id } })).statusCode,
    })
    expect(await seenBy()).toEqual({ list: 1, search: 1, liked: 1, detail: 200, history: 200 })

    expect((await sendEditPost(t, ada, id, { visibility: 'private' })).statusCode).toBe(200)
    const hidden = { list: 0, search: 0, liked: 0, detail: 404, history: 404 }
    expect(await seenBy()).toEqual(hidden)
    expect(await seenBy(bob)).toEqual(hidden)
    // Its author still sees it everywhere, Bob's liked list included.
    expect(await seenBy(ada)).toEqual({ list: 1, search: 1, liked: 1, detail: 200, history: 200 })
  })

  it('deletes the history with the post', async () => {
    const ada = await makeUser(t)
    const { post_id: id } = await apiMakePost(t, ada)
    await sendEditPost(t, ada, id, { title: 'Edited' })
    expect(await count('post_revisions')).toBe(1)
    await sendTo(t, ada, 'DELETE /media/:id/delete', { params: { id } })
    expect(await count('post_revisions')).toBe(0)
    expect((await sendTo(t, null, 'GET /media/:id/revisions', { params: { id } })).statusCode).toBe(410)
  })
})
