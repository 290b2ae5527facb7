import { describe, expect, it } from 'vitest'
import {
  apiMakePost,
  dbModerate,
  makeModerator,
  makeUser,
  sendForm,
  sendUpload,
  type TestUser,
} from '../../../test/factories'
import { multipart, pngFile } from '../../../test/files'
import { TEST_DB, useTestApp } from '../../../test/harness'

// A file is served by its CID when a post or version holding it is visible to the reader;
// otherwise the answer is the one an unknown CID gets.

const t = useTestApp({}, { blobs: true })

/** A valid CID nothing here stores ("hello world" as a raw leaf). */
const UNKNOWN_CID = 'bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e'
const FORMS = (cid: string) => [
  `/api/v1/files/${cid}`,
  `/api/v1/files/${cid}?download=1`,
  `/api/v1/files/${cid}/preview`,
  `/api/v1/files/${cid}/thumbnail`,
]
let seed = 7000
const get = (url: string, who: TestUser | null) => t.app.inject({ url, headers: who?.headers ?? {} })

/** A post of `author`'s holding one PNG of its own, with a thumbnail stored for it. */
async function postedFile(author: TestUser, fields: Record<string, string> = {}) {
  const created = await apiMakePost(t, author, fields, [{ name: 'figure.png', data: pngFile(++seed) }])
  const cid = created.post.media[0]!.cid
  await t.database.db
    .insertInto('blob_thumbnails')
    .values({ cid, image: pngFile(1), mime: 'image/png', width: 1, height: 1 })
    .execute()
  return { postId: created.post_id, cid }
}

/** Each form of the file's routes answers as for an unknown CID. */
async function expectUnknown(cid: string, who: TestUser | null) {
  for (const [url, unknownUrl] of FORMS(cid).map((url, i) => [url, FORMS(UNKNOWN_CID)[i]!])) {
    const [answer, unknown] = [await get(url!, who), await get(unknownUrl, who)]
    expect({ url, status: answer.statusCode, body: answer.json() }).toEqual({
      url,
      status: 404,
      body: unknown.json(),
    })
  }
}

/** Each form serves the file: the bytes, a preview refusal that only a served file gets, the thumbnail. */
async function expectServed(cid: string, who: TestUser | null, cache: 'public' | 'private') {
  const [bytes, download, preview, thumbnail] = await Promise.all(FORMS(cid).map((url) => get(url, who)))
  expect(bytes!.statusCode).toBe(200)
  expect(download!.statusCode).toBe(200)
  expect(download!.headers['content-disposition']).toMatch(/^attachment/)
  expect(preview!.statusCode).toBe(415)
  expect(thumbnail!.statusCode).toBe(200)
  for (const answer of [bytes!, thumbnail!])
    expect(answer.headers['cache-control']).toBe(
      cache === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-cache',
    )
}

describe(`files by CID follow their posts' visibility (${TEST_DB})`, () => {
  it("serves a private post's file to its author alone, kept by no shared cache", async () => {
    const [author, stranger, moderator] = [await makeUser(t), await makeUser(t), await makeModerator(t)]
    const { cid } = await postedFile(author, { visibility: 'private' })
    await expectUnknown(cid, null)
    await expectUnknown(cid, stranger)
    await expectUnknown(cid, moderator)
    await expectServed(cid, author, 'private')
  })

  it("serves a hidden post's file to its author and moderators, a removed one's to moderators", async () => {
    const [author, stranger, moderator] = [await makeUser(t), await makeUser(t), await makeModerator(t)]
    const { postId, cid } = await postedFile(author)
    await expectServed(cid, null, 'public')
    await dbModerate(t, 'post', postId, 'hidden')
    await expectUnknown(cid, null)
    await expectUnknown(cid, stranger)
    await expectServed(cid, author, 'private')
    await expectServed(cid, moderator, 'private')
    await dbModerate(t, 'post', postId, 'removed')
    await expectUnknown(cid, author)
    await expectServed(cid, moderator, 'private')
  })

  it('serves a file one visible post holds though another post holding it is private', async () => {
    const [author, other] = [await makeUser(t), await makeUser(t)]
    const data = pngFile(9999)
    const secret = await apiMakePost(t, author, { visibility: 'private' }, [{ name: 'a.png', data }])
    const cid = secret.post.media[0]!.cid
    await expectUnknown(cid, null)
    const open = await sendUpload(t, other, { title: 'Same figure' }, [{ name: 'b.png', data }])
    expect(open.statusCode).toBe(201)
    expect((await get(`/api/v1/files/${cid}`, null)).statusCode).toBe(200)
  })

  it('serves a file uploaded on its own that no post holds to everyone, as an IPFS pin', async () => {
    const author = await makeUser(t)
    const upload = await sendForm(
      t,
      author,
      '/api/v1/media/upload/ipfs',
      multipart({}, [{ name: 'embedded.png', data: pngFile(4242), field: 'file' }]),
    )
    expect(upload.statusCode).toBe(200)
    const file = await get(`/api/v1/files/${upload.json().cid}`, null)
    expect(file.statusCode).toBe(200)
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it("serves a hidden post's blocks through the gateway to moderators, privately", async () => {
    const [author, moderator] = [await makeUser(t), await makeModerator(t)]
    const { postId, cid } = await postedFile(author)
    await dbModerate(t, 'post', postId, 'hidden')
    expect((await get(`/ipfs/${cid}?format=raw`, null)).statusCode).toBe(404)
    const block = await get(`/ipfs/${cid}?format=raw`, moderator)
    expect(block.statusCode).toBe(200)
    expect(block.headers['cache-control']).toBe('private, no-cache')
  })
})
