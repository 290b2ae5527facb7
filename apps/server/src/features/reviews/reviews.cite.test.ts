// A review as part of the record: cited in every format, its own page with scholarly metadata,
// the sitemap and the reviews' Atom feed, each read back by a parser that is not ours.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CreateReviewRequest } from '@agora/contract'
import { Cite } from '@citation-js/core'
import '@citation-js/plugin-bibtex'
import '@citation-js/plugin-ris'
import { parse as parseBibtex } from '@retorquere/bibtex-parser'
import { validate as validateXml } from 'fast-xml-parser'
import { type DefaultTreeAdapterMap, parse as parseHtml } from 'parse5'
import { describe, expect, it } from 'vitest'
import { answerOf, apiMakePost, makeUsers, send, sendTo, type TestUser } from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'
import { ATOM, strictXml } from '../../../test/xml'

/** A web build whose index.html holds the shell's places, so a review's first screen is drawn in. */
const webDist = mkdtempSync(join(tmpdir(), 'agora-review-web-'))
writeFileSync(
  join(webDist, 'index.html'),
  readFileSync(fileURLToPath(new URL('../../../../web/index.html', import.meta.url)), 'utf8')
    .replace(/\s*<script type="module" src="\/src\/main.tsx"><\/script>/, '')
    .replace('</head>', '<script type="module" crossorigin src="/assets/index-F6.js"></script></head>'),
)
const t = useTestApp({ PUBLIC_URL: 'http://agora.test', WEB_DIST: webDist, COMMENT_RATE_LIMIT: '10000' })

const SUMMARY = `The proof in section 3 holds <b>as written</b> & the bounds are tight. ${'x'.repeat(200)}`
const RATINGS = { soundness: 4, novelty: 3, clarity: 5, reproducibility: 2, significance: 5 }

/** Ada's public post, reviewed by Bob (display name "Bob Reviewer"). */
async function reviewed(summary = SUMMARY) {
  const [ada, bob] = await makeUsers(t, 2)
  for (const [user, nickname] of [
    [ada!, 'Ada Lovelace'],
    [bob!, 'Bob Reviewer'],
  ] as const)
    await send(t, user, 'POST', '/api/v1/modify/modify_profile', { user_id: user.id, nickname })
  const { post_id } = await apiMakePost(t, ada!, { title: 'Notes on the <Analytical> Engine' })
  const body: CreateReviewRequest = { summary, ratings: RATINGS, confidence: 4, competing_interests: 'None' }
  const created = await sendTo(t, bob!, 'POST /media/:id/reviews', { params: { id: post_id }, json: body })
  expect(created.statusCode, created.body).toBe(201)
  const { _id, review } = answerOf('POST /media/:id/reviews', created)
  const day = new Date(review.created_at)
  return {
    ada: ada!,
    bob: bob!,
    postId: post_id,
    id: _id,
    url: `http://agora.test/review/${_id}`,
    versionUrl: `http://agora.test/forum/detail/${post_id}?version=1`,
    day: [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()],
  }
}

const cite = (id: string, format: string, user: TestUser | null = null, download = false) =>
  sendTo(t, user, 'GET /reviews/:id/cite', {
    params: { id },
    query: { format, ...(download ? { download: 'true' } : {}) },
  })

const hide = (postId: string) =>
  t.database.db.updateTable('posts').set({ visibility: 'private' }).where('id', '=', postId).execute()

