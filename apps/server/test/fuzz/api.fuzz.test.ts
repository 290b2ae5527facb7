// Property-based fuzzing of every /api/v1 operation with hostile input. Each operation gets
// FUZZ_RUNS generated requests (default 25; `npm run fuzz` runs 400) from its own contract schemas:
// near-valid values, hostile strings and numbers, unknown and prototype-polluting keys, broken and
// oversized bodies, truncated multipart, bad path escapes; anonymous, with a Bearer token and with
// cookies from the site's origin. Whatever comes in, the answer is below 500, and an error is JSON
// `{detail}` without a stack trace or a file path.
import { createHash, randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import fc from 'fast-check'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, describe, expect, it } from 'vitest'
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../src/http/auth'
import { apiMakeComment, apiMakePost, dbMakePost, HOST, makeUser, ORIGIN } from '../factories'
import { multipart, pdfFile, pngFile } from '../files'
import { createTestApp, TEST_DB } from '../harness'
import {
  CONTROL_STRINGS,
  fuzzObject,
  fuzzValue,
  nastyString,
  nastyValue,
  nearValidObject,
  type Vocabulary,
} from './arbitraries'
import { apiOperations, type Operation, type Schema } from './routes'

const RUNS = Number(process.env.FUZZ_RUNS) || 25

// The server's error log, so a failure shows what broke inside, not just the 500.
const serverErrors: string[] = []
const errorLog = new Writable({
  write(line, _encoding, done) {
    serverErrors.push(String(line))
    done()
  },
})
// Limits high enough that the fuzzer reaches the handlers instead of the rate limiter.
const t = await createTestApp(
  {
    COMMENT_RATE_LIMIT: '100000',
    LIKE_RATE_LIMIT: '100000',
    FAUCET_RATE_LIMIT: '100000',
    UPLOAD_RATE_LIMIT: '100000',
  },
  { logger: { level: 'error', stream: errorLog } },
)
afterAll(() => t.close())
// Event streams never end while they are open: they are asked over real HTTP, and an open one is
// closed as soon as its headers say what it is (an in-process request would wait for its end).
const base = await t.app.listen({ port: 0, host: '127.0.0.1' })

/** Status, type and body of a request to an event stream; an open stream's body is ''. */
async function askStream(url: string, headers: Record<string, string>) {
  const { host: _host, ...sendable } = headers
  const stop = new AbortController()
  const response = await fetch(`${base}${url}`, { headers: sendable, signal: stop.signal })
  const contentType = response.headers.get('content-type') ?? ''
  if (response.status === 200 && contentType.startsWith('text/event-stream')) {
    stop.abort()
    return { statusCode: 200, headers: { 'content-type': contentType }, body: '' }
  }
  return {
    statusCode: response.status,
    headers: { 'content-type': contentType },
    body: await response.text(),
  }
}

const owner = await makeUser(t)
const other = await makeUser(t)
const seedPost = await apiMakePost(t, owner, { title: 'Fuzz seed' }, [{ name: 'a.png', data: pngFile() }])
const privatePost = await dbMakePost(t, owner, { visibility: 'private' })
const comment = await apiMakeComment(t, owner, seedPost.post_id, { content: 'seed comment' })
const vocabulary: Vocabulary = {
  known: [
    owner.id,
    other.id,
    owner.username,
    other.username,
    seedPost.post_id,
    privatePost,
    comment._id,
    seedPost.post.media[0].cid,
    uuidv7(),
    'me',
    // Words some string parameters accept (the contract types them as strings, the handlers check them).
    'hot_desc',
    'recent_asc',
    'image',
    'document',
    'public',
    'private',
  ],
}

type Caller = 'anonymous' | 'bearer' | 'cookie'

