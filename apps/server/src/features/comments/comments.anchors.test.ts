import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import {
  apiMakeComment,
  apiMakePost,
  dbPostCommentCount,
  makeModerator,
  makeUser,
  send,
  sendComment,
  sendCommentList,
  sendForm,
  sendLikeComment,
  sendMod,
  sendTo,
  type TestUser,
} from '../../../test/factories'
import { pdfFile, type UploadFile, wavFile } from '../../../test/files'
import { TEST_DB, useTestApp } from '../../../test/harness'
import { exportData } from '../exports/exports.build'
import {
  ANCHOR_BAD_OFFSETS,
  ANCHOR_CONTEXT_TOO_LONG,
  ANCHOR_END_BEFORE_START,
  ANCHOR_EXACT_TOO_LONG,
  ANCHOR_FIELDS_OF_OTHER_KIND,
  ANCHOR_NEEDS_EXACT,
  ANCHOR_NEEDS_PAGE,
  ANCHOR_NEEDS_START,
  ANCHOR_ON_REPLY,
  ANCHOR_PAGE_PAST_END,
  ANCHOR_TEXT_NOT_PDF,
  ANCHOR_TIME_NOT_MEDIA,
  ANCHOR_TIME_PAST_END,
  ANCHOR_UNKNOWN_FILE,
} from './comments.anchors'

const t = useTestApp({ COMMENT_RATE_LIMIT: '1000' }, { blobs: true })

const VIDEO = new URL('../demo/assets/mandelbrot-zoom.mp4', import.meta.url)
/** The demo video's length as its MP4 header says it. */
const VIDEO_SECONDS = 6.046

interface Media {
  cid: string
  name: string
}

/** A post of `author` holding a one-page PDF, a 3-second WAV and the demo's 6-second MP4. */
async function mediaPost(author: TestUser, fields: Record<string, string> = {}) {
  const files: UploadFile[] = [
    { name: 'paper.pdf', data: pdfFile(`Anchors ${randomBytes(4).toString('hex')}`) },
    { name: 'tone.wav', data: wavFile(3) },
    { name: 'zoom.mp4', data: await readFile(VIDEO) },
  ]
  const created = await apiMakePost(t, author, { title: 'Anchored', ...fields }, files)
  const media = created.post.media as unknown as Media[]
  const [pdf, wav, mp4] = ['paper.pdf', 'tone.wav', 'zoom.mp4'].map(
    (name) => media.find((m) => m.name === name)!,
  )
  return { postId: created.post_id, pdf: pdf!.cid, wav: wav!.cid, mp4: mp4!.cid }
}

const list = (postId: string, query = '', user?: TestUser) => sendCommentList(t, user ?? null, postId, query)

const commentCount = (postId: string) => dbPostCommentCount(t, postId)

