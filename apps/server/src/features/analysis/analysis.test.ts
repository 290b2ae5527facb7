import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { type AiAnalysis, readAiAnalysis } from '@agora/contract'
import { waitFor } from '@agora/test-kit'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  apiMakePost,
  apiPostDetail,
  makeUser,
  send,
  sendComment,
  sendTo,
  type TestUser,
} from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/harness'
import { stageStream } from '../../blobs/index'
import { ConfigError, loadConfig } from '../../config'
import { backoffSeconds } from '../../db/worker-loops'
import { createEventBus, type DomainEvents } from '../../events/index'
import {
  BEES_PARAGRAPHS,
  BEES_TITLE,
  CORAL_PARAGRAPHS,
  CORAL_TITLE,
  makeDocx,
  makePdf,
  squash,
} from './analysis.fixtures'
import { analysisQueue, type QueueOptions } from './analysis.queue'
import { enqueueAnalysis } from './analysis.service'
import { analysisStore } from './analysis.store'
import { startAnalysisWorker } from './analysis.worker'
import { isStopWord } from './nlp.language'
import { closeSandboxThreads } from './sandbox'

const PDF_MIME = 'application/pdf'
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

interface SeedFile {
  name: string
  mime: string
  data: Buffer
}

// Analyses start extraction threads (pdf.js, the Word reader, the language model): slow on a busy machine.
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterEach(() => t.reset())
afterAll(async () => {
  await closeSandboxThreads()
  await t?.close()
})

/** A post with stored files, created the way the upload does it: rows and the queued job in one transaction. */
async function seedPost(
  app: TestApp,
  authorId: string,
  post: { title: string; content?: string; instruction?: string; visibility?: 'public' | 'private' },
  files: SeedFile[] = [],
) {
  const store = app.app.ctx.blobs
  const id = uuidv7()
  const stored: (SeedFile & { cid: string; size: number })[] = []
  for (const file of files) {
    const staged = await stageStream(Readable.from([file.data]), store.stagingDir)
    await store.put(staged, file.mime)
    stored.push({ ...file, cid: staged.cid, size: staged.size })
  }
  await app.database.db.transaction().execute(async (trx) => {
    for (const file of stored) {
      await trx
        .insertInto('blobs')
        .values({ cid: file.cid, size: file.size, mime: file.mime })
        .onConflict((conflict) => conflict.column('cid').doNothing())
        .execute()
    }
    await trx
      .insertInto('posts')
      .values({
        id,
        user_id: authorId,
        title: post.title,
        summary: '',
        content: post.content ?? '',
        tags: [],
        visibility: post.visibility ?? 'public',
        media_type: 'document',
        ai_instruction: post.instruction ?? '',
      })
      .execute()
    if (stored.length > 0) {
      await trx
        .insertInto('post_files')
        .values(
          stored.map((file, position) => ({
            post_id: id,
            position,
            cid: file.cid,
            name: file.name,
            mime: file.mime,
            size: file.size,
            kind: file.mime.startsWith('image/') ? ('image' as const) : ('document' as const),
          })),
        )
        .execute()
    }
    await enqueueAnalysis(trx, id)
  })
  return id
}

async function analysisOf(app: TestApp, postId: string): Promise<AiAnalysis> {
  const row = await app.database.db
    .selectFrom('posts')
    .select('ai_analysis')
    .where('id', '=', postId)
    .executeTakeFirstOrThrow()
  const analysis = readAiAnalysis(row.ai_analysis)
  if (!analysis) throw new Error(`no analysis in ${row.ai_analysis}`)
  return analysis
}

function queue(app: TestApp, overrides: Parameters<typeof analysisQueue>[1] = {}) {
  return analysisQueue(app.app.ctx, overrides)
}

function expectNoStopWords(tags: string[]) {
  for (const word of tags.flatMap((tag) => tag.split(' '))) {
    expect(isStopWord(word), `"${word}" is a stop word`).toBe(false)
  }
}