/** A fresh session per request, so a fuzzed logout or refresh reuse cannot sign the fuzzer out. */
async function credentials(caller: Caller): Promise<Record<string, string>> {
  if (caller === 'anonymous') return {}
  const user = Math.random() < 0.5 ? owner : other
  const sessionId = uuidv7()
  const refresh = randomBytes(32).toString('base64url')
  await t.database.db
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: user.id,
      refresh_hash: createHash('sha256').update(refresh).digest('base64url'),
      mode: caller === 'cookie' ? 'secure' : 'compat',
      expires_at: new Date(Date.now() + 3600_000),
    })
    .execute()
  const access = await t.app.ctx.signer.sign(user.id, sessionId, 900)
  if (caller === 'bearer') return { authorization: `Bearer ${access}` }
  return { cookie: `${ACCESS_COOKIE}=${access}; ${REFRESH_COOKIE}=${refresh}`, origin: ORIGIN }
}

/** Percent-encodes like a client would; text that cannot be UTF-8 (a lone surrogate) goes as raw bad bytes. */
function encode(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '')
  try {
    return encodeURIComponent(text)
  } catch {
    return '%ED%A0%80'
  }
}

const pathSegment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...vocabulary.known).map(encode) },
  { weight: 3, arbitrary: nastyString.map(encode) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('..', '%2e%2e', '..%2F..%2Fetc%2Fpasswd', '%ZZ', '%00', '%C0%AE', '%'),
  },
)

function queryString(query: Record<string, unknown>): string {
  const pairs: string[] = []
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) pairs.push(`${encode(name)}=${encode(item)}`)
  }
  return pairs.length ? `?${pairs.join('&')}` : ''
}

interface Body {
  payload?: string | Buffer
  contentType?: string
}

const RAW_BODIES: Body[] = [
  { payload: '{"title":', contentType: 'application/json' },
  { payload: '', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: '"text"', contentType: 'application/json' },
  {
    payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}',
    contentType: 'application/json',
  },
  { payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, contentType: 'application/json' },
  { payload: '{"a":1}', contentType: 'application/json; charset=utf-16' },
  { payload: '<a>1</a>', contentType: 'application/xml' },
  { payload: 'plain words', contentType: 'text/plain' },
  { payload: 'x', contentType: 'not a type' },
  { payload: '%ZZ=%ZZ&a', contentType: 'application/x-www-form-urlencoded' },
  { payload: JSON.stringify({ title: 'x'.repeat(1_100_000) }), contentType: 'application/json' },
  { payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', contentType: 'multipart/form-data' },
]

function formEncoded(value: Record<string, unknown>): string {
  return queryString(value).slice(1)
}

const HOSTILE_FILENAMES = [
  '../../etc/passwd',
  'a\u0000.png',
  '',
  '"quoted".pdf',
  '\u202egnp.exe',
  `${'n'.repeat(300)}.pdf`,
]

