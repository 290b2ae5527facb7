/// <reference lib="dom" />
// Math and code in posts and comments, in the browser: KaTeX typesets `$…$` and `$$…$$`,
// fenced code is highlighted in both themes with a Copy button, and TeX cannot make a live link.
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { apiMakeComment, apiMakePost } from './factories'
import { type AgoraServer, expect, expectAccessible, signedIn, test } from './fixtures'

/** The README's screenshots (cropped to what they show). */
const SCREENSHOTS = fileURLToPath(new URL('../docs/screenshots/', import.meta.url))

const CODE = [
  'export function basel(terms: number): number {',
  '  let sum = 0',
  '  for (let n = 1; n <= terms; n++) sum += 1 / (n * n)',
  '  return sum // tends to π²/6',
  '}',
  "console.log('basel(1e6)', basel(1e6))",
].join('\n')

const CONTENT = [
  'The Basel problem asks for $\\sum_{n \\ge 1} n^{-2}$, and Euler found it:',
  '',
  '$$',
  '\\sum_{n=1}^{\\infty} \\frac{1}{n^2} = \\frac{\\pi^2}{6} \\approx 1.6449',
  '$$',
  '',
  'A check in TypeScript:',
  '',
  '```ts',
  CODE,
  '```',
  '',
  'A link in TeX stays text: $\\href{javascript:alert(1)}{x}$.',
].join('\n')

/** A post whose text has inline and display math, a TypeScript block and a `\href`; a comment with math. */
async function mathPost(page: Page, server: AgoraServer) {
  await signedIn(page, server, 'euler')
  const postId = await apiMakePost(page.request, server, {
    title: 'The Basel problem, checked in code',
    summary: 'Euler’s sum of inverse squares, and a few lines that check it.',
    content: CONTENT,
  })
  await apiMakeComment(page.request, server, postId, 'Numerically $\\pi^2/6 - 1.6449 < 10^{-4}$ holds too.')
  return postId
}

test('math in a post and a comment is typeset in both themes, and a \\href in it is inert', async ({
  page,
  server,
}) => {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  const postId = await mathPost(page, server)
  await page.goto(`/forum/detail/${postId}`)
  const content = page.locator('.post__content:not(.post__content--plain)')
  const comment = page.locator('.comment__content:not(.comment__content--plain)')

  // Each theme at one width: the phone's, where the code block (and a wide formula) scroll sideways
  // and the keyboard must reach them, and the desktop's. (Contrast does not change with the width;
  // axe over a typeset page in all four pairs took a slow CI past the test's minute.)
  for (const [theme, width] of [
    ['light', 375],
    ['dark', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 800 })
    await page.emulateMedia({ colorScheme: theme })
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
    await expect(content.locator('p .katex').first()).toBeVisible()
    await expect(content.locator('.katex-display')).toBeVisible()
    await expect(content.locator('.katex-display annotation')).toContainText('\\frac{\\pi^2}{6}')
    await expect(comment.locator('.katex')).toBeVisible()
    // TeX's \href is drawn as red text: no link anywhere on the page, and nothing ran.
    await expect(content.locator('.katex-html').getByText('\\href', { exact: true })).toBeVisible()
    await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0)
    await expectAccessible(page, `a post with math and code, ${theme} theme, ${width} px`)
  }
  expect(dialogs).toEqual([])
})

test('fenced code is highlighted in both themes, and its Copy button copies it by keyboard', async ({
  page,
  server,
}) => {
  const postId = await mathPost(page, server)
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.setViewportSize({ width: 1000, height: 1300 })
  await page.goto(`/forum/detail/${postId}`)
  const content = page.locator('.post__content:not(.post__content--plain)')
  const code = content.locator('pre code.hljs.language-ts')
  const keyword = code.locator('.hljs-keyword').first()

  const keywordColour: Record<string, string> = {}
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
    await expect(keyword).toHaveText('export')
    await expect(code.locator('.hljs-string')).toHaveText("'basel(1e6)'")
    // Highlighting wraps the text in spans and changes none of it.
    await expect(code).toHaveText(`${CODE}\n`)
    keywordColour[theme] = await keyword.evaluate((element) => getComputedStyle(element).color)
  }
  expect(keywordColour.light).not.toBe(keywordColour.dark)

  // A keyboard user reaches the button (it takes focus and shows it) and copies with Enter.
  // Its name follows its text: "Copy", then "Copied" for a moment.
  const copy = content.getByRole('button', { name: /^Cop(y|ied)$/ })
  await expect(copy).toHaveText('Copy')
  await copy.focus()
  await expect(copy).toBeFocused()
  const ring = await copy.evaluate((element) => ({
    shown: element.matches(':focus-visible'),
    outline: getComputedStyle(element).outlineStyle,
  }))
  expect(ring.shown).toBe(true)
  expect(ring.outline).not.toBe('none')
  await page.keyboard.press('Enter')
  await expect(copy).toHaveText('Copied')
  await expect(copy).toHaveAttribute('aria-live', 'polite')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CODE)

  // For the README: the post with its math and code, dark theme, the button back to its rest.
  await expect(copy).toHaveText('Copy')
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.evaluate(() => window.scrollTo(0, 0))
  const post = await page.locator('article.post').boundingBox()
  const text = await content.boundingBox()
  if (!post || !text) throw new Error('the post or its text is not on the page')
  mkdirSync(SCREENSHOTS, { recursive: true })
  // From the title to the end of the text (the file's preview and the analysis below left out).
  await page.screenshot({
    path: `${SCREENSHOTS}math-and-code.png`,
    clip: {
      x: post.x - 24,
      y: post.y - 4,
      width: post.width + 48,
      height: text.y + text.height - post.y + 28,
    },
  })
})
