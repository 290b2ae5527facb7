/// <reference lib="dom" />
import { CHROMIUM_LAUNCH } from '@agora/test-kit'
import { chromium } from 'playwright-core'
import type { Report } from './report'

/** Loads per figure; the median is the figure. */
const RUNS = 5

/**
 * Runs in the page before its own scripts: notes the moment `selector` first matches an element that
 * is visible, at the first frame after (the frame that paints it). Playwright's own wait for the
 * element polls at growing intervals (500 ms apart after the first second), which would count up to
 * half a second of its polling as the page's time. Plain JavaScript text: a function compiled by tsx
 * would carry helpers the page does not have.
 */
const noteWhenShown = (selector: string) => `(() => {
  const selector = ${JSON.stringify(selector)}
  const observer = new MutationObserver(() => {
    const element = document.querySelector(selector)
    if (!element) return
    const box = element.getBoundingClientRect()
    if (box.width === 0 || box.height === 0 || !element.checkVisibility({ visibilityProperty: true })) return
    observer.disconnect()
    // The frame that draws it, then the task after its paint.
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => { window.__agoraShownAt = performance.now() }
      channel.port2.postMessage(null)
    })
  })
  observer.observe(document, { subtree: true, childList: true, attributes: true })
})()`

/**
 * A visitor's cold loads (a new browser context each: nothing cached) of `url` at 1280 px in Debian's
 * Chromium, as the browser tests run it: the time from navigation until `selector` is visible (noted in
 * the page, see noteWhenShown), median of a few loads, reported as the figure `name` against `budgetMs`.
 */
export async function measureColdLoad(
  report: Report,
  figure: { name: string; budgetMs: number; url: string; selector: string; raw?: Record<string, unknown> },
) {
  const browser = await chromium.launch(CHROMIUM_LAUNCH)
  const times: number[] = []
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      await page.addInitScript({ content: noteWhenShown(figure.selector) })
      await page.goto(figure.url, { waitUntil: 'commit' })
      const shownAt = await page.waitForFunction(
        () => (window as unknown as { __agoraShownAt?: number }).__agoraShownAt,
        undefined,
        { timeout: 30_000 },
      )
      times.push(Math.round((await shownAt.jsonValue()) as number))
      await context.close()
    }
  } finally {
    await browser.close()
  }
  const sorted = [...times].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)]
  report.add(
    {
      name: figure.name,
      value: `${median} ms (median of ${times.join(', ')} ms)`,
      budget: `≤ ${figure.budgetMs} ms`,
      met: median <= figure.budgetMs,
    },
    { times, ...figure.raw },
  )
}
