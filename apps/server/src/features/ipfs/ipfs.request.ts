import { CID } from 'multiformats/cid'
import { BadRequestError, NotAcceptableError } from '../../http/errors'
import type { DagScope, EntityBytes } from './ipfs.service'

export const RAW = 'application/vnd.ipld.raw'
export const CAR = 'application/vnd.ipld.car'

/** What a gateway request asks for, read from its path, `format`, `Accept` and CAR parameters. */
export interface GatewayAsk {
  cid: CID
  path: string[]
  format: 'raw' | 'car'
  /** The client named the format with `?format=` (else Content-Location names it). */
  formatInQuery: boolean
  scope: DagScope
  bytes: EntityBytes | null
  dups: 'y' | 'n'
}

const ASK_FOR = `ask for ${RAW} or ${CAR} (Accept header or ?format=raw|car)`

interface MediaRange {
  type: string
  params: Map<string, string>
  q: number
}

function mediaRanges(accept: string): MediaRange[] {
  return accept
    .split(',')
    .map((part) => {
      const [type = '', ...rest] = part.split(';').map((piece) => piece.trim())
      const params = new Map(
        rest.map((param) => {
          const [key = '', value = ''] = param.split('=').map((piece) => piece.trim())
          return [key.toLowerCase(), value.replace(/^"|"$/g, '').toLowerCase()] as const
        }),
      )
      const q = params.has('q') ? Number(params.get('q')) : 1
      return { type: type.toLowerCase(), params, q: Number.isFinite(q) ? q : 0 }
    })
    .filter((range) => range.type && range.q > 0)
    .sort((a, b) => b.q - a.q)
}

/** Whether we can answer this CAR variant (version 1, depth-first order, either dups). */
function carVariantOk(params: Map<string, string>) {
  const version = params.get('version')
  const order = params.get('order')
  const dups = params.get('dups')
  return (
    (version === undefined || version === '1') &&
    (order === undefined || order === 'dfs' || order === 'unk') &&
    (dups === undefined || dups === 'y' || dups === 'n')
  )
}

function parseEntityBytes(value: string): EntityBytes {
  const match = /^(-?\d+):(\*|-?\d+)$/.exec(value)
  if (!match)
    throw new BadRequestError('gateway_request_invalid', {
      detail: 'entity-bytes must be from:to (offsets, negative from the end, * for the end)',
    })
  const from = Number(match[1])
  const to = match[2] === '*' ? '*' : Number(match[2])
  if (!Number.isSafeInteger(from) || (to !== '*' && !Number.isSafeInteger(to)))
    throw new BadRequestError('gateway_request_invalid', { detail: 'entity-bytes offsets are too large' })
  if (from >= 0 && typeof to === 'number' && to >= 0 && to < from)
    throw new BadRequestError('gateway_request_invalid', {
      detail: 'entity-bytes must not end before it starts',
    })
  return { from, to }
}

/** Reads a request to `/ipfs/{cid}[/{path}]`: 400 for a malformed one, 406 for an Accept we do not serve. */
export function readAsk(
  rest: string,
  query: Record<string, string | undefined>,
  accept: string | undefined,
): GatewayAsk {
  const [first = '', ...segments] = rest.split('/')
  let cid: CID
  try {
    cid = CID.parse(first)
  } catch {
    throw new BadRequestError('cid_invalid', { detail: `Not a valid CID: ${first.slice(0, 100)}` })
  }
  const path = segments.filter((segment) => segment !== '')
  let format: 'raw' | 'car'
  let params = new Map<string, string>()
  if (query.format !== undefined) {
    if (query.format !== 'raw' && query.format !== 'car')
      throw new BadRequestError('gateway_trustless', { detail: `This gateway is trustless: ${ASK_FOR}` })
    format = query.format
    const wanted = mediaRanges(accept ?? '').find((range) => range.type === CAR)
    if (format === 'car' && wanted) params = wanted.params
  } else {
    if (!accept)
      throw new BadRequestError('gateway_trustless', { detail: `This gateway is trustless: ${ASK_FOR}` })
    const chosen = mediaRanges(accept).find(
      (range) => range.type === RAW || (range.type === CAR && carVariantOk(range.params)),
    )
    if (!chosen)
      throw new NotAcceptableError('not_acceptable', {
        detail: `This gateway answers only verifiable blocks and CARs: ${ASK_FOR}`,
      })
    format = chosen.type === RAW ? 'raw' : 'car'
    params = chosen.params
  }
  for (const key of ['version', 'order', 'dups'] as const) {
    const value = query[`car-${key}`]
    if (value !== undefined) params.set(key, value)
  }
  if (format === 'car' && !carVariantOk(params))
    throw new NotAcceptableError('not_acceptable', {
      detail: 'This gateway writes CAR version 1 in order=dfs, with dups=y or dups=n',
    })
  if (format === 'raw' && path.length > 0)
    throw new BadRequestError('gateway_request_invalid', {
      detail: 'A block is asked for by its CID alone: a path needs format=car',
    })
  const scopeValue = query['dag-scope'] ?? 'all'
  if (scopeValue !== 'all' && scopeValue !== 'entity' && scopeValue !== 'block')
    throw new BadRequestError('gateway_request_invalid', { detail: 'dag-scope must be block, entity or all' })
  const bytes = query['entity-bytes'] === undefined ? null : parseEntityBytes(query['entity-bytes'])
  return {
    cid,
    path,
    format,
    formatInQuery: query.format !== undefined,
    // entity-bytes implies dag-scope=entity
    scope: bytes ? 'entity' : scopeValue,
    bytes,
    dups: params.get('dups') === 'y' ? 'y' : 'n',
  }
}
