import { type PostDetailResponse, REVIEW_CRITERIA, type ReviewDetailResponse } from '@agora/contract'
import escapeHtml from 'escape-html'
import type { FastifyRequest } from 'fastify'
import Negotiator from 'negotiator'
import { HttpError } from '../../http/errors'

/** A review's page: the review and its post as a visitor sees them, one only the viewer may see, or why none. */
export type ReviewOfPage =
  | { review: ReviewDetailResponse; post: PostDetailResponse; personal: false; status: 200 }
  | { review: ReviewDetailResponse; post: null; personal: true; status: 200 }
  | { review: null; post: null; personal: false; status: 200 | 404 | 410 }

/** What the page reads: a review as `viewerId` may see it, and a post as a visitor does. */
export interface ReviewPageReads {
  review(viewerId: string | null, id: string): Promise<ReviewDetailResponse>
  post(viewerId: string | null, id: string): Promise<PostDetailResponse>
}

/**
 * The review of `/review/:id`. A withdrawn one is gone (410); one of a post only its author may see
 * is theirs alone (`personal`, undrawn); one that could not be read is served plain, as a post's page is.
 */
export async function reviewOfPage(
  request: FastifyRequest,
  encodedId: string,
  reads: ReviewPageReads,
): Promise<ReviewOfPage> {
  const none = (status: 200 | 404 | 410) => ({ review: null, post: null, personal: false, status }) as const
  let id: string
  try {
    id = decodeURIComponent(encodedId)
  } catch {
    return none(404)
  }
  try {
    const review = await reads.review(null, id)
    if (review.withdrawn) return none(410)
    // Hidden by a moderator: not there for the public, as a moderated post is not.
    if (review.moderation) return none(404)
    return { review, post: await reads.post(null, review.post.id), personal: false, status: 200 }
  } catch (error) {
    if (!(error instanceof HttpError) || (error.statusCode !== 404 && error.statusCode !== 410)) {
      request.log.warn({ err: error }, 'review of the page not read')
      return none(200)
    }
    const viewer = await request.viewer().catch(() => null)
    const theirs = viewer ? await reads.review(viewer.userId, id).catch(() => null) : null
    if (theirs && !theirs.withdrawn) return { review: theirs, post: null, personal: true, status: 200 }
    return none(404)
  }
}

const day = (iso: string) => iso.slice(0, 10)

/** The mean of a review's five ratings, to one decimal. */
export function meanRating(review: ReviewDetailResponse): number | null {
  if (!review.ratings) return null
  const { ratings } = review
  const sum = REVIEW_CRITERIA.reduce((total, name) => total + ratings[name], 0)
  return Math.round((sum / REVIEW_CRITERIA.length) * 10) / 10
}

const reviewerOf = (review: ReviewDetailResponse) => review.reviewer.nickname || review.reviewer.username
const titleOf = (review: ReviewDetailResponse) => `Review of “${review.post.title}”`

/**
 * The head of a public review's page: Highwire `citation_*` and Dublin Core tags as a post's page
 * has, the canonical address, and a schema.org Review of the ScholarlyArticle it judges.
 */
export function reviewHead(review: ReviewDetailResponse, post: PostDetailResponse, base: string): string {
  const url = `${base}/review/${review._id}`
  const workUrl = `${base}/forum/detail/${post.id}?version=${review.version}`
  const reviewer = reviewerOf(review)
  const workAuthor = post.author_display_name || post.author_name
  const title = titleOf(review)
  const description = review.summary.slice(0, 300)
  const mean = meanRating(review)
  const meta = (attribute: 'name' | 'property', key: string, value: string | null | undefined) =>
    value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}">` : ''
  const orcid = review.reviewer.orcid ? `https://orcid.org/${review.reviewer.orcid}` : null
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('name', 'citation_title', title),
    meta('name', 'citation_author', reviewer),
    meta('name', 'citation_author_orcid', orcid),
    meta('name', 'citation_publication_date', day(review.created_at).replaceAll('-', '/')),
    meta('name', 'citation_online_date', day(review.created_at).replaceAll('-', '/')),
    meta('name', 'citation_publisher', 'Agora'),
    meta('name', 'citation_public_url', url),
    meta('name', 'citation_abstract_html_url', url),
    meta('name', 'DC.title', title),
    meta('name', 'DC.creator', reviewer),
    meta('name', 'DC.date', day(review.created_at)),
    meta('name', 'DC.identifier', url),
    meta('name', 'DC.relation', workUrl),
    meta('name', 'DC.publisher', 'Agora'),
    meta('name', 'DC.type', 'Text'),
    meta('property', 'og:type', 'article'),
    meta('property', 'og:site_name', 'Agora'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'article:published_time', review.created_at),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
  ]
  const ld = {
    '@context': 'https://schema.org',
    '@type': 'Review',
    name: title,
    url,
    reviewBody: review.summary,
    datePublished: review.created_at,
    ...(review.edited_at ? { dateModified: review.edited_at } : {}),
    author: {
      '@type': 'Person',
      name: reviewer,
      url: `${base}/author/${review.reviewer.id}`,
      ...(orcid ? { sameAs: orcid } : {}),
    },
    itemReviewed: {
      '@type': 'ScholarlyArticle',
      headline: post.title,
      name: post.title,
      url: workUrl,
      version: String(review.version),
      author: { '@type': 'Person', name: workAuthor, url: `${base}/author/${post.author_id}` },
    },
    ...(mean !== null
      ? { reviewRating: { '@type': 'Rating', ratingValue: mean, bestRating: 5, worstRating: 1 } }
      : {}),
    publisher: { '@type': 'Organization', name: 'Agora', url: base },
  }
  // `<` escaped so no text of the review can close the script element.
  tags.push(`<script type="application/ld+json">${JSON.stringify(ld).replaceAll('<', '\\u003c')}</script>`)
  return tags.filter(Boolean).join('')
}

