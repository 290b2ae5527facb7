import { waitFor } from '@agora/test-kit'
import { startFakePinningService } from '@agora/test-kit/pinning'
import { sql } from 'kysely'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import {
  apiMakePost,
  apiPostDetail,
  makeUser,
  sendEditPost,
  sendForm,
  sendTo,
  type TestUser,
} from '../../../test/factories'
import { multipart, pdfFile, pngFile } from '../../../test/files'
import { TEST_DB, useTestApp } from '../../../test/harness'
import type { PinningConfig } from '../../config'
import { pinningClient } from './pinning.kubo'
import { type PinningOptions, pinningWorker } from './pinning.worker'

const service = await startFakePinningService()
const t = useTestApp(
  {
    IPFS_PINNING_URL: service.url,
    IPFS_PINNING_TOKEN: service.token,
    IPFS_PIN_MAX_ATTEMPTS: '3',
    PUBLIC_URL: 'https://agora.example',
  },
  { blobs: true },
)
afterEach(() => service.reset())
afterAll(() => service.close())

/** No waiting between tries or polls: each test makes the time pass by running the worker again. */
const NOW: Partial<PinningOptions> = { backoffSeconds: 0, pollSeconds: 0 }
const pinning = () => t.config.pinning as PinningConfig
const worker = (options: Partial<PinningOptions> = NOW, config = pinning()) =>
  pinningWorker(t.database.db, config, t.app.ctx.blobs, options)

const mediaOf = async (postId: string, user: TestUser | null = null) =>
  (await apiPostDetail(t, user, postId)).media

function job(cid: string) {
  return t.database.db.selectFrom('ipfs_pins').selectAll().where('cid', '=', cid).executeTakeFirstOrThrow()
}

/** Seconds from now until the job is due again (its back-off). */
async function dueIn(cid: string) {
  const { rows } = await sql<{ seconds: number }>`
    select extract(epoch from run_after - now())::float8 as seconds from ipfs_pins where cid = ${cid}
  `.execute(t.database.db)
  return rows[0].seconds
}

/** Makes a waiting job due now, as the passing of its back-off would. */
const makeDue = (cid: string) =>
  t.database.db
    .updateTable('ipfs_pins')
    .set({ run_after: new Date(Date.now() - 1000) })
    .where('cid', '=', cid)
    .execute()

async function publicPost(user: TestUser, seed = 1) {
  const created = await apiMakePost(t, user, { title: 'Spectra' }, [
    { name: 'paper.pdf', data: pdfFile(`Absorption spectra ${seed}`) },
    { name: 'figure.png', data: pngFile(4242 + seed) },
  ])
  return { id: created.post_id, cids: created.post.media.map((item) => item.cid) }
}

