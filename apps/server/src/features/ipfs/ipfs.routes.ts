import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { CarWriter } from '@ipld/car'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { CID } from 'multiformats/cid'
import type { AppContext, AppInstance } from '../../context'
import { BadRequestError, NotFoundError } from '../../http/errors'
import { serve } from '../../http/serve'
import { readerOf } from '../../http/standing'
import { CorruptBlockError } from './ipfs.dag'
import { postCarMaker } from './ipfs.export'
import { CAR, type GatewayAsk, RAW, readAsk } from './ipfs.request'
import { type Block, type IpfsService, ipfsService, type Located } from './ipfs.service'

/** What the Trustless Gateway spec's path gateway sends for immutable /ipfs/ content (a year less a day). */
const IMMUTABLE = 'public, max-age=29030400, immutable'
/** A block only this reader may fetch: asked again each time, kept by no shared cache. */
const PERSONAL = 'private, no-cache'
const IDENTITY = 0x00

/**
 * The trustless IPFS gateway: `GET|HEAD /ipfs/{cid}[/{path}]` at the site's root, as
 * the IPFS Trustless Gateway specification asks. Only verifiable answers: one block
 * (application/vnd.ipld.raw) or a CAR v1 stream (application/vnd.ipld.car, order=dfs). Blocks
 * are re-derived from the stored files (docs/decisions/008-ipfs-blocks.md).
 */
export async function ipfsRoutes(app: AppInstance, ctx: AppContext) {
  const service = ipfsService(ctx.db, ctx.blobs, app.log)

  app.route({
    method: ['GET', 'HEAD'],
    url: '/ipfs/*',
    // A CAR or a block is sent as it is: never compressed on the way out.
    compress: false,
    schema: { hide: true },
    handler: async (request, reply) => {
      const rest = (request.params as { '*': string })['*']
      const ask = readAsk(rest, request.query as Record<string, string | undefined>, request.headers.accept)
      reply
        .header('x-content-type-options', 'nosniff')
        .header('vary', 'Accept')
        .header('x-ipfs-path', `/ipfs/${rest}`)
      if (!ask.formatInQuery) {
        reply.header('content-location', `/ipfs/${encodeURI(rest)}?format=${ask.format}`)
      }
      if (ask.cid.multihash.code === IDENTITY) return answerIdentity(request, reply, ask)
      const target = await service.locate(ask.cid.toString(), await readerOf(request))
      if (!target) throw new NotFoundError('cid_not_found')
      if (ask.format === 'raw') return answerBlock(request, reply, service, target)
      return answerCar(request, reply, service, ask, target)
    },
  })
}

/**
 * "Download as CAR": `GET /api/v1/media/{id}/car`, the post's current files and its
 * metadata record as one UnixFS directory in a CAR (ipfs.export.ts). It lives here, beside the
 * gateway, because it is the gateway's blocks and CAR writer over a directory made for the post.
 */
export async function postCarRoutes(app: AppInstance, ctx: AppContext) {
  const makeCar = postCarMaker(ctx, ipfsService(ctx.db, ctx.blobs, app.log))
  // A CAR is sent as it is: never compressed on the way out.
  serve(app, 'GET /media/:id/car', { compress: false }, async (request, reply) => {
    const viewerId = (await request.viewer())?.userId ?? null
    const car = await makeCar(request.params.id, viewerId)
    reply
      .header('content-type', carType('n'))
      .header('content-disposition', `attachment; filename="agora-${car.post.id}-v${car.post.version}.car"`)
      .header('x-ipfs-roots', car.root.toString())
      .header('cache-control', 'private, no-cache')
      .header('x-content-type-options', 'nosniff')
    return reply.send(carStream([car.root], car.blocks(), 'n', request))
  })
}

function commonHeaders(
  reply: FastifyReply,
  etag: string,
  type: string,
  filename: string,
  roots: CID[],
  personal = false,
) {
  reply
    .header('etag', etag)
    .header('cache-control', personal ? PERSONAL : IMMUTABLE)
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('x-ipfs-roots', roots.map((cid) => cid.toString()).join(','))
}

const notModified = (request: FastifyRequest, etag: string) =>
  request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag) ?? false