/** The words of the drawn screen; the app's own are in locales/{en,zh}/review-page.json. */
const WORDS = {
  en: {
    title: (work: string) => `Review of “${work}”`,
    by: 'by',
    version: (n: number) => `of version ${n}`,
    work: 'Read the reviewed work',
    mean: 'Mean rating',
    criteria: {
      soundness: 'Soundness',
      novelty: 'Novelty',
      clarity: 'Clarity',
      reproducibility: 'Reproducibility',
      significance: 'Significance',
    },
  },
  zh: {
    title: (work: string) => `对《${work}》的评审`,
    by: '评审人',
    version: (n: number) => `评审第 ${n} 版`,
    work: '阅读被评审的作品',
    mean: '平均评分',
    criteria: {
      soundness: '严谨性',
      novelty: '新颖性',
      clarity: '清晰度',
      reproducibility: '可复现性',
      significance: '重要性',
    },
  },
} as const
type Language = keyof typeof WORDS
const HTML_LANG: Record<Language, string> = { en: 'en', zh: 'zh-CN' }

/** The reader's language as the app chooses it: the `lang` cookie, else the browser's, else English. */
export function reviewLanguageOf(request: FastifyRequest): { code: Language; htmlLang: string } {
  const codes = Object.keys(WORDS) as Language[]
  const chosen = request.cookies.lang as Language | undefined
  const code =
    chosen && codes.includes(chosen)
      ? chosen
      : ((new Negotiator(request.raw).language(codes) as Language | undefined) ?? 'en')
  return { code, htmlLang: HTML_LANG[code] }
}

/**
 * The review's first screen, plain markup with every text escaped (no Markdown, so it is drawn in
 * time linear in its length): title, reviewer, the version judged, the ratings and the text.
 */
export function reviewScreen(review: ReviewDetailResponse, language: Language) {
  const words = WORDS[language]
  const e = escapeHtml
  const mean = meanRating(review)
  const ratings = review.ratings
    ? REVIEW_CRITERIA.map(
        (name) => `<dt>${e(words.criteria[name])}</dt><dd>${review.ratings?.[name]} / 5</dd>`,
      ).join('')
    : ''
  const paragraphs = review.summary
    .split(/\n\s*\n/)
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text) => `<p>${e(text)}</p>`)
    .join('')
  const title = words.title(review.post.title)
  const html = [
    '<article class="container screen review-page">',
    `<h1>${e(title)}</h1>`,
    `<p class="screen__lead">${e(words.by)} <a href="/author/${e(review.reviewer.id)}">${e(reviewerOf(review))}</a>`,
    ` · ${e(words.version(review.version))} · <time datetime="${e(review.created_at)}">${day(review.created_at)}</time></p>`,
    `<p><a href="/forum/detail/${e(review.post.id)}?version=${review.version}">${e(words.work)}</a></p>`,
    mean !== null
      ? `<dl class="review-page__ratings"><dt>${e(words.mean)}</dt><dd>${mean} / 5</dd>${ratings}</dl>`
      : '',
    `<div class="review-page__summary">${paragraphs}</div>`,
    '</article>',
  ].join('')
  return { title: `${title} · Agora`, description: review.summary.slice(0, 300), html }
}