describe(`comment anchors (${TEST_DB})`, () => {
  it('stores a passage of a PDF and moments of audio and video, and shows them in every view', async () => {
    const [ada, ben] = [await makeUser(t), await makeUser(t)]
    const { postId, pdf, wav, mp4 } = await mediaPost(ada)
    // The recordings' lengths were read from their headers at upload and kept with their bytes.
    const blobs = await t.database.db
      .selectFrom('blobs')
      .select(['cid', 'duration_seconds'])
      .where('cid', 'in', [wav, mp4, pdf])
      .execute()
    const seconds = new Map(blobs.map((b) => [b.cid, b.duration_seconds]))
    expect(seconds.get(wav)).toBeCloseTo(3, 2)
    expect(seconds.get(mp4)).toBeCloseTo(VIDEO_SECONDS, 2)
    expect(seconds.get(pdf)).toBeNull()

    const passage = {
      cid: pdf,
      kind: 'text',
      page: 1,
      exact: 'Anchors',
      prefix: '',
      suffix: ' and more',
      start: 0,
      end: 7,
    }
    const onText = await apiMakeComment(t, ben, postId, {
      content: 'This claim needs a source.',
      anchor: passage,
    })
    expect(onText).toMatchObject({ anchor: { ...passage, version: 1, current: true } })
    const atMoment = await apiMakeComment(t, ben, postId, {
      content: 'Watch the spiral here',
      anchor: { cid: mp4, kind: 'time', start: 3.5, end: 5 },
    })
    expect(atMoment).toMatchObject({ anchor: { cid: mp4, kind: 'time', start: 3.5, end: 5, version: 1 } })
    expect(atMoment).not.toHaveProperty('anchor.page')
    const onAudio = await apiMakeComment(t, ada, postId, {
      content: 'the tone',
      anchor: { cid: wav, kind: 'time', start: 0 },
    })
    expect(onAudio).toMatchObject({ anchor: { cid: wav, kind: 'time', start: 0 } })
    const plain = await apiMakeComment(t, ben, postId, { content: 'Nice work overall', anchor: null })
    expect(plain).not.toHaveProperty('anchor')

    const all = (await list(postId)).json()
    expect(all.map((c: { _id: string }) => c._id)).toEqual([plain._id, onAudio._id, atMoment._id, onText._id])
    expect(all[3].anchor).toEqual({ ...passage, version: 1, current: true })

    // The post's comment stream tells the new one; its list (what the page loads) carries the anchor.
    const edited = await send(t, ben, 'PATCH', `/api/v1/comments/${onText._id}`, {
      content: 'This claim needs a citation.',
      base_revision: 1,
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json().anchor).toMatchObject({ cid: pdf, exact: 'Anchors' })
  })

  it('refuses, with a sentence each, an anchor the file cannot hold, and writes nothing', async () => {
    const [ada, ben] = [await makeUser(t), await makeUser(t)]
    const { postId, pdf, wav, mp4 } = await mediaPost(ada)
    const other = await mediaPost(ada) // its PDF differs; its recordings are the same bytes (CIDs)
    await t.database.db.updateTable('blobs').set({ page_count: 3 }).where('cid', '=', pdf).execute()
    // A recording stored before lengths were read at upload has its length read at its first anchor.
    await t.database.db.updateTable('blobs').set({ duration_seconds: null }).where('cid', '=', wav).execute()
    const top = await apiMakeComment(t, ben, postId, { content: 'top' })
    const before = await commentCount(postId)

    const text = { cid: pdf, kind: 'text', page: 1, exact: 'Anchors' }
    const cases: [Record<string, unknown>, string, string?][] = [
      [
        { cid: 'bafkreinotafileofthispostatallxxxxxxxxxxxxxxxxxxxxxxxxx', kind: 'time', start: 1 },
        ANCHOR_UNKNOWN_FILE,
      ],
      [{ ...text, cid: other.pdf }, ANCHOR_UNKNOWN_FILE],
      [{ ...text, cid: mp4 }, ANCHOR_TEXT_NOT_PDF],
      [{ ...text, cid: wav }, ANCHOR_TEXT_NOT_PDF],
      [{ cid: pdf, kind: 'time', start: 1 }, ANCHOR_TIME_NOT_MEDIA],
      [{ ...text, page: undefined }, ANCHOR_NEEDS_PAGE],
      [{ ...text, page: 0 }, ANCHOR_NEEDS_PAGE],
      [{ ...text, page: 4 }, ANCHOR_PAGE_PAST_END(3)],
      [{ ...text, exact: undefined }, ANCHOR_NEEDS_EXACT],
      [{ ...text, exact: '   ' }, ANCHOR_NEEDS_EXACT],
      [{ ...text, exact: 'x'.repeat(1001) }, ANCHOR_EXACT_TOO_LONG],
      [{ ...text, prefix: 'p'.repeat(201) }, ANCHOR_CONTEXT_TOO_LONG('prefix')],
      [{ ...text, suffix: 's'.repeat(201) }, ANCHOR_CONTEXT_TOO_LONG('suffix')],
      [{ ...text, start: 5 }, ANCHOR_BAD_OFFSETS],
      [{ ...text, start: 9, end: 2 }, ANCHOR_BAD_OFFSETS],
      [{ ...text, start: 1.5, end: 2 }, ANCHOR_BAD_OFFSETS],
      [{ cid: mp4, kind: 'time' }, ANCHOR_NEEDS_START],
      [{ cid: mp4, kind: 'time', start: -1 }, ANCHOR_NEEDS_START],
      [{ cid: mp4, kind: 'time', start: 4, end: 3 }, ANCHOR_END_BEFORE_START],
      [{ cid: mp4, kind: 'time', start: 7 }, ANCHOR_TIME_PAST_END(VIDEO_SECONDS)],
      [{ cid: mp4, kind: 'time', start: 1, end: 60 }, ANCHOR_TIME_PAST_END(VIDEO_SECONDS)],
      [{ cid: wav, kind: 'time', start: 3.6 }, ANCHOR_TIME_PAST_END(3)],
      [{ cid: wav, kind: 'time', start: 1, page: 1 }, ANCHOR_FIELDS_OF_OTHER_KIND('time')],
      [{ cid: wav, kind: 'time', start: 1, exact: 'x' }, ANCHOR_FIELDS_OF_OTHER_KIND('time')],
      [{ ...text, kind: 'place' }, ''],
      [{ kind: 'time', start: 1 }, ''],
    ]
    for (const [anchor, detail] of cases) {
      const response = await sendComment(t, ben, { postId, content: 'about this', anchor })
      expect(response.statusCode, JSON.stringify(anchor)).toBe(400)
      if (detail) expect(response.json().detail, JSON.stringify(anchor)).toBe(detail)
      else expect(response.json().detail).toEqual(expect.any(String))
    }
    // A reply belongs to its thread: only a top-level comment points into a file.
    const reply = await sendComment(t, ben, { postId, content: 'r', parentId: top._id, anchor: text })
    expect(reply.statusCode).toBe(400)
    expect(reply.json().detail).toBe(ANCHOR_ON_REPLY)

    expect(await commentCount(postId)).toBe(before)
    // Right at the end of the recording is still in it (half a second of slack for rounding).
    const atEnd = await sendComment(t, ben, {
      postId,
      content: 'the end',
      anchor: { cid: mp4, kind: 'time', start: 6.2 },
    })
    expect(atEnd.statusCode, atEnd.body).toBe(201)
    // A page count nobody knows takes any page on trust.
    await t.database.db.updateTable('blobs').set({ page_count: null }).where('cid', '=', other.pdf).execute()
    expect(
      (
        await sendComment(t, ben, {
          postId: other.postId,
          content: 'p9',
          anchor: { ...text, cid: other.pdf, page: 9 },
        })
      ).statusCode,
    ).toBe(201)
  })

  it("lists one file's anchored threads with anchor_cid, paged like the whole list", async () => {
    const [ada, ben] = [await makeUser(t), await makeUser(t)]
    const { postId, pdf, mp4 } = await mediaPost(ada)
    const onPdf: string[] = []
    for (const word of ['one', 'two', 'three']) {
      const made = await apiMakeComment(t, ben, postId, {
        content: `about ${word}`,
        anchor: { cid: pdf, kind: 'text', page: 1, exact: word },
      })
      onPdf.unshift(made._id)
    }
    const onVideo = await apiMakeComment(t, ben, postId, {
      content: 'video',
      anchor: { cid: mp4, kind: 'time', start: 1 },
    })
    await apiMakeComment(t, ben, postId, { content: 'anchored nowhere' })
    const reply = await apiMakeComment(t, ada, postId, { content: 'a reply', parentId: onPdf[0] })

    const pdfThreads = (await list(postId, `?anchor_cid=${pdf}`)).json()
    expect(pdfThreads.map((c: { _id: string }) => c._id)).toEqual([onPdf[0], reply._id, onPdf[1], onPdf[2]])
    const paged = (await list(postId, `?anchor_cid=${pdf}&skip=1&limit=1`)).json()
    expect(paged.map((c: { _id: string }) => c._id)).toEqual([onPdf[1]])
    expect((await list(postId, `?anchor_cid=${mp4}`)).json().map((c: { _id: string }) => c._id)).toEqual([
      onVideo._id,
    ])
    expect((await list(postId, '?anchor_cid=bafkreinothing')).json()).toEqual([])
    expect((await list(postId, `?anchor_cid=${'x'.repeat(201)}`)).statusCode).toBe(400)
    expect((await list(postId)).json()).toHaveLength(6)
  })

  it('keeps anchors on files of earlier versions, saying which version holds the file', async () => {
    const [ada, ben] = [await makeUser(t), await makeUser(t)]
    const { postId, pdf } = await mediaPost(ada)
    const onV1 = await apiMakeComment(t, ben, postId, {
      content: 'v1',
      anchor: { cid: pdf, kind: 'text', page: 1, exact: 'Anchors' },
    })

    const { multipart } = await import('../../../test/files')
    const body = multipart({ changelog: 'Corrected paper', keep: 'tone.wav' }, [
      { name: 'paper.pdf', data: pdfFile('Anchors revised') },
    ])
    const published = await sendForm(t, ada, `/api/v1/media/${postId}/versions`, body)
    expect(published.statusCode, published.body).toBe(201)
    const detail = (await sendTo(t, null, 'GET /media/:id', { params: { id: postId } })).json()
    const newPdf = detail.media.find((m: Media) => m.name === 'paper.pdf').cid as string
    expect(newPdf).not.toBe(pdf)

    // The old PDF is still the post's (version 1): it can be quoted, and says so.
    const later = await apiMakeComment(t, ben, postId, {
      content: 'still v1',
      anchor: { cid: pdf, kind: 'text', page: 1, exact: 'Anchors' },
    })
    expect(later).toMatchObject({ post_version: 2, anchor: { cid: pdf, version: 1, current: false } })
    const onV2 = await apiMakeComment(t, ben, postId, {
      content: 'v2',
      anchor: { cid: newPdf, kind: 'text', page: 1, exact: 'revised' },
    })
    expect(onV2).toMatchObject({ anchor: { cid: newPdf, version: 2, current: true } })

    const old = (await list(postId, `?anchor_cid=${pdf}`)).json()
    expect(old.map((c: { _id: string }) => c._id)).toEqual([later._id, onV1._id])
    expect(old[1].anchor).toMatchObject({ version: 1, current: false })
    // The kept recording is in version 2 now.
    const wavCid = detail.media.find((m: Media) => m.name === 'tone.wav').cid
    expect(
      await apiMakeComment(t, ben, postId, { content: 'w', anchor: { cid: wavCid, kind: 'time', start: 1 } }),
    ).toMatchObject({
      anchor: { version: 2, current: true },
    })
  })

  it('is a comment like any other: replies, likes, deletion, moderation, search and the data export', async () => {
    const [ada, ben] = [await makeUser(t), await makeUser(t)]
    const word = `quasicrystal${randomBytes(3).toString('hex')}`
    const { postId, mp4 } = await mediaPost(ada)
    const anchored = await apiMakeComment(t, ben, postId, {
      content: `The ${word} pattern at this moment`,
      anchor: { cid: mp4, kind: 'time', start: 2 },
    })
    const reply = await apiMakeComment(t, ada, postId, { content: 'Indeed', parentId: anchored._id })
    expect(reply).toMatchObject({ level: 2, rootId: anchored._id })
    expect(reply).not.toHaveProperty('anchor')

    const liked = await sendLikeComment(t, ada, anchored._id, 'like')
    expect(liked.statusCode).toBe(200)
    expect((await list(postId, `?anchor_cid=${mp4}`, ada)).json()[0]).toMatchObject({
      likes: 1,
      is_liked: true,
    })

    // The post's author hears of it as of any comment.
    const news = await sendTo(t, ada, 'GET /notifications')
    expect(JSON.stringify(news.json())).toContain(anchored._id)

    const found = await sendTo(t, null, 'GET /media/list', { query: { search: word } })
    expect(found.json().items).toEqual([expect.objectContaining({ matched_comment_id: anchored._id })])

    const data = await exportData(t.database.db, ben.id)
    expect(data.comments).toEqual([
      expect.objectContaining({
        id: anchored._id,
        anchor: {
          cid: mp4,
          kind: 'time',
          page: null,
          exact: null,
          prefix: null,
          suffix: null,
          start: 2,
          end: null,
        },
      }),
    ])

    const moderator = await makeModerator(t)
    const hidden = await sendMod(t, moderator, `comments/${anchored._id}/hide`, { reason: 'Off topic' })
    expect(hidden.statusCode, hidden.body).toBe(200)
    const seen = (await list(postId, `?anchor_cid=${mp4}`)).json()[0]
    expect(seen).toMatchObject({ _id: anchored._id, content: '', moderation: { state: 'hidden' } })
    expect((await sendTo(t, null, 'GET /media/list', { query: { search: word } })).json().items).toEqual([])

    // Deleted with a reply, it keeps its place and anchor as a placeholder; with the reply, it goes.
    const removed = await send(t, ben, 'DELETE', `/api/v1/comments/${anchored._id}`)
    expect(removed.json()).toMatchObject({ deleted: 1, placeholder: true })
    expect((await list(postId, `?anchor_cid=${mp4}`)).json()).toEqual([
      expect.objectContaining({ _id: anchored._id, deleted: true, content: '', username: '' }),
      expect.objectContaining({ _id: reply._id, content: 'Indeed', parentId: anchored._id }),
    ])
    expect((await send(t, ada, 'DELETE', `/api/v1/comments/${reply._id}`)).statusCode).toBe(200)
    expect((await list(postId, `?anchor_cid=${mp4}`)).json()).toEqual([])
  })

  it("follows the post's access rules", async () => {
    const [ada, ben] = [await makeUser(t), await makeUser(t)]
    const { postId, pdf } = await mediaPost(ada, { visibility: 'private' })
    const anchor = { cid: pdf, kind: 'text', page: 1, exact: 'Anchors' }
    expect((await sendComment(t, null, { postId, content: 'x', anchor })).statusCode).toBe(401)
    expect((await sendComment(t, ben, { postId, content: 'x', anchor })).statusCode).toBe(404)
    expect((await list(postId, `?anchor_cid=${pdf}`, ben)).statusCode).toBe(404)
    expect((await list(postId, `?anchor_cid=${pdf}`)).statusCode).toBe(404)
    await apiMakeComment(t, ada, postId, { content: 'my own note', anchor })
    expect((await list(postId, `?anchor_cid=${pdf}`, ada)).json()).toHaveLength(1)
  })
})
