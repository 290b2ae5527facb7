import { randomBytes } from 'node:crypto'
import type { BlobStore } from '../../blobs/index'
import type { PinningConfig } from '../../config'
import { PinError, type PinningClient, pinningServiceClient } from './pinning.client'

/**
 * `ipfs add` exactly as this server computes CIDs (docs/decisions/002-content-ids.md), so Kubo gives
 * the file the CID we did; `pin=true` pins it as it is added.
 */
const ADD_QUERY = new URLSearchParams({
  'cid-version': '1',
  'raw-leaves': 'true',
  chunker: 'size-262144',
  hash: 'sha2-256',
  pin: 'true',
  quieter: 'true',
  progress: 'false',
})
const TIMEOUT_MS = 10 * 60_000

/**
 * A Kubo node's RPC API (POST /api/v0/add). A remote node could not fetch the blocks from this
 * server (an HTTP gateway, not a libp2p peer), so the file's bytes are sent to it: Kubo stores and
 * pins them, and answers the CID it computed, which must be ours. Nothing to poll afterwards.
 */
export function kuboClient(url: string, store: BlobStore): PinningClient {
  return {
    async add({ cid, name }) {
      const boundary = `agora-${randomBytes(12).toString('hex')}`
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${encodeURIComponent(name || cid)}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      )
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
      async function* body() {
        yield head
        for await (const chunk of await store.read(cid)) yield chunk as Buffer
        yield tail
      }
      let response: Response
      try {
        response = await fetch(`${url}/api/v0/add?${ADD_QUERY}`, {
          method: 'POST',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          body: body() as unknown as RequestInit['body'],
          duplex: 'half',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        } as RequestInit)
      } catch (error) {
        throw new PinError(`The Kubo node could not be reached: ${(error as Error).message}`, true)
      }
      const text = await response.text().catch(() => '')
      if (!response.ok) {
        let message = ''
        try {
          message = (JSON.parse(text) as { Message?: string }).Message ?? ''
        } catch {}
        // Kubo answers 500 with a Message for a refused call too; only its 5xx and 429 are worth a retry.
        const retry = response.status >= 500 || response.status === 429 || response.status === 408
        throw new PinError(
          `The Kubo node answered ${response.status} to add${message ? ` (${message})` : ''}`,
          retry,
        )
      }
      // One JSON object per line; with `quieter` the last names the root.
      const lines = text.trim().split('\n').filter(Boolean)
      let added: { Hash?: string } = {}
      try {
        added = JSON.parse(lines.at(-1) ?? '{}')
      } catch {}
      if (!added.Hash) throw new PinError('The Kubo node answered add without a Hash', true)
      if (added.Hash !== cid) {
        throw new PinError(
          `The Kubo node gave the file the CID ${added.Hash}, not ${cid}; its import settings differ from ipfs add --cid-version 1`,
          false,
        )
      }
      return { requestId: null, status: 'pinned' }
    },
    check() {
      return Promise.reject(new PinError('Kubo pins as it adds: there is no request to look at', false, true))
    },
    async find() {
      return null
    },
  }
}

/** The client for this configuration: a Pinning Service API, or a Kubo node fed the file's bytes. */
export function pinningClient(config: PinningConfig, store: BlobStore): PinningClient {
  const { target } = config
  if (target.kind === 'service') return pinningServiceClient(target.url, target.token, config.publicUrl)
  return kuboClient(target.url, store)
}
