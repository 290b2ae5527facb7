/// <reference lib="dom" />
import { CHROMIUM_LAUNCH } from '@agora/test-kit'
import { chromium } from 'playwright-core'
import type { Report } from './report'

/** Loads per figure; the median is the figure. */
const RUNS = 5

/**
 * A visitor's cold loads (a new browser context each: nothing cached) of `url` at 1280 px in Debian's
 * Chromium, as the browser tests run it: the time from navigation until `selector` is visible, median
 * of a few loads, reported as the figure `name` against `budgetMs`.
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
      await page.goto(figure.url, { waitUntil: 'commit' })
      await page.locator(figure.selector).first().waitFor({ state: 'visible', timeout: 30_000 })
      // Read at once after it showed: a few milliseconds of the browser's own round trip are counted too.
      times.push(Math.round(await page.evaluate(() => performance.now())))
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
