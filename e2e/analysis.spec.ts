import { apiMakePost, uploadFile } from './factories'
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

test('the analysis box shows the TLDR, what the instruction focused on and each topic with its sentence, in English and Chinese, axe clean', async ({
  browser,
  request,
  server,
}) => {
  test.setTimeout(150_000)
  const { errors, page } = await person(browser, request, server, 'focus')
  const postId = await apiMakePost(
    page.request,
    server,
    {
      title: 'Certified stability of switched systems',
      summary: '',
      tags: 'e2e',
      ai_instruction: 'Focus on the security implications',
    },
    { file: uploadFile('paper.txt', `${PAPER}\n`) },
  )

  await page.goto(`/forum/detail/${postId}`)
  const box = page.getByRole('region', { name: 'AI Content Analysis' })
  await expect(box.getByRole('heading', { name: 'TL;DR' })).toBeVisible({ timeout: 120_000 })
  await expect(box.locator('.ai-box__tldr')).toHaveText(/We propose a semidefinite programming method/)
  await expect(box.getByText('Focused on what you asked about: security.')).toBeVisible()
  const limitation = box.getByRole('figure').filter({ hasText: 'A limitation the text states' })
  await expect(limitation.getByText(/cannot handle systems with state-dependent switching/)).toBeVisible()
  await expectAccessible(page, 'analysis box, English')

  // A reader whose browser asks for Chinese sees the box's own words in Chinese.
  const context = await browser.newContext({ locale: 'zh-CN' })
  const reader = await context.newPage()
  await reader.goto(`${server.url}/forum/detail/${postId}`)
  const zhBox = reader.getByRole('region', { name: 'AI 内容分析' })
  await expect(zhBox.getByRole('heading', { name: '一句话概括' })).toBeVisible()
  await expect(zhBox.getByText('原文指出的局限')).toBeVisible()
  await expect(zhBox.getByText('已按你的要求重点关注：security。')).toBeVisible()
  await expectAccessible(reader, 'analysis box, Chinese')
  await context.close()
  expect(errors).toEqual([])
})
