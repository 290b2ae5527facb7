/// <reference lib="dom" />
import { CHROMIUM_LAUNCH } from '@agora/test-kit'
import { chromium } from 'playwright-core'
import type { Service } from './processes'
import type { Report } from './report'

export const FIRST_COMMENT_FIGURE = 'first comment visible, cold'
/** Issue 28: a post's first comment is on screen within a second of a cold load. */
const BUDGET_MS = 1000
const RUNS = 5

/**
 * A visitor's cold load of a post with comments (a new browser context: nothing cached): the time from
 * navigation until the first comment is visible, median of a few loads, in Debian's Chromium as the
 * browser tests run it.
 */
export async function measureFirstComment(app: Service, report: Report) {
  if (!report.wants(FIRST_COMMENT_FIGURE)) return
  const list = (await (await fetch(`${app.url}/api/v1/media/list?limit=50`)).json()) as {
    items?: { id: string; comments: number }[]
  }
  const post = list.items?.find((item) => item.comments > 0)
  if (!post) throw new Error('the demo forum has no post with comments')
  const browser = await chromium.launch(CHROMIUM_LAUNCH)
  const times: number[] = []
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      await page.goto(`${app.url}/forum/detail/${post.id}`, { waitUntil: 'commit' })
      await page.locator('.comment').first().waitFor({ state: 'visible', timeout: 30_000 })
      // Read at once after it showed: a few milliseconds of the browser's own round trip are counted too.
      const at = await page.evaluate(() => performance.now())
      times.push(Math.round(at))
      await context.close()
    }
  } finally {
    await browser.close()
  }
  const sorted = [...times].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)]
  report.add(
    {
      name: FIRST_COMMENT_FIGURE,
      value: `${median} ms (median of ${times.join(', ')} ms)`,
      budget: `≤ ${BUDGET_MS} ms`,
      met: median <= BUDGET_MS,
    },
    { times, postId: post.id },
  )
}
