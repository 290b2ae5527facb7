import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { listenLocally } from '@agora/test-kit/pinning'
import { importer } from 'ipfs-unixfs-importer'
import { fixedSize } from 'ipfs-unixfs-importer/chunker'
import { balanced } from 'ipfs-unixfs-importer/layout'

export interface KuboAdd {
  query: Record<string, string>
  bytes: Buffer
  hash: string
}

/** The bytes of the first file part of a multipart/form-data body. */
function filePart(body: Buffer, contentType: string): Buffer {
  const boundary = /boundary=([^;]+)/.exec(contentType)?.[1]
  if (!boundary) throw new Error('no multipart boundary')
  const start = body.indexOf('\r\n\r\n', body.indexOf(`--${boundary}`)) + 4
  const end = body.indexOf(`\r\n--${boundary}`, start)
  if (start < 4 || end < 0) throw new Error('no file part')
  return body.subarray(start, end)
}

/**
 * An in-process Kubo RPC API answering POST /api/v0/add as Kubo does: it honours `cid-version`,
 * `raw-leaves` and `chunker` with Kubo's defaults when they are left out (CIDv0, dag-pb leaves), so
 * a client that forgets them gets another CID, and answers one JSON line per added object. Faults
 * a test asks for answer first.
 */
export async function startFakeKubo() {
  const added: KuboAdd[] = []
  let faults: number[] = []
  let forced: Record<string, string> = {}

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake')
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const fault = faults.shift()
    if (fault !== undefined) {
      response.writeHead(fault, { 'content-type': 'application/json' })
      return response.end(JSON.stringify({ Message: `fault ${fault} asked for`, Code: 0, Type: 'error' }))
    }
    if (request.method !== 'POST' || url.pathname !== '/api/v0/add') {
      response.writeHead(404, { 'content-type': 'text/plain' })
      return response.end('404 page not found')
    }
    const query = { ...Object.fromEntries(url.searchParams), ...forced }
    const bytes = filePart(Buffer.concat(chunks), request.headers['content-type'] ?? '')
    const cidVersion = query['cid-version'] === '1' ? 1 : 0
    const chunkSize = Number(/^size-(\d+)$/.exec(query.chunker ?? '')?.[1] ?? 262_144)
    let root = ''
    for await (const entry of importer([{ content: [bytes] }], { put: async () => {} } as never, {
      cidVersion,
      rawLeaves: query['raw-leaves'] ? query['raw-leaves'] === 'true' : cidVersion === 1,
      reduceSingleLeafToSelf: true,
      chunker: fixedSize({ chunkSize }),
      layout: balanced({ maxChildrenPerNode: 174 }),
    })) {
      root = entry.cid.toString()
    }
    added.push({ query, bytes, hash: root })
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(`${JSON.stringify({ Name: root, Hash: root, Size: String(bytes.length) })}\n`)
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      response.writeHead(500, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ Message: String(error), Code: 0, Type: 'error' }))
    })
  })
  return {
    ...(await listenLocally(server)),
    /** Every file added (and so pinned), in order. */
    added,
    /** Answers the next requests with these statuses, one each. */
    failNext(...statuses: number[]) {
      faults.push(...statuses)
    },
    /** Imports with these settings whatever the request says, as a node configured otherwise would. */
    forceQuery(query: Record<string, string>) {
      forced = query
    },
    reset() {
      added.length = 0
      faults = []
      forced = {}
    },
  }
}
