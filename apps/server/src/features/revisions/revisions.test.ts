import { describe, expect, it } from 'vitest'
import {
  apiMakeComment,
  apiMakePost,
  dbMakePost,
  dbModerate,
  makeModerator,
  makeUser,
  send,
  sendEditComment,
  sendEditPost,
  sendTo,
  type TestUser,
} from '../../../test/factories'
import { multipart, pngFile } from '../../../test/files'
import { TEST_DB, useTestApp } from '../../../test/harness'

// Edit histories follow what they are the history of: a moderated comment's or post's revisions,
// and a post's revisions and versions made while it was private.

const t = useTestApp({ EDIT_RATE_LIMIT: '1000' }, { blobs: true })

async function history(kind: 'comments' | 'media', id: string, who: TestUser | null) {
  const response = await send(t, who, 'GET', `/api/v1/${kind}/${id}/revisions`)
  return { status: response.statusCode, body: response.json() }
}

const texts = (answer: { body: { items: { content: string }[] } }) =>
  answer.body.items.map((item) => item.content)

async function edited(kind: 'post' | 'comment', who: TestUser, id: string, content: string, extra = {}) {
  const response = await (kind === 'post' ? sendEditPost : sendEditComment)(t, who, id, { content, ...extra })
  expect(response.statusCode, response.body).toBe(200)
}

describe(`histories follow visibility (${TEST_DB})`, () => {
  it("a hidden comment's history: its author and moderators; a removed one's: moderators", async () => {
    const [author, stranger, moderator] = [await makeUser(t), await makeUser(t), await makeModerator(t)]
    const postId = await dbMakePost(t, author)
    const comment = await apiMakeComment(t, author, postId, { content: 'First words' })
    await edited('comment', author, comment._id, 'Rude words')
    expect(texts(await history('comments', comment._id, null))).toEqual(['First words', 'Rude words'])

    await dbModerate(t, 'comment', comment._id, 'hidden')
    for (const who of [null, stranger]) {
      const refused = await history('comments', comment._id, who)
      expect(refused.status).toBe(404)
      expect(refused.body).toMatchObject({
        code: 'comment_hidden',
        detail: 'The moderators hid this comment',
      })
    }
    expect(texts(await history('comments', comment._id, author))).toEqual(['First words', 'Rude words'])
    expect(texts(await history('comments', comment._id, moderator))).toEqual(['First words', 'Rude words'])

    await dbModerate(t, 'comment', comment._id, 'removed')
    for (const who of [null, stranger, author]) {
      const refused = await history('comments', comment._id, who)
      expect(refused.status).toBe(404)
      expect(refused.body.detail).toBe('The moderators removed this comment')
    }
    expect(texts(await history('comments', comment._id, moderator))).toEqual(['First words', 'Rude words'])
  })

  it("a moderated post's history: its author and moderators, nobody else", async () => {
    const [author, stranger, moderator] = [await makeUser(t), await makeUser(t), await makeModerator(t)]
    const postId = await dbMakePost(t, author, { content: 'Claim' })
    await edited('post', author, postId, 'Claim, stronger')
    for (const state of ['hidden', 'removed'] as const) {
      await dbModerate(t, 'post', postId, state)
      for (const who of [null, stranger]) expect((await history('media', postId, who)).status).toBe(404)
      expect(texts(await history('media', postId, author))).toEqual(['Claim', 'Claim, stronger'])
      expect(texts(await history('media', postId, moderator))).toEqual(['Claim', 'Claim, stronger'])
    }
    // A private post's history stays its author's.
    const secret = await dbMakePost(t, author, { content: 'Mine', visibility: 'private' })
    expect((await history('media', secret, moderator)).status).toBe(404)
  })

  it('a post made public keeps what was written while private from everyone but its author and moderators', async () => {
    const [author, stranger, moderator] = [await makeUser(t), await makeUser(t), await makeModerator(t)]
    const postId = await dbMakePost(t, author, { content: 'Draft: salary figures', visibility: 'private' })
    await edited('post', author, postId, 'Draft: names of reviewers')
    await edited('post', author, postId, 'The paper', { visibility: 'public' })
    await edited('post', author, postId, 'The paper, typo fixed')

    const everything = [
      'Draft: salary figures',
      'Draft: names of reviewers',
      'The paper',
      'The paper, typo fixed',
    ]
    expect(texts(await history('media', postId, author))).toEqual(everything)
    expect(texts(await history('media', postId, moderator))).toEqual(everything)
    for (const who of [null, stranger]) {
      const shown = await history('media', postId, who)
      expect(texts(shown)).toEqual(['The paper', 'The paper, typo fixed'])
      expect(shown.body.items.map((item: { revision: number }) => item.revision)).toEqual([3, 4])
    }
  })

  it('a post made public shares its private history when its author asks', async () => {
    const author = await makeUser(t)
    const postId = await dbMakePost(t, author, { content: 'Preprint v0', visibility: 'private' })
    await edited('post', author, postId, 'Preprint', { visibility: 'public', share_private_history: true })
    expect(texts(await history('media', postId, null))).toEqual(['Preprint v0', 'Preprint'])
    // Made private and public again without asking: what was written meanwhile stays the author's.
    await edited('post', author, postId, 'Preprint, retracted', { visibility: 'private' })
    await edited('post', author, postId, 'Preprint, back', { visibility: 'public' })
    expect(texts(await history('media', postId, null))).toEqual(['Preprint v0', 'Preprint', 'Preprint, back'])
  })

  it("a post's versions published while it was private are its author's until shared", async () => {
    const [author, moderator] = [await makeUser(t), await makeModerator(t)]
    const created = await apiMakePost(t, author, { visibility: 'private' })
    const body = multipart({ changelog: 'Private revision of the figure' }, [
      { name: 'new-figure.png', data: pngFile(31337) },
    ])
    const version = await sendTo(t, author, 'POST /media/:id/versions', {
      params: { id: created.post_id },
      form: body,
    })
    expect(version.statusCode, version.body).toBe(201)
    await edited('post', author, created.post_id, 'Out now', { visibility: 'public' })
    const numbers = async (who: TestUser | null) =>
      (await send(t, who, 'GET', `/api/v1/media/${created.post_id}/versions`))
        .json()
        .items.map((item: { version: number }) => item.version)
    expect(await numbers(author)).toEqual([1, 2])
    expect(await numbers(moderator)).toEqual([1, 2])
    // The current version is the post itself; the private-era one before it is withheld.
    expect(await numbers(null)).toEqual([2])
    expect((await send(t, null, 'GET', `/api/v1/media/${created.post_id}?version=1`)).statusCode).toBe(404)
    const oldFile = created.post.media[0]!.cid
    expect((await send(t, null, 'GET', `/api/v1/files/${oldFile}`)).statusCode).toBe(404)
    expect((await send(t, author, 'GET', `/api/v1/files/${oldFile}`)).statusCode).toBe(200)
  })
})
