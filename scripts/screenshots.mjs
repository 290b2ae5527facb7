// The README's screenshots, taken again from a running Agora with its demo data:
//
//   npm start                                   # in one terminal (embedded defaults, demo forum)
//   node scripts/screenshots.mjs [http://localhost:8080]
//
// Writes docs/screenshots/{home-light,forum-dark,post-dark,mypage-mobile-dark,post-mobile-zh}.png,
// the first screen of each view (not the whole page), in Debian's Chromium (or CHROMIUM_PATH).
// docs/screenshots/math-and-code.png is written by e2e/math-code.spec.ts. The Chinese one needs CJK
// fonts installed (Debian: fonts-noto-cjk), and headless Chromium shows a PDF as an empty frame: look
// at each picture before committing it.
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const base = process.argv[2] ?? 'http://localhost:8080'
const out = (name) => fileURLToPath(new URL(`../docs/screenshots/${name}.png`, import.meta.url))
const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
})

/** A page in `theme` and `lang`, as a reader who chose them (the app reads both from storage). */
async function open(viewport, { theme, lang = 'en' }) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, colorScheme: theme })
  await context.addInitScript(
    ([theme, lang]) => {
      localStorage.setItem('theme', theme)
      localStorage.setItem('lang', lang)
    },
    [theme, lang],
  )
  return context.newPage()
}

/** Waits until the app has taken over and nothing is loading, then photographs the first screen. */
async function shoot(page, name) {
  await page.locator('#static-shell').waitFor({ state: 'detached', timeout: 30_000 })
  // Nothing still loading (a streamed connection never idles, so no "network idle").
  await page.waitForFunction(() => !document.querySelector('.loading, [aria-busy="true"]'), null, {
    timeout: 30_000,
  })
  await page.evaluate(() => document.fonts.ready)
  await page.screenshot({ path: out(name) })
  console.log(`wrote docs/screenshots/${name}.png`)
}

const list = await (await fetch(`${base}/api/v1/media/list?limit=50`)).json()
const pdfPost = list.items.find((item) => item.media.some((file) => file.mime === 'application/pdf'))
const imagePost = list.items.find((item) => item.media.some((file) => file.kind === 'image'))
if (!pdfPost || !imagePost) throw new Error('the demo forum has no PDF or picture post: is AGORA_DEMO off?')

try {
  let page = await open(DESKTOP, { theme: 'light' })
  await page.goto(`${base}/`)
  await shoot(page, 'home-light')

  page = await open(DESKTOP, { theme: 'dark' })
  await page.goto(`${base}/forum`)
  await shoot(page, 'forum-dark')

  page = await open(DESKTOP, { theme: 'dark' })
  await page.goto(`${base}/forum/detail/${pdfPost.id}`)
  await shoot(page, 'post-dark')

  page = await open(PHONE, { theme: 'dark' })
  await page.goto(`${base}/login`)
  await page.getByLabel('Username').fill('ada_lab')
  await page.getByLabel('Password', { exact: true }).fill('agora-demo-2026')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.goto(`${base}/mypage`)
  await page.getByRole('heading', { level: 1 }).waitFor()
  await shoot(page, 'mypage-mobile-dark')

  page = await open(PHONE, { theme: 'light', lang: 'zh' })
  await page.goto(`${base}/forum/detail/${imagePost.id}`)
  await shoot(page, 'post-mobile-zh')
} finally {
  await browser.close()
}