describe(`pinning public files (${TEST_DB})`, () => {
  it('queues a new public post’s files and shows them pinned once the service pinned them', async () => {
    const ada = await makeUser(t)
    const post = await publicPost(ada)
    expect((await mediaOf(post.id)).map((item) => item.pin_status)).toEqual(['queued', 'queued'])

    const done = await worker().drain()
    expect(done.map((step) => step.outcome)).toEqual(['pinned', 'pinned'])
    expect((await mediaOf(post.id)).map((item) => item.pin_status)).toEqual(['pinned', 'pinned'])
    const asked = service.pinRequests()
    expect(asked.map((request) => (request.body as { cid: string }).cid).sort()).toEqual(
      [...post.cids].sort(),
    )
    expect(asked[0].authorization).toBe(`Bearer ${service.token}`)
    const pdf = asked.find((request) => (request.body as { name: string }).name === 'paper.pdf')
    expect(pdf?.body).toMatchObject({
      cid: post.cids[0],
      meta: { source: 'agora', gateway: `https://agora.example/ipfs/${post.cids[0]}` },
    })
    expect(pdf?.body).not.toHaveProperty('origins')
  })

  it('does not pin a private post’s files, and pins them once an edit makes the post public', async () => {
    const ada = await makeUser(t)
    const created = await apiMakePost(t, ada, { visibility: 'private' })
    expect((await mediaOf(created.post_id, ada))[0]).not.toHaveProperty('pin_status')
    expect(await worker().drain()).toEqual([])
    expect(service.requests).toEqual([])

    const edited = await sendEditPost(t, ada, created.post_id, { base_revision: 1, visibility: 'public' })
    expect(edited.statusCode).toBe(200)
    expect(edited.json().media[0].pin_status).toBe('queued')
    await worker().drain()
    expect((await mediaOf(created.post_id))[0].pin_status).toBe('pinned')
  })

  it('pins the files of a new version of a public post', async () => {
    const ada = await makeUser(t)
    const post = await publicPost(ada)
    await worker().drain()
    const body = multipart([['changelog', 'A clearer figure']], [{ name: 'figure.png', data: pngFile(777) }])
    const versioned = await sendForm(t, ada, `/api/v1/media/${post.id}/versions`, body)
    expect(versioned.statusCode).toBe(201)
    // The version holds the new figure alone; the paper of version 1 stays pinned.
    expect((await mediaOf(post.id)).map((item) => item.pin_status)).toEqual(['queued'])
    await worker().drain()
    expect((await mediaOf(post.id)).map((item) => item.pin_status)).toEqual(['pinned'])
    const first = await sendTo(t, null, 'GET /media/:id', {
      params: { id: post.id },
      query: { version: '1' },
    })
    expect(first.json().media.map((item: { pin_status: string }) => item.pin_status)).toEqual([
      'pinned',
      'pinned',
    ])
    const versions = await sendTo(t, null, 'GET /media/:id/versions', { params: { id: post.id } })
    const statuses = versions
      .json()
      .items.map((item: { files: { pin_status: string }[] }) => item.files.map((file) => file.pin_status))
    expect(statuses).toEqual([['pinned', 'pinned'], ['pinned']])
    expect(service.pinRequests()).toHaveLength(3)
  })

  it('follows a slow pin through queued and pinning to pinned, polling its request', async () => {
    service.setProgress('slow')
    const ada = await makeUser(t)
    const created = await apiMakePost(t, ada)
    const cid = created.post.media[0].cid
    const steps = worker()
    expect((await steps.processNext())?.outcome).toBe('waiting')
    expect((await job(cid)).status).toBe('queued')
    expect((await steps.processNext())?.outcome).toBe('waiting')
    expect((await mediaOf(created.post_id))[0].pin_status).toBe('pinning')
    expect((await steps.processNext())?.outcome).toBe('pinned')
    expect((await mediaOf(created.post_id))[0].pin_status).toBe('pinned')
    const { request_id } = await job(cid)
    expect(service.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /pins',
      `GET /pins/${request_id}`,
      `GET /pins/${request_id}`,
    ])
  })
})

