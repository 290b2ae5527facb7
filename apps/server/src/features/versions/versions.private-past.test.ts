import { describe, expect, it } from 'vitest'
import {
  apiMakeComment,
  apiMakePost,
  makeModerator,
  makeUser,
  send,
  sendComment,
  sendEditComment,
  sendEditPost,
  sendForm,
  type TestUser,
} from '../../../test/factories'
import { multipart, pdfFile } from '../../../test/files'
import { TEST_DB, useTestApp } from '../../../test/harness'
import { ANCHOR_UNKNOWN_FILE } from '../comments/comments.anchors'

// What points at versions (a post's count and list, the version a comment was written on, an
// anchor's version, a citation) names only versions the reader may open. The read cache is on: a
// visitor's answer must not serve the author or a moderator, nor theirs a visitor.
const t = useTestApp(
  { READ_CACHE_MS: '60000', COMMENT_RATE_LIMIT: '1000', EDIT_RATE_LIMIT: '1000' },
  { blobs: true },
)

interface Media {
  name: string
  cid: string
}

const pdfOf = (post: { media: Media[] }) => post.media.find((file) => file.name === 'paper.pdf')!.cid

async function publish(author: TestUser, postId: string, text: string) {
  const body = multipart({ changelog: text }, [{ name: 'paper.pdf', data: pdfFile(text) }])
  const response = await sendForm(t, author, `/api/v1/media/${postId}/versions`, body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as { media: Media[] }
}

/**
 * A post private for versions 1 and 2, then public (its private history shared or not), then given
 * version 3. The author commented on version 1 while it was private; a stranger commented on version
 * 2 once it was public and current, quoting its PDF, which version 3 replaced.
 */
async function privateThenPublic(share: boolean) {
  const [author, stranger, moderator] = [await makeUser(t), await makeUser(t), await makeModerator(t)]
  const created = await apiMakePost(t, author, { title: 'Lichens', visibility: 'private' }, [
    { name: 'paper.pdf', data: pdfFile('Draft one') },
  ])
  const postId = created.post_id
  const v1Pdf = pdfOf(created.post as unknown as { media: Media[] })
  const onV1 = await apiMakeComment(t, author, postId, { content: 'Note to self' })
  const v2Pdf = pdfOf(await publish(author, postId, 'Draft two'))
  const edit = await sendEditPost(t, author, postId, {
    content: 'Out now',
    visibility: 'public',
    ...(share ? { share_private_history: true } : {}),
  })
  expect(edit.statusCode, edit.body).toBe(200)
  const onV2 = await apiMakeComment(t, stranger, postId, {
    content: 'Figure 2 is wrong',
    anchor: { cid: v2Pdf, kind: 'text', page: 1, exact: 'Draft two' },
  })
  await publish(author, postId, 'Final')
  return { author, stranger, moderator, postId, v1Pdf, v2Pdf, onV1: onV1._id, onV2: onV2._id }
}

async function read(who: TestUser | null, url: string) {
  const response = await send(t, who, 'GET', `/api/v1${url}`)
  return { status: response.statusCode, body: response.json() }
}

/** What a reader is told of the post's versions, by each read that names them. */
async function versionsAsSeenBy(who: TestUser | null, post: Awaited<ReturnType<typeof privateThenPublic>>) {
  const detail = (await read(who, `/media/${post.postId}`)).body
  const list = (await read(who, `/media/${post.postId}/versions`)).body
  const comments = (await read(who, `/comments/post/${post.postId}`)).body as {
    _id: string
    post_version: number | null
    anchor?: { version?: number; current: boolean }
  }[]
  const comment = (id: string) => comments.find((c) => c._id === id)!
  return {
    version: detail.version,
    version_count: detail.version_count,
    visible_versions: detail.visible_versions,
    listed: list.items.map((item: { version: number }) => item.version),
    onV1: comment(post.onV1).post_version,
    onV2: comment(post.onV2).post_version,
    anchor: comment(post.onV2).anchor?.version ?? 'none',
    earlier: [
      (await read(who, `/media/${post.postId}?version=1`)).status,
      (await read(who, `/media/${post.postId}?version=2`)).status,
    ],
    cited: (await send(t, who, 'GET', `/api/v1/media/${post.postId}/cite?version=2&format=bibtex`))
      .statusCode,
  }
}

const everything = {
  version: 3,
  version_count: 3,
  visible_versions: [1, 2, 3],
  listed: [1, 2, 3],
  onV1: 1,
  onV2: 2,
  anchor: 2,
  earlier: [200, 200],
  cited: 200,
}

describe(`versions a reader may not open are named nowhere (${TEST_DB})`, () => {
  it('a post private for versions 1–2: others are told of version 3 only; its author and moderators of all', async () => {
    const post = await privateThenPublic(false)
    const withheld = {
      version: 3,
      // The current version's number: the highest anyone may open, and what a citation of it names.
      version_count: 3,
      visible_versions: [3],
      listed: [3],
      onV1: null,
      onV2: null,
      anchor: 'none',
      earlier: [404, 404],
      cited: 404,
    }
    // The visitor first: their answers are cached, and must not be what the others get.
    expect(await versionsAsSeenBy(null, post)).toEqual(withheld)
    expect(await versionsAsSeenBy(post.author, post)).toEqual(everything)
    expect(await versionsAsSeenBy(post.moderator, post)).toEqual(everything)
    expect(await versionsAsSeenBy(post.stranger, post)).toEqual(withheld)
    expect(await versionsAsSeenBy(null, post)).toEqual(withheld)
  })

  it('a post whose author shared its private history: everyone is told of every version', async () => {
    const post = await privateThenPublic(true)
    for (const who of [null, post.stranger, post.author, post.moderator])
      expect(await versionsAsSeenBy(who, post)).toEqual(everything)
  })

  it('a comment edited, written or quoting a file answers with the versions its writer may open', async () => {
    const post = await privateThenPublic(false)
    const edited = await sendEditComment(t, post.stranger, post.onV2, { content: 'Figure 2 was wrong' })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({ post_version: null, anchor: { current: false } })
    expect(edited.json().anchor.version).toBeUndefined()

    // A file only withheld versions hold is unknown to a stranger, as to the file route.
    const quote = { kind: 'text', page: 1, exact: 'Draft one' }
    const refused = await sendComment(t, post.stranger, {
      postId: post.postId,
      content: 'Found it',
      anchor: { cid: post.v1Pdf, ...quote },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().detail).toBe(ANCHOR_UNKNOWN_FILE)
    expect((await send(t, post.stranger, 'GET', `/api/v1/files/${post.v1Pdf}`)).statusCode).toBe(404)
    const own = await apiMakeComment(t, post.author, post.postId, {
      content: 'The first draft',
      anchor: { cid: post.v1Pdf, ...quote },
    })
    expect(own).toMatchObject({ post_version: 3, anchor: { version: 1, current: false } })
  })
})