describe('through the upload and the post detail', { timeout: 60_000 }, () => {
  /** The id of a post `user` uploads with one file; 201 checked. */
  async function upload(user: TestUser, fields: Record<string, string>, file: SeedFile) {
    const files = [{ name: file.name, data: file.data, type: file.mime }]
    return (await apiMakePost(t, user, fields, files)).post_id
  }
  /** The post as a visitor reads it; 200 checked. */
  const detail = (postId: string) => apiPostDetail(t, null, postId)

  it('answers the upload at once with the analysis pending, and shows the result when the worker is done', async () => {
    const author = await makeUser(t)
    const pdf = await makePdf({ title: CORAL_TITLE, paragraphs: CORAL_PARAGRAPHS })
    const postId = await upload(
      author,
      { title: 'Reef heat stress', ai_instruction: 'Keep it short' },
      { name: 'reef.pdf', mime: PDF_MIME, data: pdf },
    )
    expect(readAiAnalysis((await detail(postId)).ai_analysis)?.status).toBe('pending')
    const listed = async () =>
      (await sendTo(t, null, 'GET /media/list'))
        .json()
        .items.find((item: { id: string }) => item.id === postId)
    // Cards get the analysis's TLDR once there is one, for where the preview would be cut.
    expect((await listed()).tldr).toBeUndefined()

    await queue(t).drain()
    const analysis = readAiAnalysis((await detail(postId)).ai_analysis)
    expect(analysis).toMatchObject({ status: 'done', engine: 'local', language: 'en' })
    expect(analysis?.tags).toEqual(expect.arrayContaining(['coral bleaching', 'coral reefs']))
    for (const sentence of analysis?.summary.split(/(?<=\.)\s+/) ?? [])
      expect(CORAL_PARAGRAPHS).toContain(sentence)
    expect(analysis?.tldr).toBeTruthy()
    expect((await listed()).tldr).toBe(analysis?.tldr)
  })

  it("draws a PDF's first page once, for cards: the list and the post name the picture, which is the page", async () => {
    const author = await makeUser(t)
    const pdf = await makePdf({ title: CORAL_TITLE, paragraphs: CORAL_PARAGRAPHS })
    const postId = await upload(
      author,
      { title: 'Reef pictures' },
      { name: 'reef.pdf', mime: PDF_MIME, data: pdf },
    )
    expect((await detail(postId)).media[0]!.thumbnail).toBeUndefined()

    await queue(t).drain()
    const [file] = (await detail(postId)).media
    expect(file!.thumbnail).toBe(`/api/v1/files/${file.cid}/thumbnail`)
    const listed = await sendTo(t, null, 'GET /media/list')
    expect(listed.json().items.find((post: { id: string }) => post.id === postId).media[0].thumbnail).toBe(
      file.thumbnail,
    )
    const picture = await t.app.inject({ method: 'GET', url: file.thumbnail })
    expect(picture.statusCode).toBe(200)
    expect(picture.headers['content-type']).toBe('image/webp')
    expect(picture.headers['cache-control']).toContain('immutable')
    // Decoded by libwebp (through @napi-rs/canvas): a white page, 480 px wide, shaped as pdfkit's Letter page, with dark text on it.
    const image = await loadImage(picture.rawPayload)
    expect(image.width).toBe(480)
    expect(image.height / image.width).toBeCloseTo(792 / 612, 1)
    const canvas = createCanvas(image.width, image.height)
    const context = canvas.getContext('2d')
    context.drawImage(image, 0, 0)
    const { data } = context.getImageData(0, 0, image.width, image.height)
    let dark = 0
    for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] < 200) dark += 1
    expect(data.slice(0, 3)).toEqual(new Uint8ClampedArray([255, 255, 255]))
    expect(dark).toBeGreaterThan(500)
    expect(dark).toBeLessThan((image.width * image.height) / 4)

    // Another kind of file has none, said in words.
    const docx = await upload(
      author,
      { title: 'Reef notes' },
      {
        name: 'reef.docx',
        mime: DOCX_MIME,
        data: await makeDocx({ title: CORAL_TITLE, paragraphs: CORAL_PARAGRAPHS }),
      },
    )
    await queue(t).drain()
    const [word] = (await detail(docx)).media
    expect(word.thumbnail).toBeUndefined()
    const none = await sendTo(t, null, 'GET /files/:cid/thumbnail', { params: { cid: word.cid } })
    expect(none.statusCode).toBe(404)
    expect(none.json().detail).toBe('This file has no thumbnail')
  })

  it("keeps a PDF's page count, all its pages even when fewer were read: a passage past the end is refused", async () => {
    const author = await makeUser(t)
    const pdf = await makePdf({
      paragraphs: ['Reef survey page {page}.', ...CORAL_PARAGRAPHS.slice(0, 2)],
      pages: 7,
    })
    const postId = await upload(
      author,
      { title: 'Seven pages' },
      { name: 'seven.pdf', mime: PDF_MIME, data: pdf },
    )
    const [file] = (await detail(postId)).media
    const pageCount = () =>
      t.database.db
        .selectFrom('blobs')
        .select('page_count')
        .where('cid', '=', file.cid)
        .executeTakeFirstOrThrow()
    expect(await pageCount()).toEqual({ page_count: null })

    await queue(t, { limits: { ...queueLimits(), maxPages: 3 } }).drain()
    expect(await pageCount()).toEqual({ page_count: 7 })
    const anchor = { cid: file.cid, kind: 'text', exact: 'Reef survey page' }
    const past = await sendComment(t, author, { postId, content: 'p8', anchor: { ...anchor, page: 8 } })
    expect(past.statusCode).toBe(400)
    expect(past.json().detail).toBe('This PDF has 7 pages: the page is past its end')
    const last = await sendComment(t, author, { postId, content: 'p7', anchor: { ...anchor, page: 7 } })
    expect(last.statusCode, last.body).toBe(201)
  })

  it('keeps a post with a corrupt PDF readable, its analysis failed with the reason', async () => {
    const author = await makeUser(t)
    const pdf = await makePdf({ paragraphs: CORAL_PARAGRAPHS })
    const corrupt = Buffer.concat([pdf.subarray(0, 200), Buffer.alloc(400, 0x41)])
    const postId = await upload(
      author,
      { title: 'Damaged scan' },
      { name: 'scan.pdf', mime: PDF_MIME, data: corrupt },
    )
    await queue(t).drain()
    const shown = await detail(postId)
    expect(shown.title).toBe('Damaged scan')
    expect(readAiAnalysis(shown.ai_analysis)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^The PDF file "scan.pdf" could not be read/),
    })
  })
})