async function answerBlock(
  request: FastifyRequest,
  reply: FastifyReply,
  service: IpfsService,
  target: Located,
) {
  const cid = target.cid.toString()
  const etag = `"${cid}.raw"`
  commonHeaders(reply, etag, RAW, `${cid}.bin`, [target.cid], target.personal)
  if (notModified(request, etag)) return reply.status(304).send()
  const bytes = await service.blockBytes(target)
  reply.header('content-length', bytes.byteLength)
  return reply.status(200).send(request.method === 'HEAD' ? undefined : Buffer.from(bytes))
}

function carType(dups: 'y' | 'n') {
  return `${CAR}; version=1; order=dfs; dups=${dups}`
}

async function answerCar(
  request: FastifyRequest,
  reply: FastifyReply,
  service: IpfsService,
  ask: GatewayAsk,
  target: Located,
) {
  // The blocks that prove each path segment, then the DAG at its end.
  const prefix: Located[] = []
  let terminus = target
  for (const [index, name] of ask.path.entries()) {
    const next = await service.child(terminus, name)
    if (!next)
      throw new NotFoundError('ipfs_path_not_found', {
        detail: `No "${ask.path.slice(0, index + 1).join('/')}" under ${ask.cid}`,
      })
    prefix.push(terminus)
    terminus = next
  }
  let scope = ask.scope
  let range: ReturnType<IpfsService['resolveRange']> | undefined
  if (ask.bytes && terminus.root.kind === 'file') {
    range = service.resolveRange(terminus, ask.bytes)
    if (range === 'outside')
      throw new BadRequestError('gateway_request_invalid', { detail: 'entity-bytes is outside the file' })
    if (range === 'none') scope = 'block'
  }
  const variant = `${ask.path.join('/')}|${scope}|${ask.bytes ? `${ask.bytes.from}:${ask.bytes.to}` : ''}|${ask.dups}`
  const etag = `"${ask.cid}.car.${scope}.${createHash('sha256').update(variant).digest('hex').slice(0, 16)}"`
  const roots = [...prefix.map((located) => located.cid), terminus.cid]
  commonHeaders(reply, etag, carType(ask.dups), `${ask.cid}.car`, roots, target.personal)
  if (notModified(request, etag)) return reply.status(304).send()
  if (request.method === 'HEAD') return reply.status(200).send()

  async function* blocks(): AsyncGenerator<Block> {
    for (const located of prefix) yield { cid: located.cid, bytes: await service.blockBytes(located) }
    yield* service.blocks(terminus, scope, typeof range === 'object' ? range : undefined)
  }
  return reply.status(200).send(carStream([ask.cid], blocks(), ask.dups, request))
}

/**
 * A CAR v1 of `blocks`, written as it is read: the writer waits for the reader, so at most a block
 * or two is in memory whatever the DAG's size. A failure after the start ends the stream short
 * (the status is sent by then); the client's CAR check fails, as the spec has it.
 */
function carStream(roots: CID[], blocks: AsyncGenerator<Block>, dups: 'y' | 'n', request: FastifyRequest) {
  const { writer, out } = CarWriter.create(roots)
  const body = Readable.from(out)
  body.once('close', () => void blocks.return(undefined).catch(() => {}))
  void (async () => {
    const seen = new Set<string>()
    try {
      for await (const block of blocks) {
        if (body.destroyed) return
        if (dups === 'n') {
          const key = block.cid.toString()
          if (seen.has(key)) continue
          seen.add(key)
        }
        await writer.put(block)
      }
      await writer.close()
    } catch (error) {
      if (!(error instanceof CorruptBlockError)) request.log.error({ err: error }, 'A CAR stream failed')
      body.destroy(error as Error)
    }
  })()
  return body
}

function answerIdentity(request: FastifyRequest, reply: FastifyReply, ask: GatewayAsk) {
  const cid = ask.cid.toString()
  if (ask.format === 'raw') {
    const bytes = ask.cid.multihash.digest
    commonHeaders(reply, `"${cid}.raw"`, RAW, `${cid}.bin`, [ask.cid])
    reply.header('content-length', bytes.byteLength)
    return reply.status(200).send(request.method === 'HEAD' ? undefined : Buffer.from(bytes))
  }
  commonHeaders(reply, `"${cid}.car"`, carType(ask.dups), `${cid}.car`, [ask.cid])
  if (request.method === 'HEAD') return reply.status(200).send()
  // The identity block is skipped (the spec allows it: its bytes are in its CID).
  async function* none(): AsyncGenerator<Block> {}
  return reply.status(200).send(carStream([ask.cid], none(), ask.dups, request))
}
