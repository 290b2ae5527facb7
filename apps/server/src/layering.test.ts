/**
 * Who may import whom in the server: dependencies point one way, down.
 *
 *   main.ts, app.ts,    start-up and composition root (admin.ts: the roles' command line): the
 *   admin.ts            shared layer and features' index.ts
 *   features/X/         one capability: features/X, the shared layer, and other features only through
 *                       their public entry (features/Y/index.ts), where listed below
 *   config.ts (and its parts config.*.ts), context.ts, db/, blobs/, http/, events/
 *                       the shared layer: each other only, never a feature or the root
 *
 * Type-only imports count: the import circle through app.ts this replaced was made of them. Tests
 * are not checked (they assemble features on purpose); nor are `import()` calls' targets exempt.
 */
import { fileURLToPath } from 'node:url'
import { importsOf, resolveImport, sourceTree } from '@agora/test-kit/imports'
import { describe, expect, it } from 'vitest'

/** Each feature's public entry, and the other features that may import it (the root may import all). */
const PUBLIC_ENTRIES: Record<string, readonly string[]> = {
  'features/analysis/index.ts': ['posts', 'files', 'versions'],
  'features/auth/index.ts': ['demo'],
  'features/blocks/index.ts': [],
  'features/bounties/index.ts': [],
  'features/bookmarks/index.ts': [],
  'features/citations/index.ts': ['reviews'],
  'features/comments/index.ts': ['profiles', 'demo', 'pages', 'ipfs'],
  'features/demo/index.ts': [],
  'features/files/index.ts': ['posts', 'profiles', 'demo', 'versions', 'auth', 'exports'],
  'features/follows/index.ts': ['profiles'],
  'features/health/index.ts': [],
  'features/likes/index.ts': ['posts', 'comments'],
  'features/exports/index.ts': [],
  'features/mail/index.ts': ['auth', 'notifications', 'exports'],
  'features/moderation/index.ts': ['profiles', 'files'],
  'features/notifications/index.ts': [],
  'features/pages/index.ts': [],
  'features/pinning/index.ts': [],
  'features/posts/index.ts': ['pages', 'profiles', 'demo', 'follows', 'bookmarks', 'tags', 'feeds', 'ipfs'],
  'features/profiles/index.ts': [],
  'features/revisions/index.ts': ['posts', 'comments'],
  'features/reviews/index.ts': ['posts', 'profiles', 'bounties', 'pages', 'feeds'],
  'features/rewards/index.ts': ['stats', 'profiles', 'demo', 'bounties'],
  'features/search/index.ts': ['posts'],
  'features/stats/index.ts': ['pages'],
  'features/tags/index.ts': [],
  'features/feeds/index.ts': [],
  'features/token/index.ts': ['rewards', 'stats', 'health', 'bounties'],
  'features/versions/index.ts': ['posts', 'comments', 'ipfs', 'citations', 'reviews'],
  'features/ipfs/index.ts': [],
}

const SHARED = new Set([
  'config.ts',
  'config.http.ts',
  'config.ipfs.ts',
  'config.mail.ts',
  'config.orcid.ts',
  'config.read.ts',
  'config.solana-keys.ts',
  'config.token.ts',
  'context.ts',
  'db',
  'policy',
  'blobs',
  'http',
  'events',
])
const ROOT = new Set(['main.ts', 'app.ts', 'admin.ts'])

/** Whether the rules judge `path`: the server's own modules, not its tests, fixtures or declarations. */
const isModule = (path: string) => path.endsWith('.ts') && !/\.test\.ts$|\.fixtures\.ts$|\.d\.ts$/.test(path)

/** 'features/posts', 'db', 'app.ts', … for a path under src/. */
function scopeOf(path: string): string {
  const [top, feature] = path.split('/')
  return top === 'features' && feature ? `features/${feature}` : top
}

/**
 * The imports in `files` (path under src/ → source) that break the rule, one sentence each naming
 * the file, the import and why. Only the server's own modules (relative specifiers) are judged.
 */
export function importViolations(files: Readonly<Record<string, string>>): string[] {
  const paths = new Set(Object.keys(files))
  const problems: string[] = []
  for (const [path, source] of Object.entries(files)) {
    if (!isModule(path)) continue
    const from = scopeOf(path)
    for (const { specifier } of importsOf(path, source)) {
      if (!specifier.startsWith('.')) continue
      const target = resolveImport(path, specifier, paths)
      const to = scopeOf(target)
      if (to === from) continue
      const why = verdict(from, to, target)
      if (why) problems.push(`${path} imports '${specifier}' (${target}): ${why}`)
    }
  }
  return problems
}