describe('analysis of uploaded documents (local engine)', { timeout: 60_000 }, () => {
  it('summarises and tags a PDF from its own sentences and key terms', async () => {
    const author = await makeUser(t)
    const pdf = await makePdf({ title: CORAL_TITLE, paragraphs: CORAL_PARAGRAPHS })
    const postId = await seedPost(t, author.id, { title: 'Field notes' }, [
      { name: 'coral-bleaching.pdf', mime: PDF_MIME, data: pdf },
    ])
    expect((await analysisOf(t, postId)).status).toBe('pending')

    const processed = await queue(t).drain()
    expect(processed.map((job) => job.outcome)).toEqual(['done'])

    const analysis = await analysisOf(t, postId)
    expect(analysis).toMatchObject({ status: 'done', engine: 'local', language: 'en', truncated: false })
    const sentences = analysis.summary.split(/(?<=\.)\s+/)
    expect(sentences.length).toBeGreaterThanOrEqual(2)
    expect(sentences.length).toBeLessThanOrEqual(4)
    for (const sentence of sentences) expect(CORAL_PARAGRAPHS).toContain(squash(sentence))
    expect(analysis.tags).toEqual(expect.arrayContaining(['coral bleaching', 'coral reefs']))
    expectNoStopWords(analysis.tags)
    expect(CORAL_PARAGRAPHS).toContain(squash(analysis.tldr ?? ''))
    // The text states no limitation, future work or hypothesis: no topic, not questions templated
    // from the tags.
    expect(analysis.topics).toEqual([])
    expect(analysis.analysed_at).toBeTruthy()
  })

  it("says where each topic's sentence stands: the file (by CID) and page, or the post's own text", async () => {
    const author = await makeUser(t)
    const limitation =
      'Our surveys cannot separate the effect of shade from the effect of depth on coral bleaching.'
    const future = 'In future work we plan to survey the same coral reefs through a whole year of heat waves.'
    const pdf = await makePdf({
      title: CORAL_TITLE,
      paragraphs: CORAL_PARAGRAPHS.slice(0, 3),
      pages: 3,
      onPage: { 2: [limitation] },
    })
    const postId = await seedPost(
      t,
      author.id,
      { title: CORAL_TITLE, content: `${CORAL_PARAGRAPHS[4]} ${future}` },
      [{ name: 'reef.pdf', mime: PDF_MIME, data: pdf }],
    )
    await queue(t).drain()
    const analysis = await analysisOf(t, postId)
    const cid = (await sendTo(t, null, 'GET /media/:id', { params: { id: postId } })).json().media[0].cid
    expect(analysis.topic_sources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'limitation', sentence: limitation, cid, page: 2 }),
        expect.objectContaining({ kind: 'future', sentence: future }),
      ]),
    )
    const inText = analysis.topic_sources?.find((source) => source.kind === 'future')
    expect(inText).not.toHaveProperty('cid')
    expect(inText).not.toHaveProperty('page')
  })

  it('summarises and tags a DOCX', async () => {
    const author = await makeUser(t)
    const docx = await makeDocx({ title: BEES_TITLE, paragraphs: BEES_PARAGRAPHS })
    const postId = await seedPost(t, author.id, { title: 'Pesticides review' }, [
      { name: 'bees.docx', mime: DOCX_MIME, data: docx },
    ])
    await queue(t).drain()
    const analysis = await analysisOf(t, postId)
    expect(analysis).toMatchObject({ status: 'done', engine: 'local', language: 'en' })
    for (const sentence of analysis.summary.split(/(?<=\.)\s+/)) expect(BEES_PARAGRAPHS).toContain(sentence)
    expect(analysis.tags).toContain('neonicotinoid pesticides')
    expect(analysis.tags.some((tag) => tag.startsWith('honey bee'))).toBe(true)
    expectNoStopWords(analysis.tags)
  })

  it('analyses a post with only media from its own text', async () => {
    const author = await makeUser(t)
    const content = `## Observations\n\n${CORAL_PARAGRAPHS.slice(0, 5).join(' ')}\n\n\`\`\`\nraw_logger_output()\n\`\`\``
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
    const postId = await seedPost(t, author.id, { title: CORAL_TITLE, content }, [
      { name: 'reef-photo.png', mime: 'image/png', data: png },
    ])
    await queue(t).drain()
    const analysis = await analysisOf(t, postId)
    expect(analysis.status).toBe('done')
    for (const sentence of analysis.summary.split(/(?<=\.)\s+/)) expect(CORAL_PARAGRAPHS).toContain(sentence)
    expect(analysis.tags.join(' ')).toMatch(/coral/)
    expect(analysis.tags.join(' ')).not.toMatch(/raw_logger_output/)
  })

  it('lets the author’s instruction steer the local engine, and says what it focused on', async () => {
    const author = await makeUser(t)
    const content = CORAL_PARAGRAPHS.join('\n\n')
    const plain = await seedPost(t, author.id, { title: CORAL_TITLE, content })
    const focused = await seedPost(t, author.id, {
      title: CORAL_TITLE,
      content,
      instruction: 'Focus on the acidification of the oceans',
    })
    await queue(t).drain()
    const before = await analysisOf(t, plain)
    const after = await analysisOf(t, focused)
    expect(before.focus).toBeUndefined()
    expect(before.summary).not.toMatch(/acidification/)
    expect(after.focus).toEqual(['acidification', 'ocean'])
    expect(after.summary).toContain(CORAL_PARAGRAPHS[5])
    expect(after.tags.join(' ')).toMatch(/acidification/)
  })

  it('reads only the first pages of a 500-page PDF and finishes quickly', async () => {
    const author = await makeUser(t)
    const pdf = await makePdf({
      paragraphs: [
        'Divers found coral bleaching at survey site {page} of the reef monitoring programme.',
        ...CORAL_PARAGRAPHS.slice(0, 3),
      ],
      pages: 500,
    })
    const postId = await seedPost(t, author.id, { title: 'Five hundred pages of reef surveys' }, [
      { name: 'survey.pdf', mime: PDF_MIME, data: pdf },
    ])
    const started = Date.now()
    const [processed] = await queue(t, { limits: { ...queueLimits(), maxPages: 40 } }).drain()
    expect(processed.outcome).toBe('done')
    expect(Date.now() - started).toBeLessThan(20_000)
    const analysis = await analysisOf(t, postId)
    expect(analysis).toMatchObject({ status: 'done', truncated: true })
    expect(analysis.summary).not.toMatch(/survey site (4[1-9]|[5-9]\d|\d{3}) /)
    expect(analysis.tags).toContain('coral bleaching')
  })

  it('ends a corrupt PDF as failed with the reason, and the post stays readable', async () => {
    const author = await makeUser(t)
    const pdf = await makePdf({ paragraphs: CORAL_PARAGRAPHS })
    const corrupt = Buffer.concat([pdf.subarray(0, 200), Buffer.alloc(400, 0x41)])
    const postId = await seedPost(
      t,
      author.id,
      { title: 'Broken upload', content: 'See the attached file.' },
      [{ name: 'broken.pdf', mime: PDF_MIME, data: corrupt }],
    )
    const [processed] = await queue(t).drain()
    expect(processed.outcome).toBe('failed')
    const analysis = await analysisOf(t, postId)
    expect(analysis.status).toBe('failed')
    expect(analysis.error).toMatch(/^The PDF file "broken.pdf" could not be read: it is damaged or not a PDF/)
    expect(analysis.engine).toBeNull()
    // Not retried: the file will not get better.
    const jobs = await analysisStore(t.database.db).jobsOf(postId)
    expect(jobs).toEqual([expect.objectContaining({ status: 'failed', attempts: 1 })])
    const post = await t.database.db
      .selectFrom('posts')
      .select('title')
      .where('id', '=', postId)
      .executeTakeFirst()
    expect(post?.title).toBe('Broken upload')
  })
})

