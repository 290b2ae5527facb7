// A 4 MB text file of random characters must not hold an analysis worker for half a minute and fail
// the jobs behind it. The queue is fair between authors (one user's many heavy files
// cannot starve another's one job) and each job's cost is bounded (a 4 MB random text ends quickly,
// done or failed with a reason). Real uploads, the real queue and its sandboxed analysis thread.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analysisQueue } from '../../src/features/analysis/analysis.queue'
import { closeSandboxThreads } from '../../src/features/analysis/sandbox'
import { makeUser, sendForm, type TestUser } from '../factories'
import { multipart, type UploadFile } from '../files'
import { createTestApp, TEST_DB, type TestApp } from '../harness'

const KB = 1024
const MB = 1024 * KB

/** Random lowercase words, a space every few letters, a full stop now and then. */
function randomWords(bytes: number): Buffer {
  return Buffer.from(randomBytes(bytes).map((b) => (b % 7 === 0 ? 32 : b % 50 === 1 ? 46 : 97 + (b % 26))))
}

/** Random printable characters, no space at all: one "word" of megabytes. */
function randomCharacters(bytes: number): Buffer {
  return Buffer.from(randomBytes(bytes).map((b) => 33 + (b % 94)))
}

let t: TestApp
beforeAll(async () => {
  // Jobs are run by the test, one at a time, as one worker would.
  t = await createTestApp({ ANALYSIS_WORKERS: '0', UPLOAD_RATE_LIMIT: '1000' })
})
afterAll(async () => {
  await closeSandboxThreads()
  await t.close()
})

async function post(user: TestUser, title: string, files: UploadFile[]): Promise<string> {
  const form = multipart({ title }, files)
  const response = await sendForm(t, user, '/api/v1/media/upload', form)
  expect(response.statusCode).toBe(201)
  return response.json().post_id
}

async function jobOf(postId: string) {
  return t.database.db
    .selectFrom('analysis_jobs')
    .select(['status', 'last_error', 'finished_at'])
    .where('post_id', '=', postId)
    .executeTakeFirstOrThrow()
}

describe(`analysis queue: fair and bounded (${TEST_DB})`, { timeout: 240_000 }, () => {
  it("one author's many heavy files do not starve another author's one job", async () => {
    const ada = await makeUser(t)
    const ben = await makeUser(t)
    const adas: string[] = []
    for (let i = 0; i < 6; i++)
      adas.push(await post(ada, `Heavy ${i}`, [{ name: `heavy${i}.txt`, data: randomWords(200 * KB) }]))
    // Ben's one job is queued after all of Ada's.
    const bens = await post(ben, 'Light', [{ name: 'light.txt', data: randomWords(2 * KB) }])

    const processed = await analysisQueue(t.app.ctx).drain()
    const order = processed.map((step) => step.job.post_id)
    expect(new Set(order)).toEqual(new Set([...adas, bens]))
    // Round-robin by author: Ada's first job, then Ben's — not after Ada's six.
    expect(order.indexOf(bens)).toBe(1)
    const finished = await Promise.all(
      [bens, ...adas].map(async (id) => (await jobOf(id)).finished_at!.getTime()),
    )
    const finishedBefore = finished.slice(1).filter((time) => time < finished[0]).length
    expect(finishedBefore).toBeLessThanOrEqual(1)
  })

  it('a 4 MB file of random characters (or random words) is analysed within a bound', async () => {
    const cleo = await makeUser(t)
    const started = Date.now()
    const characters = await post(cleo, 'Noise', [{ name: 'noise.txt', data: randomCharacters(4 * MB) }])
    const words = await post(cleo, 'Babble', [{ name: 'babble.txt', data: randomWords(4 * MB) }])
    const queue = analysisQueue(t.app.ctx)
    const timings: number[] = []
    for (let step = Date.now(), next = await queue.processNext(); next; next = await queue.processNext()) {
      timings.push(Date.now() - step)
      step = Date.now()
    }
    for (const postId of [characters, words]) {
      const job = await jobOf(postId)
      // Done, or failed with a reason people can read: never left running, never retried for minutes.
      if (job.status === 'failed') expect(job.last_error).toBeTruthy()
      else expect(job.status).toBe('done')
    }
    // Before the bound, a job of random characters took minutes (the thread's 35 s limit, then failed).
    expect(Math.max(...timings)).toBeLessThan(15_000)
    expect(Date.now() - started).toBeLessThan(40_000)
  })
})
