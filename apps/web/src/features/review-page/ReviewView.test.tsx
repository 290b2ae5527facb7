import type { ReviewDetailResponse } from '@agora/contract'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import i18n from '../../i18n'
import { ReviewView } from './ReviewView'

beforeAll(async () => {
  await i18n.loadNamespaces('review-page')
})

const review = (overrides: Partial<ReviewDetailResponse> = {}) =>
  ({
    _id: 'r1',
    post_id: 'p1',
    post: { id: 'p1', title: 'Notes <on> engines' },
    version: 2,
    outdated: false,
    withdrawn: false,
    summary: 'First paragraph.\n\nSecond <b>paragraph</b>.',
    ratings: { soundness: 4, novelty: 3, clarity: 5, reproducibility: 2, significance: 5 },
    confidence: 4,
    competing_interests: 'None',
    reviewer: { id: 'u1', username: 'bob', nickname: 'Bob Reviewer', avatar: '', orcid: null },
    created_at: '2026-12-03T10:00:00.000Z',
    edited_at: null,
    ...overrides,
  }) as ReviewDetailResponse

const draw = async (shown: ReviewDetailResponse, language = 'en') => {
  await i18n.changeLanguage(language)
  await i18n.loadNamespaces('review-page')
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <ReviewView review={shown} />
      </MemoryRouter>
    </I18nextProvider>,
  )
}

describe('a review on its page', () => {
  it('names the work and version it judges, links them, and shows the ratings and the text escaped', async () => {
    const html = await draw(review())
    expect(html).toContain('Review of “Notes &lt;on&gt; engines”')
    expect(html).toContain('href="/forum/detail/p1?version=2"')
    expect(html).toContain('href="/author/u1"')
    expect(html).toContain('<dt>Mean rating</dt><dd>3.8 / 5</dd>')
    expect(html).toContain('<p>First paragraph.</p><p>Second &lt;b&gt;paragraph&lt;/b&gt;.</p>')
  })

  it('shows a withdrawn review as a placeholder, in Chinese too', async () => {
    const gone = review({ withdrawn: true, ratings: null, summary: '' })
    expect(await draw(gone)).toContain('This review was withdrawn by the reviewer.')
    expect(await draw(gone, 'zh')).toContain('这条评审已被评审人撤回。')
    await i18n.changeLanguage('en')
  })
})