describe(`a review is citable (${TEST_DB})`, () => {
  it('answers CSL-JSON of type review naming the reviewer, the reviewed work and its version', async () => {
    const review = await reviewed()
    const answer = await cite(review.id, 'csl', null, true)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.headers['content-type']).toBe('application/vnd.citationstyles.csl+json; charset=utf-8')
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="agora-review-${review.id}.json"`,
    )
    const [item] = answer.json()
    expect(item).toMatchObject({
      type: 'review',
      title: 'Review of “Notes on the <Analytical> Engine”',
      author: [{ literal: 'Bob Reviewer' }],
      'reviewed-title': 'Notes on the <Analytical> Engine',
      'reviewed-author': [{ literal: 'Ada Lovelace' }],
      'container-title': 'Agora',
      URL: review.url,
      issued: { 'date-parts': [review.day] },
    })
    expect(item.note).toContain(review.versionUrl)
    // citation-js reads the item as CSL, its type and reviewed work kept.
    const [read] = new Cite(answer.json()).data
    expect(read).toMatchObject({ type: 'review', 'reviewed-title': 'Notes on the <Analytical> Engine' })
  })

  it('writes BibTeX that two BibTeX parsers read back with the reviewer as author', async () => {
    const review = await reviewed()
    const answer = await cite(review.id, 'bibtex')
    expect(answer.headers['content-type']).toBe('application/x-bibtex; charset=utf-8')
    const library = parseBibtex(answer.body)
    expect(library.errors).toEqual([])
    expect(library.entries[0]!.fields).toMatchObject({ url: review.url })
    expect(JSON.stringify(library.entries[0]!.fields.author)).toContain('Bob Reviewer')
    const [item] = new Cite(answer.body).data
    expect(item).toMatchObject({ title: 'Review of “Notes on the <Analytical> Engine”', URL: review.url })
    expect(JSON.stringify(item!.author)).toContain('Bob Reviewer')
    expect(String(item!.note)).toContain(review.versionUrl)
  })

  it('writes RIS that citation-js reads back with the reviewer as author, and APA naming the work', async () => {
    const review = await reviewed()
    const ris = await cite(review.id, 'ris')
    expect(ris.headers['content-type']).toBe('application/x-research-info-systems; charset=utf-8')
    for (const line of ris.body.split('\r\n').slice(0, -1)) expect(line).toMatch(/^[A-Z][A-Z0-9] {2}- /)
    const [item] = new Cite(ris.body).data
    expect(item).toMatchObject({
      title: 'Review of “Notes on the <Analytical> Engine”',
      'reviewed-title': 'Notes on the <Analytical> Engine',
      URL: review.url,
      author: [{ literal: 'Bob Reviewer' }],
    })
    expect(String(item!.note)).toContain(review.versionUrl)
    const apa = await cite(review.id, 'apa')
    expect(apa.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(apa.body).toContain('Bob Reviewer')
    expect(apa.body).toContain('Review of Notes on the <Analytical> Engine, by Ada Lovelace')
    expect(apa.body).toContain(review.url)
    expect((await cite(review.id, 'mla')).statusCode).toBe(400)
  })

  it('answers 410 review_withdrawn_gone for a withdrawn review, 404 for a private post’s but to its author', async () => {
    const review = await reviewed()
    expect(
      (await sendTo(t, review.bob, 'DELETE /reviews/:id', { params: { id: review.id } })).statusCode,
    ).toBe(200)
    const gone = await cite(review.id, 'bibtex')
    expect([gone.statusCode, gone.json().code]).toEqual([410, 'review_withdrawn_gone'])

    const hidden = await reviewed()
    await hide(hidden.postId)
    expect((await cite(hidden.id, 'csl')).json().code).toBe('review_not_found')
    expect((await cite(hidden.id, 'csl', hidden.bob)).statusCode).toBe(404)
    expect((await cite(hidden.id, 'csl', hidden.ada)).statusCode).toBe(200)
    expect((await cite('not-an-id', 'csl')).statusCode).toBe(404)
  })
})

type Element = DefaultTreeAdapterMap['element']
type Node = DefaultTreeAdapterMap['node']

/** Every element of an HTML document parsed by parse5, in document order. */
function elementsOf(html: string): Element[] {
  const found: Element[] = []
  const visit = (node: Node) => {
    if ('tagName' in node) found.push(node)
    const children = 'content' in node ? node.content.childNodes : 'childNodes' in node ? node.childNodes : []
    for (const child of children) visit(child)
  }
  visit(parseHtml(html))
  return found
}
const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value
const textOf = (element: Element): string =>
  element.childNodes
    .map((child) => ('value' in child ? child.value : 'tagName' in child ? textOf(child) : ''))
    .join('')

describe(`a review's page (${TEST_DB})`, () => {
  it('carries Highwire and Dublin Core tags, a canonical link and a schema.org Review', async () => {
    const review = await reviewed()
    const page = await t.app.inject({ method: 'GET', url: `/review/${review.id}` })
    expect(page.statusCode).toBe(200)
    const elements = elementsOf(page.body)
    const meta = (name: string) =>
      elements.filter((e) => e.tagName === 'meta' && attr(e, 'name') === name).map((e) => attr(e, 'content'))
    expect(meta('citation_title')).toEqual(['Review of “Notes on the <Analytical> Engine”'])
    expect(meta('citation_author')).toEqual(['Bob Reviewer'])
    expect(meta('citation_public_url')).toEqual([review.url])
    expect(meta('citation_publication_date')[0]).toMatch(/^\d{4}\/\d{2}\/\d{2}$/)
    expect(meta('DC.creator')).toEqual(['Bob Reviewer'])
    expect(meta('DC.relation')).toEqual([review.versionUrl])
    expect(meta('robots')).toEqual([])
    const canonical = elements.filter((e) => e.tagName === 'link' && attr(e, 'rel') === 'canonical')
    expect(canonical.map((e) => attr(e, 'href'))).toEqual([review.url])
    const scripts = elements.filter(
      (e) => e.tagName === 'script' && attr(e, 'type') === 'application/ld+json',
    )
    expect(scripts).toHaveLength(1)
    expect(JSON.parse(textOf(scripts[0]!))).toMatchObject({
      '@type': 'Review',
      url: review.url,
      author: { '@type': 'Person', name: 'Bob Reviewer' },
      itemReviewed: {
        '@type': 'ScholarlyArticle',
        name: 'Notes on the <Analytical> Engine',
        url: review.versionUrl,
        author: { name: 'Ada Lovelace' },
      },
      reviewRating: { '@type': 'Rating', ratingValue: 3.8, bestRating: 5, worstRating: 1 },
      datePublished: expect.stringMatching(/^\d{4}-/),
    })
  })

  it('draws a first screen with the review’s text escaped and its ratings, in the reader’s language', async () => {
    const review = await reviewed()
    const page = await t.app.inject({ method: 'GET', url: `/review/${review.id}` })
    const elements = elementsOf(page.body)
    const shell = elements.find((e) => attr(e, 'id') === 'static-shell')!
    expect(attr(shell, 'data-first-screen')).toBe(`/review/${review.id}`)
    const summary = elements.find((e) => attr(e, 'class') === 'review-page__summary')!
    expect(textOf(summary)).toBe(SUMMARY)
    expect(elements.some((e) => e.tagName === 'b')).toBe(false)
    const ratings = elements.find((e) => attr(e, 'class') === 'review-page__ratings')!
    expect(textOf(ratings)).toContain('Mean rating3.8 / 5')
    expect(elements.find((e) => e.tagName === 'title')!.childNodes).toHaveLength(1)
    const zh = await t.app.inject({ method: 'GET', url: `/review/${review.id}`, cookies: { lang: 'zh' } })
    expect(zh.body).toContain('<html lang="zh-CN">')
    expect(zh.body).toContain('平均评分')
  })

  it('draws a long review in bounded time', async () => {
    const review = await reviewed(`${'A sentence of a long review. '.repeat(500)}\n\n${'<i>'.repeat(1500)}`)
    const started = performance.now()
    const page = await t.app.inject({ method: 'GET', url: `/review/${review.id}` })
    expect(page.statusCode).toBe(200)
    expect(performance.now() - started).toBeLessThan(2000)
    expect(page.body).not.toContain('<i>')
  })

  it('answers 404 without metadata for a private post’s review, 410 for a withdrawn one, personal to the author', async () => {
    const hidden = await reviewed()
    await hide(hidden.postId)
    const page = await t.app.inject({ method: 'GET', url: `/review/${hidden.id}` })
    expect(page.statusCode).toBe(404)
    expect(page.body).toContain('<meta name="robots" content="noindex">')
    expect(page.body).not.toContain('citation_title')
    expect(page.body).not.toContain('Bob Reviewer')
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/review/${hidden.id}`,
      headers: hidden.ada.headers,
    })
    expect([theirs.statusCode, theirs.headers['cache-control']]).toEqual([200, 'private, no-cache'])
    expect(theirs.body).not.toContain('citation_title')

    const withdrawn = await reviewed()
    await sendTo(t, withdrawn.bob, 'DELETE /reviews/:id', { params: { id: withdrawn.id } })
    const gone = await t.app.inject({ method: 'GET', url: `/review/${withdrawn.id}` })
    expect(gone.statusCode).toBe(410)
    expect(gone.body).not.toContain('citation_title')
    expect((await t.app.inject({ method: 'GET', url: '/review/not-an-id' })).statusCode).toBe(404)
  })
})

/** The feed read by a DOM parser that is not ours; any well-formedness error fails the test. */
function readAtom(body: string) {
  const doc = strictXml(body)
  const text = (parent: globalThis.Element, name: string) =>
    parent.getElementsByTagNameNS(ATOM, name)[0]?.textContent ?? null
  return Array.from(doc.documentElement!.getElementsByTagNameNS(ATOM, 'entry')).map((entry) => ({
    title: text(entry, 'title'),
    summary: text(entry, 'summary'),
    author: text(entry, 'name'),
    id: text(entry, 'id'),
    link: entry.getElementsByTagNameNS(ATOM, 'link')[0]?.getAttribute('href'),
    updated: text(entry, 'updated'),
  }))
}

describe(`reviews in the sitemap and their feed (${TEST_DB})`, () => {
  it('lists public reviews in the sitemap, not withdrawn ones nor those of private posts', async () => {
    const [open, withdrawn, hidden] = [await reviewed(), await reviewed(), await reviewed()]
    await sendTo(t, withdrawn.bob, 'DELETE /reviews/:id', { params: { id: withdrawn.id } })
    await hide(hidden.postId)
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(validateXml(index.body)).toBe(true)
    expect(index.body).toContain('<loc>http://agora.test/sitemaps/reviews-1.xml</loc>')
    const file = await t.app.inject({ method: 'GET', url: '/sitemaps/reviews-1.xml' })
    expect(file.statusCode).toBe(200)
    expect(validateXml(file.body)).toBe(true)
    expect(file.body).toContain(`<loc>${open.url}</loc>`)
    expect(file.body).not.toContain(withdrawn.id)
    expect(file.body).not.toContain(hidden.id)
  })

  it('serves an Atom feed of the newest public reviews, each linking its page', async () => {
    const long = `${'word '.repeat(200)}& <end>`
    const [open, withdrawn, hidden] = [await reviewed(long), await reviewed(), await reviewed()]
    await sendTo(t, withdrawn.bob, 'DELETE /reviews/:id', { params: { id: withdrawn.id } })
    await hide(hidden.postId)
    const feed = await t.app.inject({ method: 'GET', url: '/feeds/reviews.atom' })
    expect(feed.statusCode).toBe(200)
    expect(feed.headers['content-type']).toBe('application/atom+xml; charset=utf-8')
    const entries = readAtom(feed.body)
    const entry = entries.find((item) => item.link === open.url)
    expect(entry).toMatchObject({
      id: open.url,
      title: 'Review of “Notes on the <Analytical> Engine”',
      author: 'Bob Reviewer',
    })
    expect(entry!.summary!.length).toBeLessThanOrEqual(301)
    expect(entry!.summary).toMatch(/^word word .*…$/)
    const links = entries.map((item) => item.link)
    expect(links).not.toContain(withdrawn.url)
    expect(links).not.toContain(hidden.url)
    // Newest first: the last review written leads.
    const [newest] = [await reviewed()]
    expect(readAtom((await t.app.inject({ method: 'GET', url: '/feeds/reviews.atom' })).body)[0]!.link).toBe(
      newest.url,
    )
  })
})
