// Independent IPFS clients against the running server: @helia/verified-fetch with this
// gateway as its only gateway (no routers, no network) fetches files by CID and checks every block
// itself; @ipld/car parses each CAR. A file corrupted on disk makes the client fail and the server
// answer 500 for that file alone.
import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fallbackRouter } from '@helia/fallback-router'
import { trustlessGatewayBlockBroker } from '@helia/trustless-gateway-client'
import { createVerifiedFetch, type VerifiedFetch } from '@helia/verified-fetch'
import { CarReader } from '@ipld/car'
import { createHeliaLight } from 'helia'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiMakePost, makeUser } from '../../../test/factories'
import { useTestApp } from '../../../test/harness'
import { pdfBytes, polyfillWithResolvers } from './ipfs.fixtures'

const t = useTestApp()
let base = ''
let verifiedFetch: VerifiedFetch

polyfillWithResolvers()

/**
 * The fallback router (which names a gateway as every CID's provider) as an ordinary router: Helia
 * looks up providers with its ordinary routers first and, with none, waits on them forever.
 */
function asOnlyRouter<R extends object>(router: R): R {
  return Object.assign(Object.create(router), { capabilities: () => [] as string[] })
}

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  // A light node: no libp2p, no delegated routing; this gateway is its only source of blocks.
  const helia = createHeliaLight({
    blockBrokers: [trustlessGatewayBlockBroker({ allowLocal: true, allowInsecure: true })],
    routers: [asOnlyRouter(fallbackRouter({ gateways: [base] }))],
  })
  await helia.start()
  verifiedFetch = await createVerifiedFetch(helia)
})
afterAll(async () => {
  await verifiedFetch?.stop()
})

async function upload(size: number) {
  const data = pdfBytes(size)
  const user = await makeUser(t)
  const created = await apiMakePost(t, user, {}, [{ name: `file-${size}.pdf`, data }])
  return { data, cid: created.post.media[0]!.cid }
}

function blobPath(cid: string) {
  const shard = join(t.config.dataDir, 'blobs', cid.slice(-3, -1))
  return join(shard, readdirSync(shard).find((name) => name === cid)!)
}

describe('independent IPFS clients', () => {
  for (const [label, size] of [
    ['1 KB', 1000],
    ['300 KB', 300 * 1024],
    ['5 MB', 5 * 1024 * 1024],
    ['50 MB', 50 * 1024 * 1024],
  ] as const) {
    it(`verified-fetch gets exactly the uploaded bytes of ${label}, and the CAR's root is the CID`, async () => {
      const { data, cid } = await upload(size)
      const response = await verifiedFetch(`ipfs://${cid}`)
      expect(response.status).toBe(200)
      expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true)
      const car = await fetch(`${base}/ipfs/${cid}`, { headers: { accept: 'application/vnd.ipld.car' } })
      const reader = await CarReader.fromBytes(new Uint8Array(await car.arrayBuffer()))
      expect((await reader.getRoots()).map(String)).toEqual([cid])
    }, 120_000)
  }

  it('a file corrupted on disk fails the client, and the server then answers 500 for it alone', async () => {
    const { data, cid } = await upload(600 * 1024)
    const other = await upload(300 * 1024)
    const tampered = Buffer.from(data)
    tampered[400 * 1024] ^= 0xff
    writeFileSync(blobPath(cid), tampered)
    const car = await fetch(`${base}/ipfs/${cid}?format=car`)
    // The stream stops short of the block that does not match: never the wrong bytes.
    const bytes = await car.arrayBuffer().then(
      (body) => new Uint8Array(body),
      () => null,
    )
    if (bytes) {
      const reader = await CarReader.fromBytes(bytes).catch(() => null)
      const blocks = []
      if (reader) for await (const block of reader.blocks()) blocks.push(block)
      expect(blocks.length).toBeLessThan(4)
    }
    const again = await fetch(`${base}/ipfs/${cid}?format=car`)
    expect(again.status).toBe(500)
    expect(((await again.json()) as { detail: string }).detail).toMatch(/no longer match/)
    await expect(
      (async () => {
        const response = await verifiedFetch(`ipfs://${cid}`, { signal: AbortSignal.timeout(20_000) })
        if (response.status !== 200) throw new Error(`status ${response.status}`)
        await response.arrayBuffer()
      })(),
    ).rejects.toThrow()
    const fine = await verifiedFetch(`ipfs://${other.cid}`)
    expect(Buffer.from(await fine.arrayBuffer()).equals(other.data)).toBe(true)
  }, 60_000)
})