function queueLimits(): QueueOptions['limits'] {
  return {
    maxPages: 200,
    maxChars: 300_000,
    timeoutMs: 30_000,
    maxZipEntries: 5_000,
    maxZipXmlBytes: 128 * 1024 * 1024,
  }
}

describe('the durable queue', { timeout: 60_000 }, () => {
  it('queues one job per post however often it is asked', async () => {
    const author = await makeUser(t)
    const postId = await seedPost(t, author.id, { title: 'Twice', content: CORAL_PARAGRAPHS.join(' ') })
    await enqueueAnalysis(t.database.db, postId)
    await enqueueAnalysis(t.database.db, postId)
    const jobs = await analysisStore(t.database.db).jobsOf(postId)
    expect(jobs).toEqual([expect.objectContaining({ status: 'queued', attempts: 0 })])
  })

  it('takes up a job again when the worker that claimed it died, and ignores the dead claim', async () => {
    const author = await makeUser(t)
    const postId = await seedPost(t, author.id, { title: CORAL_TITLE, content: CORAL_PARAGRAPHS.join(' ') })
    const store = analysisStore(t.database.db)
    // A worker claims the job with a short lease, then its process is killed mid-run.
    const dead = await store.claim(1)
    expect(dead).toMatchObject({ post_id: postId, attempts: 1 })
    // While the lease holds, nobody else takes it.
    expect(await queue(t).processNext()).toBeNull()
    await sleep(1_200)
    const [after] = await queue(t).drain()
    expect(after).toMatchObject({ outcome: 'done', job: { id: dead?.id, attempts: 2 } })
    expect((await analysisOf(t, postId)).status).toBe('done')
    // Had the first worker only stalled, its late result is refused: the claim is no longer current.
    expect(await store.finish(dead!, 'failed', 'late')).toBe(false)
    expect((await analysisOf(t, postId)).status).toBe('done')
  })

  it('retries a transient failure with exponential back-off, then gives up with a reason', async () => {
    const author = await makeUser(t)
    const postId = await seedPost(t, author.id, { title: CORAL_TITLE, content: CORAL_PARAGRAPHS.join(' ') })
    const flaky = queue(t, {
      maxAttempts: 2,
      backoffSeconds: 30,
      analyse: async () => {
        throw new Error('connection reset by peer')
      },
    })
    const [first] = await flaky.drain()
    expect(first.outcome).toBe('retry')
    const [waiting] = await analysisStore(t.database.db).jobsOf(postId)
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, last_error: 'connection reset by peer' })
    const delay = (waiting.run_after.getTime() - Date.now()) / 1000
    expect(delay).toBeGreaterThan(25)
    expect(delay).toBeLessThan(31)
    expect((await analysisOf(t, postId)).status).toBe('pending')
    // Not due yet.
    expect(await flaky.processNext()).toBeNull()

    await t.database.db
      .updateTable('analysis_jobs')
      .set({ run_after: new Date(Date.now() - 1000) })
      .execute()
    const [second] = await flaky.drain()
    expect(second.outcome).toBe('failed')
    const analysis = await analysisOf(t, postId)
    expect(analysis).toMatchObject({
      status: 'failed',
      error: 'The analysis could not be completed. The author can try again later.',
    })
    expect(backoffSeconds({ backoffSeconds: 30, maxBackoffSeconds: 3600 }, 1)).toBe(30)
    expect(backoffSeconds({ backoffSeconds: 30, maxBackoffSeconds: 3600 }, 3)).toBe(120)
    expect(backoffSeconds({ backoffSeconds: 30, maxBackoffSeconds: 3600 }, 20)).toBe(3600)
  })

  it('raises analysis.finished with the recorded end: done with its files, failed for good, never on a retry', async () => {
    const events = createEventBus()
    const raised: DomainEvents['analysis.finished'][] = []
    events.inTransaction('analysis.finished', async (_trx, finished) => {
      raised.push(...finished)
    })
    const author = await makeUser(t)
    const pdf = await makePdf({ paragraphs: CORAL_PARAGRAPHS })
    const analysed = await seedPost(t, author.id, { title: CORAL_TITLE }, [
      { name: 'coral.pdf', mime: PDF_MIME, data: pdf },
    ])
    await analysisQueue({ ...t.app.ctx, events }).drain()
    expect(raised).toEqual([{ postId: analysed, authorId: author.id, status: 'done', fileCount: 1 }])

    raised.length = 0
    const failing = await seedPost(t, author.id, { title: 'Unlucky' })
    const flaky = analysisQueue(
      { ...t.app.ctx, events },
      {
        maxAttempts: 2,
        analyse: async () => {
          throw new Error('connection reset by peer')
        },
      },
    )
    expect((await flaky.drain()).map((processed) => processed.outcome)).toEqual(['retry'])
    expect(raised).toEqual([])
    await t.database.db
      .updateTable('analysis_jobs')
      .set({ run_after: new Date(Date.now() - 1000) })
      .execute()
    expect((await flaky.drain()).map((processed) => processed.outcome)).toEqual(['failed'])
    expect(raised).toEqual([{ postId: failing, authorId: author.id, status: 'failed', fileCount: 0 }])
  })

  it('never lets two workers process one job, even when they claim at the same time', async () => {
    const author = await makeUser(t)
    const postIds = new Set<string>()
    for (let i = 0; i < 40; i += 1) {
      postIds.add(
        await seedPost(t, author.id, {
          title: `Post ${i}`,
          content: BEES_PARAGRAPHS[i % BEES_PARAGRAPHS.length],
        }),
      )
    }
    const processedBy: string[][] = [[], []]
    let overlapping = 0
    const inFlight = new Set<string>()
    // Each worker records the posts it analysed; an analysis takes a moment, so claims interleave.
    const worker = (index: number) =>
      queue(t, {
        analyse: async (source) => {
          const key = source.title
          if (inFlight.has(key)) overlapping += 1
          inFlight.add(key)
          processedBy[index].push(key)
          await sleep(5)
          inFlight.delete(key)
          return { analysis: { ...PENDING_DONE, summary: key }, terms: [] }
        },
      }).drain()
    await Promise.all([worker(0), worker(1)])
    const all = [...processedBy[0], ...processedBy[1]]
    expect(all).toHaveLength(40)
    expect(new Set(all).size).toBe(40)
    expect(overlapping).toBe(0)
    const statuses = await t.database.db.selectFrom('analysis_jobs').select('status').execute()
    expect(statuses.every((row) => row.status === 'done')).toBe(true)
    expect(statuses).toHaveLength(40)
  })

  it('hands each of many jobs to exactly one of several concurrent claimers', async () => {
    const author = await makeUser(t)
    for (let i = 0; i < 100; i += 1) await seedPost(t, author.id, { title: `Claim ${i}` })
    const store = analysisStore(t.database.db)
    const claimed: string[] = []
    const claimer = async () => {
      for (let job = await store.claim(60); job; job = await store.claim(60)) {
        claimed.push(job.id)
        expect(await store.finish(job, 'done', null)).toBe(true)
      }
    }
    await Promise.all([claimer(), claimer(), claimer(), claimer()])
    expect(claimed).toHaveLength(100)
    expect(new Set(claimed).size).toBe(100)
  })

  it('forgets the jobs and phrases of a deleted post', async () => {
    const author = await makeUser(t)
    const postId = await seedPost(t, author.id, { title: CORAL_TITLE, content: CORAL_PARAGRAPHS.join(' ') })
    await queue(t).drain()
    const terms = () =>
      t.database.db.selectFrom('analysis_post_terms').select('term').where('post_id', '=', postId).execute()
    expect((await terms()).map((row) => row.term)).toContain('coral bleaching')
    await t.database.db.deleteFrom('posts').where('id', '=', postId).execute()
    expect(await terms()).toEqual([])
    expect(await analysisStore(t.database.db).jobsOf(postId)).toEqual([])
  })

  it('runs jobs in a background worker loop that stops cleanly', async () => {
    const author = await makeUser(t)
    const postId = await seedPost(t, author.id, { title: CORAL_TITLE, content: CORAL_PARAGRAPHS.join(' ') })
    const stop = startAnalysisWorker(t.app.ctx, { pollMs: 50 })
    try {
      await waitFor(
        async () => (await analysisOf(t, postId)).status !== 'pending',
        'the worker to analyse the post',
      )
      expect((await analysisOf(t, postId)).status).toBe('done')
    } finally {
      await stop()
    }
  })
})

