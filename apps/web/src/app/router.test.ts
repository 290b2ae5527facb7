import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { APP_ROUTES } from '@agora/contract/routes'
import { importsOf, resolveImport, sourceTree } from '@agora/test-kit/imports'
import { describe, expect, it } from 'vitest'
import DRAWN_SCREENS from './drawn-screens.json'

// Each screen's route names the i18n namespaces its code uses beyond the shell's (lazyScreen fetches
// them beside the screen): a namespace left out would show its keys until it arrived.

const src = fileURLToPath(new URL('..', import.meta.url))
const tree = sourceTree(src)
const paths = new Set(Object.keys(tree))
/** The shell's namespaces, as i18n/index.ts bundles them (its eager glob) and vite.config.ts keeps them together. */
const i18nSetup = readFileSync(new URL('../i18n/index.ts', import.meta.url), 'utf8')
const shellList = /'\.\/locales\/en\/\{([\w,]+)\}\.json',\s*\{ eager: true/.exec(i18nSetup)?.[1] ?? ''
const shell = new Set(shellList.split(','))
const english = new Set(
  Object.keys(tree)
    .filter((path) => path.startsWith('i18n/locales/en/'))
    .map((path) => path.replace(/^.*\/([\w-]+)\.json$/, '$1')),
)

/** The namespaces one file's code asks for: useTranslation('x'), useTranslation() (common), t('x:…'). */
export function namespacesIn(source: string): Set<string> {
  const found = new Set<string>()
  for (const [, list] of source.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[\w-]+')?/g))
    if (list === undefined) found.add('common')
    else for (const [, name] of list.matchAll(/'([\w-]+)'/g)) found.add(name)
  for (const [, name] of source.matchAll(/\bt\(\s*['`]([\w-]+):/g)) found.add(name)
  return found
}

/** Every namespace the code reachable from `entry` (static and lazy imports) asks for. */
function namespacesReachedFrom(entry: string): Set<string> {
  const seen = new Set<string>()
  const found = new Set<string>()
  const visit = (path: string) => {
    if (seen.has(path) || !/\.tsx?$/.test(path) || path.endsWith('.test.ts')) return
    seen.add(path)
    const source = tree[path] ?? ''
    for (const name of namespacesIn(source)) found.add(name)
    for (const { specifier } of importsOf(path, source))
      if (specifier.startsWith('.')) visit(resolveImport(path, specifier, paths))
  }
  visit(entry)
  return found
}

/** Each screen of router.tsx: its module and the namespaces its route fetches. */
function routesDeclared() {
  const router = readFileSync(new URL('./router.tsx', import.meta.url), 'utf8')
  // The texts are listed in place, or those of a drawn screen named (DRAWN_SCREENS.post.texts).
  const calls = router.matchAll(
    /lazyScreen\(\s*\(\) => import\('\.\.\/([^']+)'\),\s*'(\w+)'(?:,\s*(?:\[([^\]]*)\]|DRAWN_SCREENS\.(\w+)\.texts))?/g,
  )
  return [...calls].map(([, module, name, list, drawn]) => ({
    module: resolveImport('app/router.tsx', `../${module}`, paths),
    name,
    namespaces: new Set<string>(
      drawn
        ? DRAWN_SCREENS[drawn as keyof typeof DRAWN_SCREENS].texts
        : [...(list ?? '').matchAll(/'([\w-]+)'/g)].map(([, namespace]) => namespace),
    ),
  }))
}

describe('texts of each screen', () => {
  it('finds the screens and reads namespaces from code', () => {
    expect(routesDeclared().length).toBeGreaterThan(15)
    expect([
      ...namespacesIn("useTranslation(); useTranslation(['post', 'comments']); t('wallet:connect')"),
    ]).toEqual(['common', 'post', 'comments', 'wallet'])
  })

  it('knows the shell: the same namespaces bundled and kept in one chunk by the build', () => {
    expect([...shell].sort()).toEqual([
      'auth',
      'common',
      'errors',
      'forum',
      'home',
      'notifications',
      'wallet',
    ])
    const viteConfig = readFileSync(new URL('../../vite.config.ts', import.meta.url), 'utf8')
    expect(viteConfig).toContain(`(${shellList.replaceAll(',', '|')})\\.json`)
    expect(i18nSetup).toContain(`'!./locales/en/{${shellList}}.json'`)
  })

  it.each(routesDeclared())('$name fetches every namespace its code uses', ({ module, namespaces }) => {
    const needed = [...namespacesReachedFrom(module)].filter((name) => !shell.has(name)).sort()
    for (const name of needed) expect(english.has(name), `${name} is a namespace`).toBe(true)
    expect([...namespaces].sort(), module).toEqual(needed)
  })
})

describe('addresses of the screens', () => {
  // The server answers 404 on any address outside APP_ROUTES: each must be a route here, and only they.
  it('routes each address of APP_ROUTES once, and no other', () => {
    const router = readFileSync(new URL('./router.tsx', import.meta.url), 'utf8')
    const routed = [...router.matchAll(/path: APP_ROUTES\.(\w+)/g)].map(([, name]) => name)
    expect(routed.sort()).toEqual(Object.keys(APP_ROUTES).sort())
    expect([...router.matchAll(/path: '([^']*)'/g)].map(([, path]) => path)).toEqual(['*', '/'])
  })
})
