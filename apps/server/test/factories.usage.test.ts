// Tests call /api/v1 through the factories (test/factories.ts: sendTo and the send…/api… built on it),
// named by the contract's keys, so a renamed or removed endpoint fails to compile instead of answering
// 404. A raw `app.inject` to /api/v1 stays only where the test is about HTTP itself; those files are
// listed below with why. A pure scan of the test files' text: no app is built.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const SERVER = join(import.meta.dirname, '..')
const THIS_FILE = 'test/factories.usage.test.ts'

/** Files that may call `inject(` with an /api/v1 URL, each with why. */
const RAW_INJECT_ALLOWED: Record<string, string> = {
  'src/http/security-headers.test.ts': 'headers are the subject (HSTS, CORS, Origin)',
  'src/features/auth/auth.test.ts': 'forged Origin, an unknown route, malformed JSON',
  'src/features/files/files.test.ts': 'Range, If-Range, If-None-Match, HEAD, percent-escaped names',
  'src/features/comments/comments.test.ts': 'form-encoded bodies as raw strings',
  'src/http/read-cache.test.ts': 'Accept-Encoding negotiation is the subject',
  'test/ops/metrics.test.ts': 'X-Request-Id handling is the subject',
  'test/fuzz/api.fuzz.test.ts': 'broken escapes, long segments, cut-off bodies',
  'test/access/hostile-text.test.ts': 'percent-escaped NULs in a form body and in a query',
  'test/uploads/hostile-uploads.test.ts': 'cut-off multipart bodies',
  'test/faults/disk-full.test.ts': 'a FormData body, as fetch sends it',
  'src/http/openapi.test.ts': '/docs/json is outside the contract',
  'src/features/health/health.test.ts': '/docs and /docs/json are outside the contract',
  'src/features/rewards/rewards.test.ts': '/docs/json is outside the contract',
  'src/features/token/token.secrets.test.ts': '/docs/json is outside the contract',
}

/** The server's test files, relative to apps/server. */
function testFiles(): string[] {
  return ['src', 'test'].flatMap((dir) =>
    readdirSync(join(SERVER, dir), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) =>
        relative(SERVER, join(SERVER, dir, name))
          .split('\\')
          .join('/'),
      ),
  )
}

/** The text between the parenthesis at `open` and its match (quoted strings skipped). */
function argumentsAt(source: string, open: number): string {
  let depth = 0
  for (let i = open; i < source.length; i++) {
    const c = source[i]
    if (c === "'" || c === '"') {
      for (i++; i < source.length && source[i] !== c; i++) if (source[i] === '\\') i++
      continue
    }
    if (c === '(') depth++
    else if (c === ')' && --depth === 0) return source.slice(open + 1, i)
  }
  return source.slice(open + 1)
}

/**
 * Each `inject(…)` call in `source` whose URL is under /api/v1: written in the call, or a variable the
 * call names (`url`, `url: path`) that the file declares as an /api/v1 string.
 */
export function rawApiInjects(source: string): string[] {
  const declaredApi = new Set(
    [...source.matchAll(/\b(?:const|let|var)\s+(\w+)\s*=\s*[^\n]*\/api\/v1/g)].map((match) => match[1]),
  )
  const calls: string[] = []
  for (const match of source.matchAll(/\binject\(/g)) {
    const call = argumentsAt(source, match.index + match[0].length - 1)
    const named = [...call.matchAll(/\burl\s*:\s*(\w+)\b|\burl\b(?!\s*:)/g)].map((m) => m[1] ?? 'url')
    if (call.includes('/api/v1') || named.some((name) => declaredApi.has(name))) calls.push(call)
  }
  return calls
}

const files = testFiles()
const rawCalls = new Map(
  files
    .filter((file) => file !== THIS_FILE)
    .map((file) => [file, rawApiInjects(readFileSync(join(SERVER, file), 'utf8'))] as const),
)

describe('tests call /api/v1 through the factories', () => {
  it('scans the test files it is meant to', () => {
    expect(files).toContain(THIS_FILE)
    expect(files).toContain('src/features/posts/posts.test.ts')
    expect(files).toContain('test/faults/postgres-outage.test.ts')
    expect(files.length).toBeGreaterThan(50)
  })

  it('tells a raw /api/v1 inject from a factory call and from other paths', () => {
    expect(rawApiInjects("t.app.inject({ method: 'GET', url: `/api/v1/media/` + id })")).toHaveLength(1)
    expect(
      rawApiInjects("const url = '/api/v1/rewards/claim'\nawait app.inject({ method, url })"),
    ).toHaveLength(1)
    expect(rawApiInjects("const path = `/api/v1/x`\napp.inject({ method: 'GET', url: path })")).toHaveLength(
      1,
    )
    expect(rawApiInjects("sendTo(t, user, 'GET /media/:id', { params: { id } })")).toEqual([])
    expect(rawApiInjects("t.app.inject({ method: 'GET', url: '/metrics' })")).toEqual([])
    expect(
      rawApiInjects("const url = '/api/v1/x'\nt.app.inject({ method: 'GET', url: '/metrics' })"),
    ).toEqual([])
    expect(rawApiInjects("inject('pgliteTemplate')")).toEqual([])
  })

  it('finds no raw /api/v1 inject outside the allowed files', () => {
    const offenders = [...rawCalls]
      .filter(([file, calls]) => calls.length > 0 && !(file in RAW_INJECT_ALLOWED))
      .map(([file, calls]) => `${file}: ${calls.length} (${calls[0].replace(/\s+/g, ' ').slice(0, 80)})`)
    expect(offenders, 'call these through sendTo (test/factories.ts), or allow the file with why').toEqual([])
  })

  it('allows only files that exist and still have a raw /api/v1 inject', () => {
    const stale = Object.keys(RAW_INJECT_ALLOWED).filter((file) => !rawCalls.get(file)?.length)
    expect(stale, 'remove these from RAW_INJECT_ALLOWED').toEqual([])
  })
})
