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
  // Not swept yet: these still call /api/v1 raw where a factory would do.
  'src/events/events.test.ts': 'not swept yet',
  'src/features/analysis/analysis.test.ts': 'not swept yet',
  'src/features/auth/accounts.test.ts': 'not swept yet',
  'src/features/auth/auth.test.ts': 'not swept yet',
  'src/features/auth/delete-account.test.ts': 'not swept yet',
  'src/features/blocks/blocks.test.ts': 'not swept yet',
  'src/features/bookmarks/bookmarks.test.ts': 'not swept yet',
  'src/features/citations/citations.test.ts': 'not swept yet',
  'src/features/comments/comments.anchors.test.ts': 'not swept yet',
  'src/features/comments/comments.delete.test.ts': 'not swept yet',
  'src/features/comments/comments.edit.test.ts': 'not swept yet',
  'src/features/comments/comments.test.ts': 'not swept yet',
  'src/features/demo/demo.test.ts': 'not swept yet',
  'src/features/exports/exports.test.ts': 'not swept yet',
  'src/features/exports/exports.versions.test.ts': 'not swept yet',
  'src/features/files/files.quota.test.ts': 'not swept yet',
  'src/features/files/files.test.ts': 'not swept yet',
  'src/features/follows/follows.test.ts': 'not swept yet',
  'src/features/health/health.test.ts': 'not swept yet',
  'src/features/ipfs/ipfs.export.test.ts': 'not swept yet',
  'src/features/mail/mail.headers.test.ts': 'not swept yet',
  'src/features/moderation/moderation.effects.test.ts': 'not swept yet',
  'src/features/moderation/moderation.reports.test.ts': 'not swept yet',
  'src/features/moderation/moderation.users.test.ts': 'not swept yet',
  'src/features/notifications/notifications.fanout.test.ts': 'not swept yet',
  'src/features/notifications/notifications.mail.test.ts': 'not swept yet',
  'src/features/notifications/notifications.stream.test.ts': 'not swept yet',
  'src/features/notifications/notifications.test.ts': 'not swept yet',
  'src/features/pages/pages.drawn.test.ts': 'not swept yet',
  'src/features/pinning/pinning.test.ts': 'not swept yet',
  'src/features/posts/posts.edit.test.ts': 'not swept yet',
  'src/features/posts/posts.following.test.ts': 'not swept yet',
  'src/features/posts/posts.test.ts': 'not swept yet',
  'src/features/profiles/profiles.activity.test.ts': 'not swept yet',
  'src/features/profiles/profiles.avatar.test.ts': 'not swept yet',
  'src/features/profiles/profiles.byname.test.ts': 'not swept yet',
  'src/features/profiles/profiles.modify.test.ts': 'not swept yet',
  'src/features/profiles/profiles.privacy.test.ts': 'not swept yet',
  'src/features/profiles/profiles.search.test.ts': 'not swept yet',
  'src/features/revisions/revisions.test.ts': 'not swept yet',
  'src/features/rewards/rewards.test.ts': 'not swept yet',
  'src/features/tags/tags.test.ts': 'not swept yet',
  'src/features/token/chain.rpc.test.ts': 'not swept yet',
  'src/features/token/token.secrets.test.ts': 'not swept yet',
  'src/features/token/token.test.ts': 'not swept yet',
  'src/features/versions/versions.test.ts': 'not swept yet',
  'src/http/errors.test.ts': 'not swept yet',
  'src/http/openapi.test.ts': 'not swept yet',
  'src/http/read-cache.own.test.ts': 'not swept yet',
  'src/http/read-cache.test.ts': 'not swept yet',
  'src/http/security-headers.test.ts': 'not swept yet',
  'src/http/serve.test.ts': 'not swept yet',
  'test/access/access-matrix.test.ts': 'not swept yet',
  'test/access/hostile-text.test.ts': 'not swept yet',
  'test/faults/disk-full.test.ts': 'not swept yet',
  'test/faults/postgres-outage.test.ts': 'not swept yet',
  'test/fuzz/api.fuzz.test.ts': 'not swept yet',
  'test/multi/invalidation.test.ts': 'not swept yet',
  'test/multi/session-ends.test.ts': 'not swept yet',
  'test/ops/metrics.test.ts': 'not swept yet',
  'test/ops/redis-down.test.ts': 'not swept yet',
  'test/ops/stuck-database.test.ts': 'not swept yet',
  'test/quota/storage-quota.test.ts': 'not swept yet',
  'test/uploads/hostile-uploads.test.ts': 'not swept yet',
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
