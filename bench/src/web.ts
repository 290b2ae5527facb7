import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { round } from './load'
import { PDF_LIGHTHOUSE_FIGURE } from './pdf-post'
import { ROOT, type Service } from './processes'
import type { Report } from './report'

const DIST = join(ROOT, 'apps', 'web', 'dist')
const KB = 1024
export const WEB_BUDGET = { forumFirstLoadJsBytes: 170 * KB, performance: 90, cls: 0.05 }

/** The screens of the router (apps/web/src/app/router.tsx) and the module each one loads. */
const ROUTES: Record<string, string> = {
  '/': 'src/features/home/HomePage.tsx',
  '/forum': 'src/features/forum/ForumListPage.tsx',
  '/forum/detail/:id': 'src/features/post/PostDetailPage.tsx',
  '/author/:id': 'src/features/author/AuthorPage.tsx',
  '/mypage': 'src/features/mypage/MyPage.tsx',
  '/upload': 'src/features/upload/UploadPage.tsx',
  '/token': 'src/features/token/TokenPage.tsx',
  '/login': 'src/features/auth/AuthPage.tsx',
}
/** Heavy chunks that must wait until a screen asks for them. */
const NOT_ON_FIRST_LOAD = /particle|wallet|markdown|viewer/i

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  css?: string[]
}
type Manifest = Record<string, ManifestChunk>

/** A chunk and every chunk it imports statically (what the browser must load before it runs). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen
  const chunk = manifest[key]
  if (!chunk) throw new Error(`the Vite manifest has no ${key}: update ROUTES in bench/src/web.ts`)
  seen.add(key)
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen)
  return seen
}

const gzipped = new Map<string, number>()
function gzipBytes(file: string): number {
  let size = gzipped.get(file)
  if (size === undefined) {
    size = gzipSync(readFileSync(join(DIST, file))).length
    gzipped.set(file, size)
  }
  return size
}

/** JS and CSS (gzip) of the first load of each route: the entry and the route chunk with their static imports. */
export function measureWeight(report: Report) {
  const manifest: Manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8'))
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)
  if (!entry) throw new Error('the Vite manifest has no entry')
  for (const [route, module] of Object.entries(ROUTES)) {
    const keys = new Set([...staticClosure(manifest, entry), ...staticClosure(manifest, module)])
    const js = [...keys].map((key) => manifest[key].file)
    const css = new Set([...keys].flatMap((key) => manifest[key].css ?? []))
    const jsBytes = js.reduce((sum, file) => sum + gzipBytes(file), 0)
    const cssBytes = [...css].reduce((sum, file) => sum + gzipBytes(file), 0)
    const heavy = [...keys].filter((key) => NOT_ON_FIRST_LOAD.test(key))
    const value = `JS ${round(jsBytes / KB)} KB, CSS ${round(cssBytes / KB)} KB gzip in ${js.length} chunks${heavy.length ? `; holds ${heavy.join(', ')}` : ''}`
    const budgeted = route === '/forum'
    report.add(
      {
        name: `first load ${route}`,
        value,
        budget: budgeted
          ? `JS ≤ ${WEB_BUDGET.forumFirstLoadJsBytes / KB} KB; no particles, wallet, markdown, viewers`
          : '',
        met: budgeted ? jsBytes <= WEB_BUDGET.forumFirstLoadJsBytes && heavy.length === 0 : null,
      },
      { jsBytes, cssBytes, chunks: js, css: [...css], heavy },
    )
  }
}

/**
 * Lighthouse (mobile emulation, its default) in Debian's Chromium on the home page, the forum, a post,
 * and (`pdfPostId`) a post whose file is a PDF: its viewer must load after the first paint.
 */
export async function measureLighthouse(app: Service, report: Report, pdfPostId?: string) {
  const list = (await (await fetch(`${app.url}/api/v1/media/list?limit=2`)).json()) as {
    items?: { id: string }[]
  }
  // The demo's newest post (not the PDF post made for the bench, newer still).
  const postId = list.items?.find((item) => item.id !== pdfPostId)?.id
  if (!postId) throw new Error('the demo forum has no post to open')
  const pages: [name: string, path: string][] = [
    ['Lighthouse /', '/'],
    ['Lighthouse /forum', '/forum'],
    ['Lighthouse post page', `/forum/detail/${postId}`],
  ]
  if (pdfPostId) pages.push([PDF_LIGHTHOUSE_FIGURE, `/forum/detail/${pdfPostId}`])
  for (const [name, path] of pages) {
    if (!report.wants(name)) continue
    // Lighthouse's own advice (docs/variability.md): a single run varies by several points, and the
    // median of five halves the spread.
    const runs = []
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await lighthouseRun(`${app.url}${path}`))
    const budget = `≥ ${WEB_BUDGET.performance}; CLS ≤ ${WEB_BUDGET.cls}`
    const measured = runs.filter((lhr) => !lhr.runtimeError)
    if (measured.length === 0) {
      // A page Lighthouse could not measure is a missed figure, not the end of the run.
      const error = runs[0].runtimeError!
      report.add({ name, value: `no result: ${error.code}`, budget, met: false }, error)
      continue
    }
    const all = measured.map(figuresOf).sort((a, b) => a.score - b.score)
    const figures = all[Math.floor((all.length - 1) / 2)]
    report.add(
      {
        name,
        value: `performance ${figures.score} (median of ${all.map((run) => run.score).join(', ')}), LCP ${figures.lcpMs} ms, TBT ${figures.tbtMs} ms, CLS ${figures.cls}`,
        budget,
        met: figures.score >= WEB_BUDGET.performance && figures.cls <= WEB_BUDGET.cls,
      },
      { ...figures, runs: all },
    )
  }
}

/** Runs per page; the page's figure is the run with the median score. */
const LIGHTHOUSE_RUNS = 5

function figuresOf(lhr: Awaited<ReturnType<typeof lighthouseRun>>) {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: round(audit('cumulative-layout-shift'), 3),
  }
}

/**
 * One Lighthouse run in a fresh browser (a run's leftovers must not decide the next one's figures).
 * A run whose trace came back unusable (NO_NAVSTART happens now and then on a busy machine) is
 * tried once more.
 */
async function lighthouseRun(url: string, attempts = 2) {
  for (let attempt = 1; ; attempt++) {
    const result = await inFreshChromium((port) =>
      lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }),
    )
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
    if (!result.lhr.runtimeError || attempt >= attempts) return result.lhr
  }
}

async function inFreshChromium<T>(run: (port: number) => Promise<T>): Promise<T> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
  try {
    return await run(chrome.port)
  } finally {
    chrome.kill()
  }
}
