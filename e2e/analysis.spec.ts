import { openNewPost, uploadFile } from './factories'
import { expect, expectAccessible, person, test } from './fixtures'

// A short paper: an abstract with its contribution, a stated limitation, future work, and one
// sentence on security for the author's instruction to find.
const PAPER = [
  'Abstract',
  'Switched linear systems appear in power converters and networked control.',
  'We propose a semidefinite programming method that certifies the stability of switched systems under arbitrary switching.',
  'However, the method cannot handle systems with state-dependent switching, a limitation we discuss.',
  '',
  'The security of the controller firmware matters because a tampered switching rule breaks the certificate.',
  '',
  'In future work we plan to extend the semidefinite programming method to state-dependent switching.',
].join('\n')

// A summary too long for a card: the card shows the analysis's TLDR in its place.
const SEMINAR_NOTE =
  'Notes from our reading seminar on switched systems, written up for the colleagues who missed the sessions in the spring term and asked for the slides, the paper and the questions we left open.'

test('the analysis box shows the TLDR, what the instruction focused on and each topic with its sentence (shown in the post at a press), in English and Chinese, axe clean; the forum card shows the TLDR for a long summary', async ({
  browser,
  request,
  server,
}) => {
  test.setTimeout(150_000)
  const { page } = await person(browser, request, server, 'focus')
  const postId = await openNewPost(
    page,
    server,
    {
      title: 'Certified stability of switched systems',
      summary: SEMINAR_NOTE,
      content: PAPER,
      tags: 'e2e',
      ai_instruction: 'Focus on the security implications',
    },
    { file: uploadFile('slides.txt', 'Slides of the seminar\n') },
  )

  const box = page.getByRole('region', { name: 'AI Content Analysis' })
  await expect(box.getByRole('heading', { name: 'TL;DR' })).toBeVisible({ timeout: 120_000 })
  await expect(box.locator('.ai-box__tldr')).toHaveText(/We propose a semidefinite programming method/)
  await expect(box.getByText('As you asked, the analysis focuses on security.')).toBeVisible()
  const limitation = box.getByRole('figure').filter({ hasText: 'A limitation the text states' })
  await expect(limitation.getByText(/cannot handle systems with state-dependent switching/)).toBeVisible()
  await expectAccessible(page, 'analysis box, English')

  // A topic's sentence is in the post's own text: a press marks it there.
  await limitation.getByRole('button', { name: /^Show the sentence of .* in the post$/ }).click()
  await expect
    .poll(() =>
      page.evaluate(() => {
        const highlight = (CSS as unknown as { highlights: Map<string, Iterable<Range>> }).highlights.get(
          'agora-sentence',
        )
        return highlight ? [...highlight].map((range) => range.toString()).join('') : ''
      }),
    )
    .toBe(
      'However, the method cannot handle systems with state-dependent switching, a limitation we discuss.',
    )

  // On the forum, the card's summary would be cut off: it shows the TLDR instead, so labelled.
  await page.goto('/forum')
  const card = page.getByRole('article').filter({ hasText: 'Certified stability of switched systems' })
  await expect(card.getByText('TL;DR (from the analysis):')).toBeVisible()
  await expect(card.locator('.post-card__summary')).toContainText(
    'We propose a semidefinite programming method',
  )

  // A reader whose browser asks for Chinese sees the box's own words in Chinese.
  const context = await browser.newContext({ locale: 'zh-CN' })
  const reader = await context.newPage()
  await reader.goto(`${server.url}/forum/detail/${postId}`)
  const zhBox = reader.getByRole('region', { name: 'AI 内容分析' })
  await expect(zhBox.getByRole('heading', { name: '一句话概括' })).toBeVisible()
  await expect(zhBox.getByText('原文指出的局限')).toBeVisible()
  await expect(zhBox.getByText('已按你的要求，分析重点关注security。')).toBeVisible()
  await expectAccessible(reader, 'analysis box, Chinese')
  await context.close()
})