/** Why `from` may not import `target` (in scope `to`), or null when it may. */
function verdict(from: string, to: string, target: string): string | null {
  const toFeature = to.startsWith('features/')
  if (SHARED.has(from)) {
    if (SHARED.has(to)) return null
    return `the shared layer (${from}) may not import ${toFeature ? 'a feature' : to}`
  }
  if (!toFeature)
    return ROOT.has(to) && !ROOT.has(from) ? `${from} may not import the composition root` : null
  const allowed = PUBLIC_ENTRIES[target]
  if (ROOT.has(from)) return allowed ? null : `${from} may use ${to} only through its index.ts`
  const feature = from.replace('features/', '')
  if (allowed?.includes(feature)) return null
  return allowed
    ? `${from} is not on the list of features that may use ${target} (layering.test.ts)`
    : `${from} may use ${to} only through its public entry, ${to}/index.ts, if listed`
}

/** The longest a server module may be: a file past it is doing two jobs. */
const MAX_LINES = 350
/** Written by a program, not read as code: `npm run train:keyphrases` writes the lexicon. */
const GENERATED = new Set(['features/analysis/nlp.keyphrases.lexicon.ts'])

/** The modules in `files` longer than MAX_LINES, one sentence each; tests, demo data and generated files aside. */
export function oversizedFiles(files: Readonly<Record<string, string>>): string[] {
  return Object.entries(files)
    .filter(([path]) => isModule(path) && !path.startsWith('features/demo/') && !GENERATED.has(path))
    .map(([path, source]) => [path, source.split('\n').length - (source.endsWith('\n') ? 1 : 0)] as const)
    .filter(([, lines]) => lines > MAX_LINES)
    .map(([path, lines]) => `${path} has ${lines} lines (at most ${MAX_LINES}): split it by job`)
}

describe('file size', () => {
  const tree = sourceTree(fileURLToPath(new URL('.', import.meta.url)))

  it(`no module in apps/server/src is over ${MAX_LINES} lines, outside tests, demo data and generated files`, () => {
    expect(oversizedFiles(tree)).toEqual([])
  })

  it('names a module that is too long, and passes tests, demo data and the lexicon', () => {
    const long = 'export const x = 1\n'.repeat(MAX_LINES + 1)
    const files = {
      'features/posts/posts.long.ts': long,
      'features/posts/posts.exact.ts': 'export const x = 1\n'.repeat(MAX_LINES),
      'features/posts/posts.long.test.ts': long,
      'features/demo/demo.long.ts': long,
      'features/analysis/nlp.keyphrases.lexicon.ts': long,
    }
    expect(oversizedFiles(files)).toEqual([
      `features/posts/posts.long.ts has ${MAX_LINES + 1} lines (at most ${MAX_LINES}): split it by job`,
    ])
  })
})

describe('import rule', () => {
  const src = fileURLToPath(new URL('.', import.meta.url))
  const tree = sourceTree(src)

  it('every import in apps/server/src follows the rule', () => {
    expect(importViolations(tree)).toEqual([])
  })

  it('lists only public entries that exist', () => {
    expect(Object.keys(PUBLIC_ENTRIES).filter((entry) => !(entry in tree))).toEqual([])
  })

  it('names a sideways import, a reach into the root and a shared module that imports a feature', () => {
    const files = {
      ...tree,
      'features/comments/comments.extra.ts': "import { postsStore } from '../posts/posts.store'\n",
      'features/stats/stats.extra.ts':
        "import type { AppContext } from '../../app'\nimport { likesService } from '../likes/index'\n",
      'db/extra.ts': "import { rewardsLedger } from '../features/rewards/index'\n",
      'features/posts/posts.lazy.ts': "export const load = () => import('../token/token.transfer')\n",
    }
    expect(importViolations(files)).toEqual([
      "features/comments/comments.extra.ts imports '../posts/posts.store' (features/posts/posts.store.ts): " +
        'features/comments may use features/posts only through its public entry, features/posts/index.ts, if listed',
      "features/stats/stats.extra.ts imports '../../app' (app.ts): features/stats may not import the composition root",
      "features/stats/stats.extra.ts imports '../likes/index' (features/likes/index.ts): " +
        'features/stats is not on the list of features that may use features/likes/index.ts (layering.test.ts)',
      "db/extra.ts imports '../features/rewards/index' (features/rewards/index.ts): the shared layer (db) may not import a feature",
      "features/posts/posts.lazy.ts imports '../token/token.transfer' (features/token/token.transfer.ts): " +
        'features/posts may use features/token only through its public entry, features/token/index.ts, if listed',
    ])
  })
})