const multipartBody: fc.Arbitrary<Body> = fc
  .tuple(
    fc.dictionary(
      fc.oneof(
        fc.constantFrom('title', 'summary', 'content', 'tags', 'visibility', 'media_type', 'user_id'),
        nastyString,
      ),
      nastyString,
      { maxKeys: 4 },
    ),
    fc.array(
      fc.record({
        name: fc.oneof(fc.constantFrom('a.png', 'paper.pdf', 'notes.txt', ...HOSTILE_FILENAMES), nastyString),
        data: fc.oneof(
          fc.constantFrom(pngFile(7), pdfFile('fuzz'), Buffer.alloc(0), Buffer.from('%PDF-1.4 broken')),
          fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
        ),
        field: fc.constantFrom('file', 'files', 'image', 'avatar', 'other'),
      }),
      { maxLength: 7 },
    ),
    fc.boolean(),
  )
  .map(([fields, files, cut]) => {
    // A control character cannot travel in a header line: a browser would have escaped it.
    const safeFields = Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [name.replace(/[\r\n"]/g, '_'), value]),
    )
    const safeFiles = files.map((file) => ({ ...file, name: file.name.replace(/[\r\n"]/g, '_') }))
    const body = multipart(safeFields, safeFiles)
    // A body cut off half way, as from a dropped connection.
    const payload = cut ? body.payload.subarray(0, Math.floor(body.payload.length / 2)) : body.payload
    return { payload, contentType: body.headers['content-type'] }
  })

function bodyFor(operation: Operation): fc.Arbitrary<Body> {
  const shapes: fc.Arbitrary<Body>[] = [fc.constantFrom(...RAW_BODIES), fc.constant({})]
  for (const [contentType, schema] of Object.entries(operation.bodies)) {
    const value = schema.type === 'object' ? fuzzObject(schema, vocabulary) : fuzzValue(schema, vocabulary)
    const encodeBody =
      contentType === 'application/x-www-form-urlencoded'
        ? (body: unknown) =>
            typeof body === 'object' && body ? formEncoded(body as Record<string, unknown>) : encode(body)
        : (body: unknown) => JSON.stringify(body) ?? ''
    shapes.push(value.map((body) => ({ payload: encodeBody(body), contentType })))
    shapes.push(value.map((body) => ({ payload: encodeBody(body), contentType })))
  }
  if (operation.multipart) shapes.push(multipartBody, multipartBody)
  else
    shapes.push(
      nastyValue.map((body) => ({ payload: JSON.stringify(body) ?? '', contentType: 'application/json' })),
    )
  return fc.oneof(...shapes)
}

function requestFor(operation: Operation) {
  const querySchema: Schema = {
    type: 'object',
    properties: Object.fromEntries(operation.query.map((parameter) => [parameter.name, parameter.schema])),
  }
  return fc.record({
    caller: fc.constantFrom<Caller>('anonymous', 'bearer', 'cookie'),
    params: fc.array(pathSegment, { minLength: operation.params.length, maxLength: operation.params.length }),
    query: fuzzObject(querySchema, vocabulary),
    body:
      operation.method === 'GET' || operation.method === 'DELETE'
        ? fc.constant<Body>({})
        : bodyFor(operation),
  })
}

const STACK_FRAME = /\n\s+at |\bat [\w.<>]+ \(|node_modules|\/src\/|\.ts:\d+|\.js:\d+/

/** Why this answer breaks the promise, or null when it keeps it. */
function brokenPromise(status: number, contentType: string | undefined, body: string): string | null {
  if (status >= 500) return `answered ${status}`
  if (status < 400) return null
  if (!contentType?.includes('application/json')) return `error ${status} is ${contentType}, not JSON`
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return `error ${status} body is not JSON`
  }
  const detail = (parsed as { detail?: unknown })?.detail
  if (typeof detail !== 'string' || !detail) return `error ${status} has no detail`
  if (STACK_FRAME.test(body)) return `error ${status} leaks a stack trace or path`
  return null
}

const operations = apiOperations(t)

describe(`API fuzz (${TEST_DB}, ${RUNS} runs per operation)`, () => {
  it('finds the operations in the contract', () => {
    expect(operations.length).toBeGreaterThan(30)
    expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toContain(
      'POST /api/v1/media/upload',
    )
  })

  it('answers what the fuzzer found once with {detail}: broken escapes, long segments, cut-off forms', async () => {
    const form = multipart({ user_id: owner.id }, [{ name: 'a.png', data: pngFile(), field: 'new_avatar' }])
    const answers = await Promise.all([
      t.app.inject({ url: '/api/v1/media/%ZZ' }),
      t.app.inject({ url: `/api/v1/media/${'a'.repeat(300)}` }),
      t.app.inject({
        method: 'POST',
        url: '/api/v1/modify/modify_avatar',
        headers: { ...owner.headers, ...form.headers },
        payload: form.payload.subarray(0, 20),
      }),
    ])
    expect(answers.map((answer) => [answer.statusCode, answer.json().detail])).toEqual([
      [400, 'The address is not valid: it has a broken %-escape'],
      [414, 'A part of the address is too long'],
      [400, 'The form data is malformed or was cut off'],
    ])
  })

  it('refuses a control character in every string field of every operation with 400, never a 5xx', async () => {
    const isText = (schema: Schema) =>
      schema.type === 'string' || (schema.type as string[] | undefined)?.includes('string')
    const refused: string[] = []
    for (const operation of operations) {
      if (operation.path.endsWith('/stream')) continue
      let url = operation.path
      for (const parameter of operation.params) url = url.replace(`{${parameter.name}}`, seedPost.post_id)
      const targets: { where: 'query' | string; name: string; base: Record<string, unknown> }[] = []
      const querySchema: Schema = {
        type: 'object',
        properties: Object.fromEntries(
          operation.query.map((parameter) => [parameter.name, parameter.schema]),
        ),
      }
      const queryBase = fc.sample(nearValidObject(querySchema, vocabulary), { numRuns: 1, seed: 25 })[0]
      for (const parameter of operation.query)
        if (isText(parameter.schema)) targets.push({ where: 'query', name: parameter.name, base: queryBase })
      for (const [contentType, schema] of Object.entries(operation.bodies)) {
        const base = fc.sample(nearValidObject(schema, vocabulary), { numRuns: 1, seed: 25 })[0]
        for (const [name, property] of Object.entries(schema.properties ?? {}))
          if (isText(property)) targets.push({ where: contentType, name, base })
      }
      for (const target of targets) {
        for (const text of CONTROL_STRINGS) {
          const value = { ...target.base, [target.name]: text }
          const headers: Record<string, string> = { host: HOST, ...(await credentials('bearer')) }
          let payload: string | undefined
          let address = url
          if (target.where === 'query') address += queryString(value)
          else {
            headers['content-type'] = target.where
            payload =
              target.where === 'application/x-www-form-urlencoded'
                ? formEncoded(value)
                : JSON.stringify(value)
          }
          const response = await t.app.inject({
            method: operation.method as 'GET',
            url: address,
            headers,
            ...(payload !== undefined ? { payload } : {}),
          })
          const broken = brokenPromise(
            response.statusCode,
            String(response.headers['content-type'] ?? ''),
            response.body,
          )
          if (broken)
            throw new Error(
              `${operation.method} ${operation.path} ${target.name}=${JSON.stringify(text)}: ${broken}\n${response.body.slice(0, 300)}`,
            )
          if (response.statusCode === 400) refused.push(`${operation.path} ${target.name}`)
        }
      }
    }
    // Not a vacuous pass: the fields were there to be tried, and the control characters were refused.
    expect(refused.length).toBeGreaterThan(100)
  })

  for (const operation of operations) {
    it(`${operation.method} ${operation.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(requestFor(operation), async (request) => {
          let url = operation.path
          operation.params.forEach((parameter, index) => {
            url = url.replace(`{${parameter.name}}`, request.params[index])
          })
          url += queryString(request.query)
          const headers: Record<string, string> = { host: HOST, ...(await credentials(request.caller)) }
          if (request.body.contentType) headers['content-type'] = request.body.contentType
          const response = operation.path.endsWith('/stream')
            ? await askStream(url, headers)
            : await t.app.inject({
                method: operation.method as 'GET',
                url,
                headers,
                ...(request.body.payload !== undefined ? { payload: request.body.payload } : {}),
              })
          const broken = brokenPromise(
            response.statusCode,
            String(response.headers['content-type'] ?? ''),
            response.body,
          )
          if (broken) {
            const logged = serverErrors.splice(0).join('\n').slice(0, 1500)
            throw new Error(
              `${operation.method} ${url.slice(0, 300)}: ${broken}\n${response.body.slice(0, 500)}\n${logged}`,
            )
          }
          serverErrors.length = 0
        }),
        { numRuns: RUNS },
      )
    })
  }
})
