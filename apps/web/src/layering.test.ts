/**
 * Who may import whom in the web app: dependencies point one way, down.
 *
 *   main.tsx, entry-server.tsx   start-up: may import anything
 *   app/                         the shell (router, layout, session, login modal): app, ui, api, i18n;
 *                                features only through the router's lazy `import()` or a public entry
 *   features/X/                  one screen or widget: features/X, ui, api, i18n, app (its hooks and
 *                                services: session, login modal, document title); another feature
 *                                only through a public entry listed below
 *   ui/                          shared presentational pieces and list kit: ui, api, i18n
 *   api/                         the typed HTTP client, query keys, the session port: api only
 *   i18n/                        i18n only
 *
 * A public entry is a feature's `index.ts` (its hooks, helpers and types), or one component file that
 * another screen embeds: a single index re-exporting the components would put every screen that uses
 * one of them in the same lazily loaded chunk (measured: a wallet index moved the own page's wallet
 * card and its CSS into the first load). Tests are not checked: they assemble layers on purpose (the
 * API client's test installs the app's session).
 */
import { fileURLToPath } from 'node:url'
import { importsOf, resolveImport, sourceTree } from '@agora/test-kit/imports'
import { describe, expect, it } from 'vitest'

/** Public entries of features, and who besides the feature itself may import each. */
const PUBLIC_ENTRIES: Record<string, readonly string[]> = {
  'features/account/AccountTab.tsx': ['features/mypage'],
  'features/auth/index.ts': ['app', 'features/mod', 'features/mypage', 'features/notifications'],
  'features/author/index.ts': ['features/test-liked'],
  'features/comments/index.ts': ['features/post'],
  'features/notifications/NotificationBell.tsx': ['app'],
  'features/report/ReportButton.tsx': [
    'features/post',
    'features/comments',
    'features/author',
    'features/reviews',
  ],
  'features/reviews/index.ts': ['features/post'],
  'features/rewards/index.ts': [
    'features/author',
    'features/comments',
    'features/reviews',
    'features/upload',
  ],
  'features/rewards/HowToEarn.tsx': ['features/token'],
  'features/rewards/Leaderboard.tsx': ['features/token'],
  'features/rewards/RewardsCard.tsx': ['features/mypage'],
  'features/rewards/RewardsTab.tsx': ['features/mypage'],
  'features/token/index.ts': ['features/wallet'],
  'features/upload/MetadataForm.tsx': ['features/post'],
  'features/wallet/index.ts': ['features/rewards', 'features/token'],
  'features/wallet/WalletCard.tsx': ['features/mypage'],
  'features/wallet/WalletControl.tsx': ['app'],
}

/** The shared layers each layer may import (besides itself). */
const LOWER_LAYERS: Record<string, readonly string[]> = {
  i18n: [],
  api: [],
  ui: ['api', 'i18n'],
  app: ['ui', 'api', 'i18n'],
  features: ['app', 'ui', 'api', 'i18n'],
}

/** 'features/post', 'ui', … for a path under src/; 'entry' for the start-up files at its root. */
function scopeOf(path: string): string {
  const [top, feature] = path.split('/')
  if (!path.includes('/')) return 'entry'
  return top === 'features' ? `features/${feature}` : top
}

/**
 * The imports in `files` (path under src/ → source) that break the layering, one sentence each naming
 * the file and the import. Only the app's own modules (relative specifiers) are judged.
 */
export function layeringViolations(files: Readonly<Record<string, string>>): string[] {
  const paths = new Set(Object.keys(files))
  const problems: string[] = []
  for (const [path, source] of Object.entries(files)) {
    if (!/\.tsx?$/.test(path) || /\.test\.tsx?$/.test(path)) continue
    const from = scopeOf(path)
    if (from === 'entry') continue
    for (const { specifier, lazy } of importsOf(path, source)) {
      if (!specifier.startsWith('.')) continue
      const target = resolveImport(path, specifier, paths)
      const to = scopeOf(target)
      if (to === from) continue
      const layer = from.split('/')[0]
      const targetLayer = to.split('/')[0]
      if (targetLayer !== 'features' && LOWER_LAYERS[layer]?.includes(targetLayer)) continue
      if (targetLayer === 'features' && layer === 'app' && lazy) continue
      if (targetLayer === 'features' && PUBLIC_ENTRIES[target]?.includes(from)) continue
      const entries = Object.keys(PUBLIC_ENTRIES).filter(
        (entry) => scopeOf(entry) === to && PUBLIC_ENTRIES[entry].includes(from),
      )
      const why =
        targetLayer === 'features' && (layer === 'features' || layer === 'app')
          ? `${from} may use ${to} only through an allowed public entry (${entries.join(', ') || 'none'})`
          : `${layer}/ may not import ${targetLayer}/`
      problems.push(`${path} imports '${specifier}' (${target}): ${why}`)
    }
  }
  return problems
}

const src = fileURLToPath(new URL('.', import.meta.url))

describe('layering', () => {
  const tree = sourceTree(src)

  it('every import in apps/web/src follows the layering', () => {
    expect(layeringViolations(tree)).toEqual([])
  })

  it('lists only public entries that exist', () => {
    expect(Object.keys(PUBLIC_ENTRIES).filter((entry) => !(entry in tree))).toEqual([])
  })

  it('names a sideways import between features, and the file and import that make it', () => {
    const problems = layeringViolations({
      'features/upload/useUploadPost.ts': "import { useMyRewards } from '../rewards/rewardQueries'",
      'features/rewards/rewardQueries.ts': 'export function useMyRewards() {}',
      'features/rewards/index.ts': "export { useMyRewards } from './rewardQueries'",
    })
    expect(problems).toEqual([
      "features/upload/useUploadPost.ts imports '../rewards/rewardQueries' (features/rewards/rewardQueries.ts): " +
        'features/upload may use features/rewards only through an allowed public entry (features/rewards/index.ts)',
    ])
  })

  it('lets a feature through an allowed public entry, and the shell load a screen lazily', () => {
    expect(
      layeringViolations({
        'features/upload/useUploadPost.ts': "import { useRewardNotice } from '../rewards'",
        'features/rewards/index.ts': '',
        'app/router.tsx': "const page = () => import('../features/upload/UploadPage')",
        'features/upload/UploadPage.tsx': '',
      }),
    ).toEqual([])
  })

  it('keeps lower layers from reaching up', () => {
    expect(
      layeringViolations({
        'ui/Notice.tsx':
          "import { useSession } from '../app/useSession'\nimport '../features/author/AuthorPage.css'",
        'api/client.ts': "export { getAuth } from '../app/authState'",
        'app/Header.tsx': "import { WalletCard } from '../features/wallet/WalletCard'",
        'features/wallet/WalletCard.tsx': '',
      }),
    ).toEqual([
      "ui/Notice.tsx imports '../app/useSession' (app/useSession): ui/ may not import app/",
      "ui/Notice.tsx imports '../features/author/AuthorPage.css' (features/author/AuthorPage.css): ui/ may not import features/",
      "api/client.ts imports '../app/authState' (app/authState): api/ may not import app/",
      "app/Header.tsx imports '../features/wallet/WalletCard' (features/wallet/WalletCard.tsx): " +
        'app may use features/wallet only through an allowed public entry (features/wallet/WalletControl.tsx)',
    ])
  })
})
