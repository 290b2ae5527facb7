import type { PinStatus } from '@agora/contract'

/** Where a pin request stands at the service; `requestId` is null when there is nothing to poll. */
export interface RemotePin {
  requestId: string | null
  status: PinStatus
  /** The service's own words, when it gives any (PinStatus.info). */
  info?: string
}

/** What the worker asks of where pins go. */
export interface PinningClient {
  /** Asks for the file to be pinned. */
  add(pin: { cid: string; name: string }): Promise<RemotePin>
  /** Where an earlier request stands. */
  check(requestId: string): Promise<RemotePin>
  /** A request for this CID made earlier (by a claim whose lease ran out before it was recorded). */
  find(cid: string): Promise<RemotePin | null>
}

/**
 * A try that did not work. `retry`: worth trying again later (the service is down, busy, or refused
 * the token, which an operator may fix); `forgetRequest`: the request id is no use any more (the
 * service lost it, or its pin failed), so the next try asks anew.
 */
export class PinError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
    readonly forgetRequest = false,
  ) {
    super(message)
  }
}

const TIMEOUT_MS = 30_000
const STATUSES: readonly PinStatus[] = ['queued', 'pinning', 'pinned', 'failed']

/**
 * The IPFS Pinning Service API (https://ipfs.github.io/pinning-services-api-spec/): POST /pins,
 * GET /pins/{requestid} and GET /pins?cid=, with the access token as a Bearer token.
 */
export function pinningServiceClient(url: string, token: string, publicUrl: string): PinningClient {
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let response: Response
    try {
      response = await fetch(`${url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch (error) {
      throw new PinError(`The pinning service could not be reached: ${(error as Error).message}`, true)
    }
    const text = await response.text().catch(() => '')
    if (!response.ok) throw refusal(response.status, method, path, text)
    try {
      return JSON.parse(text)
    } catch {
      throw new PinError(
        `The pinning service answered ${method} ${path} with something other than JSON`,
        true,
      )
    }
  }

  return {
    async add({ cid, name }) {
      // No `origins`: they are libp2p multiaddrs of peers holding the data, and this server is an
      // HTTP gateway, not a libp2p peer (docs/decisions/009-ipfs-pinning.md).
      const body = {
        cid,
        ...(name ? { name: name.slice(0, 255) } : {}),
        meta: { source: 'agora', gateway: `${publicUrl}/ipfs/${cid}` },
      }
      return pinStatus(await call('POST', '/pins', body))
    },
    async check(requestId) {
      return pinStatus(await call('GET', `/pins/${encodeURIComponent(requestId)}`))
    },
    async find(cid) {
      const query = new URLSearchParams({ cid, status: 'queued,pinning,pinned', limit: '1' })
      const answer = (await call('GET', `/pins?${query}`)) as { results?: unknown[] }
      const first = Array.isArray(answer?.results) ? answer.results[0] : undefined
      return first === undefined ? null : pinStatus(first)
    },
  }
}

/** A PinStatus object as the spec describes it; anything else is the service's fault, tried again. */
function pinStatus(value: unknown): RemotePin {
  const object = value as { requestid?: unknown; status?: unknown; info?: Record<string, unknown> }
  if (typeof object?.requestid !== 'string' || !STATUSES.includes(object.status as PinStatus)) {
    throw new PinError('The pinning service answered without a request id and a status', true)
  }
  const info = object.info && typeof object.info === 'object' ? Object.values(object.info).join('; ') : ''
  return { requestId: object.requestid, status: object.status as PinStatus, ...(info ? { info } : {}) }
}

/** An error answer, in words, and whether trying again may help. */
function refusal(status: number, method: string, path: string, text: string): PinError {
  let reason = ''
  try {
    const failure = JSON.parse(text) as { error?: { reason?: string; details?: string } }
    reason = [failure.error?.reason, failure.error?.details].filter(Boolean).join(': ')
  } catch {}
  const said = `The pinning service answered ${status} to ${method} ${path.split('?')[0]}${reason ? ` (${reason})` : ''}`
  if (status === 401 || status === 403) {
    // The token is wrong or expired: tried again with back-off, so a fixed token takes over.
    return new PinError(`${said}; check IPFS_PINNING_TOKEN`, true)
  }
  // The service no longer knows the request: ask again.
  if (status === 404 && method === 'GET' && path.startsWith('/pins/')) return new PinError(said, true, true)
  const retry = status >= 500 || status === 408 || status === 429
  return new PinError(said, retry)
}
