import { POST_UNAVAILABLE } from '@agora/contract'
import { describe, expect, it } from 'vitest'
import {
  apiMakeComment,
  dbMakePost,
  dbModerate,
  makeModerator,
  makeUser,
  send,
  sendComment,
  sendLikePost,
  sendMod,
} from '../../../test/factories'
import { TEST_DB, useTestApp, withSecondApp } from '../../../test/harness'

// What a reader learns of a post they may not see: hidden by the moderators (404, with the public
// log's reason), removed by them (410), deleted by its author (410), or nothing at all (404
// post_not_found) for a private or absent one.

const t = useTestApp()

describe(`a post others may not see (${TEST_DB})`, () => {
  it('answers 404 post_hidden with the reason the public log shows', async () => {
    const [ada, bob, moderator] = [await makeUser(t), await makeUser(t), await makeModerator(t)]
    const id = await dbMakePost(t, ada, { title: 'Off the beaten path' })
    const hidden = await sendMod(t, moderator, `posts/${id}/hide`, { reason: 'Needs a source' })
    expect(hidden.statusCode, hidden.body).toBe(200)
    const log = await send(t, null, 'GET', '/api/v1/mod/log')
    expect(log.json().items[0]).toMatchObject({ target_id: id, reason: 'Needs a source' })
    for (const reader of [null, bob]) {
      const response = await send(t, reader, 'GET', `/api/v1/media/${id}`)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({
        detail: 'This post was hidden by the moderators',
        code: POST_UNAVAILABLE.hidden,
        reason: 'Needs a source',
      })
    }
    // Its author still reads it, with the moderators' note.
    expect((await send(t, ada, 'GET', `/api/v1/media/${id}`)).statusCode).toBe(200)
  })

  it('answers 410 post_removed for a post the moderators removed', async () => {
    const ada = await makeUser(t)
    const id = await dbMakePost(t, ada)
    await dbModerate(t, 'post', id, 'removed', 'Spam')
    const response = await send(t, null, 'GET', `/api/v1/media/${id}`)
    expect(response.statusCode).toBe(410)
    expect(response.json()).toMatchObject({ code: POST_UNAVAILABLE.removed, reason: 'Spam' })
    // Its author still reads it.
    expect((await send(t, ada, 'GET', `/api/v1/media/${id}`)).statusCode).toBe(200)
  })

  it('lets the author read their hidden or removed post with the read cache on, after others were refused', async () => {
    await withSecondApp(t, { READ_CACHE_MS: '60000' }, async (cached) => {
      const ada = await makeUser(cached)
      for (const [moderation, status] of [
        ['hidden', 404],
        ['removed', 410],
      ] as const) {
        const id = await dbMakePost(cached, ada)
        await dbModerate(cached, 'post', id, moderation, 'Spam')
        expect((await send(cached, null, 'GET', `/api/v1/media/${id}`)).statusCode).toBe(status)
        const theirs = await send(cached, ada, 'GET', `/api/v1/media/${id}`)
        expect(theirs.statusCode, theirs.body).toBe(200)
      }
    })
  })

  it('answers 404 post_not_found, with no reason, for a private, hidden-and-private or unknown post', async () => {
    const ada = await makeUser(t)
    const secret = await dbMakePost(t, ada, { visibility: 'private' })
    const hiddenSecret = await dbMakePost(t, ada, { visibility: 'private' })
    await dbModerate(t, 'post', hiddenSecret, 'hidden', 'Spam')
    for (const id of [secret, hiddenSecret, '00000000-0000-7000-8000-000000000000', 'not-an-id']) {
      const response = await send(t, null, 'GET', `/api/v1/media/${id}`)
      expect(response.statusCode, id).toBe(404)
      expect(response.json()).toEqual({ detail: 'Post not found', code: POST_UNAVAILABLE.notFound })
    }
  })

  const deleted = { detail: 'This post was deleted by its author', code: POST_UNAVAILABLE.deleted }

  it('answers 410 post_deleted for a post its author deleted, to everyone, and keeps only its id and time', async () => {
    const [ada, bob] = [await makeUser(t), await makeUser(t)]
    const id = await dbMakePost(t, ada, { title: 'Withdrawn preprint', content: 'Nothing of this stays' })
    await apiMakeComment(t, bob, id)
    const removal = await send(t, ada, 'DELETE', `/api/v1/media/${id}/delete`)
    expect(removal.statusCode, removal.body).toBe(200)
    for (const reader of [null, bob, ada]) {
      const response = await send(t, reader, 'GET', `/api/v1/media/${id}`)
      expect(response.statusCode).toBe(410)
      expect(response.json()).toEqual(deleted)
    }
    const rows = await t.database.db.selectFrom('deleted_posts').selectAll().execute()
    expect(rows).toEqual([{ id, deleted_at: expect.any(Date) }])
    expect(await t.database.db.selectFrom('posts').select('id').where('id', '=', id).execute()).toEqual([])
  })

  it("answers 410 for a deleted post's comments, versions, revisions and citation; 404 to a write on it", async () => {
    const ada = await makeUser(t)
    const id = await dbMakePost(t, ada)
    expect((await send(t, ada, 'DELETE', `/api/v1/media/${id}/delete`)).statusCode).toBe(200)
    for (const path of [
      `/api/v1/comments/post/${id}`,
      `/api/v1/media/${id}/versions`,
      `/api/v1/media/${id}/revisions`,
      `/api/v1/media/${id}/cite?format=bibtex`,
    ]) {
      for (const reader of [null, ada]) {
        const response = await send(t, reader, 'GET', path)
        expect(response.statusCode, path).toBe(410)
        expect(response.json(), path).toEqual(deleted)
      }
    }
    // Writes on it find nothing to write to, as before; deleting it again too.
    expect((await sendLikePost(t, ada, id)).statusCode).toBe(404)
    expect((await sendComment(t, ada, { postId: id, content: 'Too late' })).statusCode).toBe(404)
    expect((await send(t, ada, 'DELETE', `/api/v1/media/${id}/delete`)).statusCode).toBe(404)
    // It leaves the lists and the feeds, which still answer.
    const list = await send(t, null, 'GET', '/api/v1/media/list')
    expect(list.statusCode).toBe(200)
    expect(list.json().items.map((item: { id: string }) => item.id)).not.toContain(id)
    const feed = await send(t, null, 'GET', '/feeds/forum.atom')
    expect(feed.statusCode).toBe(200)
    expect(feed.body).not.toContain(id)
  })

  it('answers 404 post_not_found for a private post its author deleted: others never knew it', async () => {
    const ada = await makeUser(t)
    const id = await dbMakePost(t, ada, { visibility: 'private' })
    expect((await send(t, ada, 'DELETE', `/api/v1/media/${id}/delete`)).statusCode).toBe(200)
    for (const reader of [null, ada]) {
      const response = await send(t, reader, 'GET', `/api/v1/media/${id}`)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ detail: 'Post not found', code: POST_UNAVAILABLE.notFound })
    }
    expect(await t.database.db.selectFrom('deleted_posts').selectAll().execute()).toEqual([])
  })

  it('answers 410 post_deleted for the posts of an account deleted with its content, and keeps the others', async () => {
    const [ada, bob] = [await makeUser(t), await makeUser(t)]
    const gone = [await dbMakePost(t, ada), await dbMakePost(t, ada)]
    const kept = await dbMakePost(t, bob)
    const deletion = await send(t, ada, 'DELETE', '/api/v1/auth/me', {
      password: ada.password,
      content: 'delete',
    })
    expect(deletion.statusCode, deletion.body).toBe(200)
    for (const id of gone) {
      const response = await send(t, null, 'GET', `/api/v1/media/${id}`)
      expect(response.statusCode).toBe(410)
      expect(response.json()).toEqual(deleted)
    }
    expect((await send(t, null, 'GET', `/api/v1/media/${kept}`)).statusCode).toBe(200)
    // Kept with the account: the posts stay, under "[deleted user]".
    const carol = await makeUser(t)
    const stays = await dbMakePost(t, carol)
    const keeping = await send(t, carol, 'DELETE', '/api/v1/auth/me', {
      password: carol.password,
      content: 'keep',
    })
    expect(keeping.statusCode, keeping.body).toBe(200)
    expect((await send(t, null, 'GET', `/api/v1/media/${stays}`)).statusCode).toBe(200)
  })
})
