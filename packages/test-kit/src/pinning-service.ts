import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'

/** Where a pin stands, in the Pinning Service API's words. */
type PinStatus = 'queued' | 'pinning' | 'pinned' | 'failed'

/** How the fake service's pins go: pinned at once; queued → pinning → pinned, one step per look; or failed. */
export type PinProgress = 'instant' | 'slow' | 'fails'

interface StoredPin {
  requestid: string
  cid: string
  name: string | undefined
  meta: Record<string, string> | undefined
  origins: string[]
  status: PinStatus
  created: string
}

export interface RecordedRequest {
  method: string
  path: string
  authorization: string | undefined
  body: unknown
}

/**
 * An in-process IPFS Pinning Service (https://ipfs.github.io/pinning-services-api-spec/): the
 * endpoints Agora uses (POST /pins, GET /pins/{requestid}, GET /pins?cid=&status=), Bearer auth
 * answering 401 with the spec's Failure body, and faults a test can ask for. Records every request.
 */
export async function startFakePinningService(token = 'test-pinning-token') {
  const pins = new Map<string, StoredPin>()
  const requests: RecordedRequest[] = []
  let progress: PinProgress = 'instant'
  let faults: number[] = []

  function send(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(body))
  }
  const failure = (reason: string, details: string) => ({ error: { reason, details } })
  const view = (pin: StoredPin) => ({
    requestid: pin.requestid,
    status: pin.status,
    created: pin.created,
    pin: { cid: pin.cid, name: pin.name, origins: pin.origins, meta: pin.meta },
    delegates: ['/ip4/203.0.113.7/tcp/4001/p2p/12D3KooWDelegateOfTheFakeService'],
    ...(pin.status === 'failed' ? { info: { status_details: 'no provider of the content was found' } } : {}),
  })

  async function readBody(request: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    return text ? JSON.parse(text) : undefined
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake')
    const body = await readBody(request)
    requests.push({
      method: request.method ?? '',
      path: url.pathname + url.search,
      authorization: request.headers.authorization,
      body,
    })
    const fault = faults.shift()
    if (fault !== undefined)
      return send(response, fault, failure('INTERNAL_SERVER_ERROR', `fault ${fault} asked for`))
    if (request.headers.authorization !== `Bearer ${token}`) {
      return send(response, 401, failure('UNAUTHORIZED', 'Access token is missing or invalid'))
    }
    if (request.method === 'POST' && url.pathname === '/pins') {
      const { cid, name, meta, origins } = (body ?? {}) as Partial<StoredPin>
      if (typeof cid !== 'string' || cid.length === 0)
        return send(response, 400, failure('BAD_REQUEST', 'cid is required'))
      const pin: StoredPin = {
        requestid: randomUUID(),
        cid,
        name,
        meta,
        origins: origins ?? [],
        status: progress === 'instant' ? 'pinned' : 'queued',
        created: new Date().toISOString(),
      }
      pins.set(pin.requestid, pin)
      return send(response, 202, view(pin))
    }
    if (request.method === 'GET' && url.pathname.startsWith('/pins/')) {
      const pin = pins.get(decodeURIComponent(url.pathname.slice('/pins/'.length)))
      if (!pin) return send(response, 404, failure('NOT_FOUND', 'The specified resource was not found'))
      // Each look moves a pin on one step: queued → pinning → pinned (or failed).
      if (pin.status === 'queued') pin.status = 'pinning'
      else if (pin.status === 'pinning') pin.status = progress === 'fails' ? 'failed' : 'pinned'
      return send(response, 200, view(pin))
    }
    if (request.method === 'GET' && url.pathname === '/pins') {
      const cids = url.searchParams.get('cid')?.split(',') ?? []
      const statuses = url.searchParams.get('status')?.split(',') ?? ['pinned']
      const results = [...pins.values()].filter(
        (pin) => (cids.length === 0 || cids.includes(pin.cid)) && statuses.includes(pin.status),
      )
      return send(response, 200, { count: results.length, results: results.map(view) })
    }
    send(response, 404, failure('NOT_FOUND', 'No such endpoint'))
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error) => send(response, 500, failure('INTERNAL', String(error))))
  })
  return {
    ...(await listenLocally(server)),
    token,
    requests,
    pins,
    /** Requests to POST /pins, in order. */
    pinRequests: () => requests.filter((r) => r.method === 'POST'),
    /** How the pins asked for from now on go. */
    setProgress(next: PinProgress) {
      progress = next
    },
    /** Answers the next requests with these statuses (500, 503, 429…), one each, whatever they ask. */
    failNext(...statuses: number[]) {
      faults.push(...statuses)
    },
    reset() {
      pins.clear()
      requests.length = 0
      faults = []
      progress = 'instant'
    },
  }
}
export type FakePinningService = Awaited<ReturnType<typeof startFakePinningService>>

/** Starts a fake on a free port of 127.0.0.1: its base URL and how to stop it. */
export async function listenLocally(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('the fake server did not start')
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