describe(`pinning failures (${TEST_DB})`, () => {
  it('tries again after a 500 with doubling back-off, then pins', async () => {
    const ada = await makeUser(t)
    const cid = (await apiMakePost(t, ada)).post.media[0].cid
    const backingOff = worker({ backoffSeconds: 30 })
    service.failNext(500, 503)

    expect((await backingOff.processNext())?.outcome).toBe('retry')
    expect(await job(cid)).toMatchObject({ status: 'queued', attempts: 1 })
    expect((await job(cid)).last_error).toContain('answered 500')
    expect(await dueIn(cid)).toBeGreaterThan(25)
    expect(await backingOff.processNext()).toBeNull()

    await makeDue(cid)
    expect((await backingOff.processNext())?.outcome).toBe('retry')
    expect(await dueIn(cid)).toBeGreaterThan(55)

    await makeDue(cid)
    expect((await backingOff.processNext())?.outcome).toBe('pinned')
    expect(await job(cid)).toMatchObject({ status: 'pinned', attempts: 2, last_error: null })
  })

  it('records the pin as failed, with the error, once the attempts are used up', async () => {
    const ada = await makeUser(t)
    const created = await apiMakePost(t, ada)
    service.failNext(503, 503, 503, 503)
    const done = await worker().drain()
    expect(done.map((step) => step.outcome)).toEqual(['retry', 'retry', 'failed'])
    expect((await mediaOf(created.post_id))[0].pin_status).toBe('failed')
    const failed = await job(created.post.media[0].cid)
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 })
    expect(failed.last_error).toContain('answered 503')
  })

  it('asks anew when the service’s pin fails, and keeps its reason when that fails each time', async () => {
    service.setProgress('fails')
    const ada = await makeUser(t)
    const created = await apiMakePost(t, ada)
    const done = await worker().drain()
    expect(done.filter((step) => step.outcome === 'retry')).toHaveLength(2)
    expect(done.at(-1)?.outcome).toBe('failed')
    // Every failed request was followed by a new one, three in all.
    expect(service.pinRequests()).toHaveLength(3)
    const failed = await job(created.post.media[0].cid)
    expect(failed.last_error).toContain('no provider of the content was found')
    expect(failed.request_id).toBeNull()
  })

  it('retries a refused token with back-off, so a process with the right token pins it', async () => {
    const ada = await makeUser(t)
    const cid = (await apiMakePost(t, ada)).post.media[0].cid
    const wrong = { ...pinning(), target: { kind: 'service' as const, url: service.url, token: 'expired' } }
    expect((await worker({ backoffSeconds: 30 }, wrong).processNext())?.outcome).toBe('retry')
    const refused = await job(cid)
    expect(refused).toMatchObject({ status: 'queued', attempts: 1 })
    expect(refused.last_error).toMatch(/answered 401.*UNAUTHORIZED.*IPFS_PINNING_TOKEN/)

    await makeDue(cid)
    expect((await worker().processNext())?.outcome).toBe('pinned')
  })

  it('fails at once on a refusal no retry can change (400)', async () => {
    const ada = await makeUser(t)
    const cid = (await apiMakePost(t, ada)).post.media[0].cid
    service.failNext(400)
    expect((await worker().processNext())?.outcome).toBe('failed')
    expect(await job(cid)).toMatchObject({ status: 'failed', attempts: 1 })
  })
})

describe(`pinning with several workers (${TEST_DB})`, () => {
  it('pins each file once when two processes drain the same queue', async () => {
    const ada = await makeUser(t)
    const posts = [await publicPost(ada, 1), await publicPost(ada, 2), await publicPost(ada, 3)]
    const [first, second] = await Promise.all([worker().drain(), worker().drain()])
    expect(first.length + second.length).toBe(6)
    const asked = service.pinRequests().map((request) => (request.body as { cid: string }).cid)
    expect(asked.sort()).toEqual(posts.flatMap((post) => post.cids).sort())
  })

  it('takes up a job whose worker died mid-pin once its lease ends, without asking twice', async () => {
    const ada = await makeUser(t)
    const created = await apiMakePost(t, ada)
    const real = pinningClient(pinning(), t.app.ctx.blobs)
    // This worker asks the service, then its process "dies": it never records the answer.
    const dying = {
      ...real,
      async add(pin: { cid: string; name: string }) {
        await real.add(pin)
        return new Promise<never>(() => {})
      },
    }
    void pinningWorker(
      t.database.db,
      pinning(),
      t.app.ctx.blobs,
      { ...NOW, leaseSeconds: 1 },
      undefined,
      dying,
    ).processNext()
    await waitFor(() => service.pinRequests().length === 1, 'the first worker to ask for the pin')

    const survivor = worker()
    const taken = await waitFor(
      () => survivor.processNext(),
      'the lease to run out and the job to be taken',
      5000,
    )
    expect(taken.outcome).toBe('pinned')
    expect(service.pinRequests()).toHaveLength(1)
    expect((await mediaOf(created.post_id))[0].pin_status).toBe('pinned')
  })
})