const PENDING_DONE: AiAnalysis = {
  status: 'done',
  summary: '',
  tags: [],
  topics: [],
  engine: 'local',
  language: 'en',
}

describe('keyphrases weighed against the corpus', { timeout: 60_000 }, () => {
  it('ranks a phrase most posts share below what this post is about', async () => {
    const author = await makeUser(t)
    const beeForum = [
      'Varroa mites',
      'Queen rearing',
      'Winter losses',
      'Hive design',
      'Swarming',
      'Forage maps',
    ]
    for (const title of beeForum) {
      await seedPost(t, author.id, {
        title,
        content: `Honey bees were observed daily. ${title} in honey bee colonies were recorded by beekeepers. Honey bee colonies need care.`,
      })
    }
    await queue(t).drain()
    const docx = await makeDocx({ title: BEES_TITLE, paragraphs: BEES_PARAGRAPHS })
    const postId = await seedPost(t, author.id, { title: 'Pesticides review' }, [
      { name: 'bees.docx', mime: DOCX_MIME, data: docx },
    ])
    await queue(t).drain()
    const analysis = await analysisOf(t, postId)
    expect(analysis.tags[0]).toBe('neonicotinoid pesticides')
  })
})

describe('POST /media/{id}/analysis', { timeout: 60_000 }, () => {
  it('lets the author re-run the analysis, and no one else', async () => {
    const author = await makeUser(t)
    const other = await makeUser(t)
    const postId = await seedPost(t, author.id, { title: CORAL_TITLE, content: CORAL_PARAGRAPHS.join(' ') })
    await queue(t).drain()
    expect((await analysisOf(t, postId)).status).toBe('done')
    const rerunAs = (user: TestUser | null) =>
      sendTo(t, user, 'POST /media/:id/analysis', { params: { id: postId } })

    const anonymous = await rerunAs(null)
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().detail).toBe('Please login to re-run the analysis')

    const stranger = await rerunAs(other)
    expect(stranger.statusCode).toBe(403)
    expect(stranger.json().detail).toBe('Only the post author can re-run its analysis')

    const unknown = await send(t, author, 'POST', `/api/v1/media/${uuidv7()}/analysis`)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().detail).toBe('Post not found')
    const malformed = await send(t, author, 'POST', '/api/v1/media/not-a-post/analysis')
    expect(malformed.statusCode).toBe(404)

    const rerun = await rerunAs(author)
    expect(rerun.statusCode).toBe(202)
    expect(rerun.json()).toMatchObject({ post_id: postId, status: 'pending', message: 'Analysis queued' })
    expect(readAiAnalysis(rerun.json().ai_analysis)?.status).toBe('pending')
    expect((await analysisOf(t, postId)).status).toBe('pending')
    const [processed] = await queue(t).drain()
    expect(processed.outcome).toBe('done')
    expect((await analysisOf(t, postId)).status).toBe('done')
    // The finished job is the post's record; the earlier one is gone.
    expect(await analysisStore(t.database.db).jobsOf(postId)).toHaveLength(1)
  })

  it('does not reveal a private post to others', async () => {
    const author = await makeUser(t)
    const other = await makeUser(t)
    const postId = await seedPost(t, author.id, { title: 'Draft', visibility: 'private' })
    const answer = await send(t, other, 'POST', `/api/v1/media/${postId}/analysis`)
    expect(answer.statusCode).toBe(404)
    const own = await send(t, author, 'POST', `/api/v1/media/${postId}/analysis`)
    expect(own.statusCode).toBe(202)
  })
})

