import { POST_UNAVAILABLE } from '@agora/contract'
import { describe, expect, it } from 'vitest'
import { dbMakePost, dbModerate, makeModerator, makeUser, send, sendMod } from '../../../test/factories'
import { TEST_DB, useTestApp, withSecondApp } from '../../../test/harness'

// What a reader learns of a post they may not see: hidden by the moderators (404, with the public
// log's reason), removed by them (410), or nothing at all (404 post_not_found) for a private or
// absent one.

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
})
