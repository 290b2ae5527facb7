import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { apiMakePost, apiPostDetail, makeUser } from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'
import type { PinningConfig } from '../../config'
import { startFakeKubo } from './pinning.fake-kubo'
import { pinningWorker } from './pinning.worker'

const kubo = await startFakeKubo()
const t = useTestApp({ IPFS_API_URL: kubo.url, IPFS_PIN_MAX_ATTEMPTS: '3' }, { blobs: true })
afterEach(() => kubo.reset())
afterAll(() => kubo.close())

const worker = (config = t.config.pinning as PinningConfig) =>
  pinningWorker(t.database.db, config, t.app.ctx.blobs, { backoffSeconds: 0 })

async function pinStatusOf(postId: string) {
  return (await apiPostDetail(t, null, postId)).media.map((item) => item.pin_status)
}

describe(`pinning through a Kubo node (${TEST_DB})`, () => {
  it('adds a public file’s bytes to Kubo, which pins them under the CID the server gave them', async () => {
    const ada = await makeUser(t)
    // Over one 256 KiB chunk: a dag-pb root, so the chunker and the leaves must match Kubo's too.
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(600_000)])
    const created = await apiMakePost(t, ada, {}, [{ name: 'paper.pdf', data: bytes }])
    expect(await pinStatusOf(created.post_id)).toEqual(['queued'])

    expect((await worker().drain()).map((step) => step.outcome)).toEqual(['pinned'])
    expect(await pinStatusOf(created.post_id)).toEqual(['pinned'])
    expect(kubo.added).toHaveLength(1)
    expect(kubo.added[0].hash).toBe(created.post.media[0].cid)
    expect(kubo.added[0].bytes.equals(bytes)).toBe(true)
    expect(kubo.added[0].query).toMatchObject({ 'cid-version': '1', 'raw-leaves': 'true', pin: 'true' })
  })

  it('tries again when the node is down', async () => {
    const ada = await makeUser(t)
    const created = await apiMakePost(t, ada)
    kubo.failNext(503)
    const steps = worker()
    expect((await steps.processNext())?.outcome).toBe('retry')
    expect((await steps.processNext())?.outcome).toBe('pinned')
    expect(await pinStatusOf(created.post_id)).toEqual(['pinned'])
  })

  it('fails at once, saying why, when the node gives the file another CID', async () => {
    const ada = await makeUser(t)
    const created = await apiMakePost(t, ada)
    kubo.forceQuery({ 'cid-version': '0', 'raw-leaves': 'false' })
    expect((await worker().processNext())?.outcome).toBe('failed')
    expect(await pinStatusOf(created.post_id)).toEqual(['failed'])
    const job = await t.database.db
      .selectFrom('ipfs_pins')
      .select('last_error')
      .where('cid', '=', created.post.media[0].cid)
      .executeTakeFirstOrThrow()
    expect(job.last_error).toMatch(/gave the file the CID Qm\w+, not bafk/)
  })
})