describe('configuration', { timeout: 60_000 }, () => {
  const base = { DATA_DIR: '/tmp/agora-config-test', JWT_SECRET: 'x'.repeat(32) }

  it('accepts an OpenAI-compatible endpoint with a model, and defaults to one local worker', () => {
    expect(loadConfig(base).analysis).toEqual({ workers: 1, ai: null })
    const config = loadConfig({
      ...base,
      AI_BASE_URL: 'http://localhost:11434/v1/',
      AI_MODEL: 'llama3.1',
      ANALYSIS_WORKERS: '3',
    })
    expect(config.analysis).toEqual({
      workers: 3,
      ai: { baseUrl: 'http://localhost:11434/v1', apiKey: null, model: 'llama3.1' },
    })
  })

  it('refuses settings that cannot work, without echoing the key', () => {
    expect(() => loadConfig({ ...base, AI_BASE_URL: 'localhost:11434', AI_MODEL: 'm' })).toThrow(ConfigError)
    expect(() => loadConfig({ ...base, AI_BASE_URL: 'http://localhost:11434/v1' })).toThrow(
      /AI_MODEL is required/,
    )
    expect(() => loadConfig({ ...base, AI_API_KEY: 'sk-secret-value' })).toThrow(/need AI_BASE_URL/)
    expect(() => loadConfig({ ...base, AI_API_KEY: 'sk-secret-value' })).not.toThrow(/sk-secret-value/)
    expect(() => loadConfig({ ...base, ANALYSIS_WORKERS: '-1' })).toThrow(/ANALYSIS_WORKERS/)
  })
})

/** A small server that speaks the chat-completions API, answering what each test tells it to. */
function fakeModelServer() {
  const requests: {
    headers: IncomingMessage['headers']
    body: { model: string; messages: { role: string; content: string }[] }
  }[] = []
  let answer: (response: import('node:http').ServerResponse) => void = () => {}
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.url !== '/v1/chat/completions' || request.method !== 'POST') {
        response.writeHead(404).end()
        return
      }
      requests.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString()) })
      answer(response)
    })
  })
  const reply = (content: string) => (response: import('node:http').ServerResponse) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      }),
    )
  return {
    requests,
    reply,
    answerWith(handler: typeof answer) {
      answer = handler
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('the OpenAI-compatible engine', { timeout: 60_000 }, () => {
  const model = fakeModelServer()
  let ai: TestApp

  beforeAll(async () => {
    const baseUrl = await model.start()
    ai = await createTestApp({ AI_BASE_URL: baseUrl, AI_MODEL: 'tiny-test-model', AI_API_KEY: 'sk-test-key' })
  })
  afterEach(async () => {
    model.requests.length = 0
    await ai.reset()
  })
  afterAll(async () => {
    await ai?.close()
    await model.close()
  })

  async function pdfPost(instruction: string) {
    const author = await makeUser(ai)
    const pdf = await makePdf({ paragraphs: CORAL_PARAGRAPHS })
    return seedPost(ai, author.id, { title: CORAL_TITLE, instruction }, [
      { name: 'coral.pdf', mime: PDF_MIME, data: pdf },
    ])
  }

  /** A PDF post analysed through the model: its analysis. */
  async function analysedPdfPost(instruction: string) {
    const postId = await pdfPost(instruction)
    await queue(ai).drain()
    return analysisOf(ai, postId)
  }

  it('sends the extracted text and the author’s instruction, and keeps the validated answer', async () => {
    model.answerWith(
      model.reply(
        JSON.stringify({
          tldr: ' Ocean heat bleaches coral reefs faster than they recover. ',
          summary: 'Ocean heat bleaches coral reefs. Recovery time is shrinking.',
          tags: ['coral bleaching', 'marine heat waves', 'coral bleaching'],
          topics: ['Can shading protect reefs?', 'How fast can reefs recover?'],
        }),
      ),
    )
    const analysis = await analysedPdfPost('Focus on what shading does for reefs, for a general audience.')
    expect(analysis).toMatchObject({
      status: 'done',
      engine: 'openai-compatible',
      model: 'tiny-test-model',
      language: 'en',
      tldr: 'Ocean heat bleaches coral reefs faster than they recover.',
      summary: 'Ocean heat bleaches coral reefs. Recovery time is shrinking.',
      tags: ['coral bleaching', 'marine heat waves'],
      topics: ['Can shading protect reefs?', 'How fast can reefs recover?'],
    })
    expect(analysis.fallback_reason).toBeUndefined()
    // The model wrote its own topics: no local sentence is claimed as their source.
    expect(analysis.topic_sources).toBeUndefined()

    expect(model.requests).toHaveLength(1)
    const [request] = model.requests
    expect(request.headers.authorization).toBe('Bearer sk-test-key')
    expect(request.body.model).toBe('tiny-test-model')
    const prompt = request.body.messages.map((message) => message.content).join('\n')
    expect(prompt).toContain('Focus on what shading does for reefs, for a general audience.')
    expect(prompt).toContain(CORAL_TITLE)
    expect(squash(prompt)).toContain(CORAL_PARAGRAPHS[1])
    expect(request.body.messages[0].content).toContain(
      '{"tldr": string, "summary": string, "tags": string[], "topics": string[]}',
    )
  })

  it('falls back to the local engine when the answer is not the JSON asked for', async () => {
    model.answerWith(model.reply('Sure! Here is a summary: coral reefs are in trouble.'))
    const analysis = await analysedPdfPost('')
    expect(analysis).toMatchObject({
      status: 'done',
      engine: 'local',
      fallback_reason: 'The AI service did not answer with JSON.',
    })
    expect(analysis.model).toBeUndefined()
    for (const sentence of analysis.summary.split(/(?<=\.)\s+/)) expect(CORAL_PARAGRAPHS).toContain(sentence)
    expect(analysis.tags).toContain('coral bleaching')
  })

  it('falls back when the JSON lacks the fields, the service errs, or it is too slow', async () => {
    model.answerWith(model.reply(JSON.stringify({ summary: 'Only a summary' })))
    expect(await analysedPdfPost('')).toMatchObject({
      engine: 'local',
      fallback_reason: 'The AI service answered JSON without the summary, tags and topics we asked for.',
    })

    model.answerWith((response) => response.writeHead(503).end('overloaded'))
    expect(await analysedPdfPost('')).toMatchObject({
      engine: 'local',
      fallback_reason: 'The AI service answered HTTP 503.',
    })

    model.answerWith((response) => {
      setTimeout(() => response.writeHead(200).end('{}'), 3_000).unref()
    })
    const slow = await pdfPost('')
    const started = Date.now()
    await queue(ai, { remoteTimeoutMs: 300 }).drain()
    expect(Date.now() - started).toBeLessThan(2_500)
    expect(await analysisOf(ai, slow)).toMatchObject({
      status: 'done',
      engine: 'local',
      fallback_reason: 'The AI service did not answer within 0.3 s.',
    })
  })
})
