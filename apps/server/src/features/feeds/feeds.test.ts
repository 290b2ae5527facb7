import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse as parseXml, validate as validateXml } from 'fast-xml-parser'
import { parse as parseHtml } from 'node-html-parser'
import Parser from 'rss-parser'
import { describe, expect, it } from 'vitest'
import { apiMakePost, dbMakePost, makeUser, sendEditPost, sendForm } from '../../../test/factories'
import { multipart, pngFile } from '../../../test/files'
import { TEST_DB, useTestApp } from '../../../test/harness'
import { ATOM, strictXml } from '../../../test/xml'

// A web build of one plain page: the post page's head is written into whatever page is served.
const webDist = mkdtempSync(join(tmpdir(), 'agora-web-'))
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Agora</title></head><body><div id="root"></div></body></html>',
)
const t = useTestApp({ PUBLIC_URL: 'http://agora.test', WEB_DIST: webDist })
const atom = new Parser()

/** An Atom document read by a DOM parser that is not ours; any well-formedness error fails the test. */
function readAtom(body: string) {
  const doc = strictXml(body)
  const feed = doc.documentElement!
  const child = (parent: Element, name: string) => parent.getElementsByTagNameNS(ATOM, name)[0]!
  const text = (parent: Element, name: string) => {
    const element = child(parent, name)
    return element ? { type: element.getAttribute('type'), text: element.textContent } : null
  }
  const entries = Array.from(feed.getElementsByTagNameNS(ATOM, 'entry')).map((entry) => ({
    title: text(entry, 'title'),
    summary: text(entry, 'summary'),
    updated: new Date(child(entry, 'updated').textContent!),
    categories: Array.from(entry.getElementsByTagNameNS(ATOM, 'category')).map((category) => ({
      term: category.getAttribute('term'),
      label: category.getAttribute('label'),
    })),
  }))
  const updated = Array.from(feed.childNodes).find(
    (node) => node.nodeType === 1 && (node as Element).localName === 'updated',
  )
  return { updated: new Date(updated!.textContent!), entries }
}

describe(`feeds, sitemap and scholarly metadata (${TEST_DB})`, () => {
  it('serves Atom feeds of the forum, a tag and an author that a feed parser reads; private posts never', async () => {
    const ada = await makeUser(t)
    await dbMakePost(t, ada, { title: 'Public on spectra', tags: ['spectra'] })
    await dbMakePost(t, ada, { title: 'Secret on spectra', tags: ['spectra'], visibility: 'private' })
    await dbMakePost(t, ada, { title: 'Public elsewhere', tags: ['other'] })

    const forum = await t.app.inject({ method: 'GET', url: '/feeds/forum.atom' })
    expect(forum.statusCode).toBe(200)
    expect(forum.headers['content-type']).toBe('application/atom+xml; charset=utf-8')
    const parsed = await atom.parseString(forum.body)
    expect(parsed.title).toBe('Agora — newest posts')
    expect(parsed.items.map((item) => item.title).sort()).toEqual(['Public elsewhere', 'Public on spectra'])
    expect(parsed.items[0]!.link).toMatch(/^http:\/\/agora\.test\/forum\/detail\//)

    const tag = await atom.parseString(
      (await t.app.inject({ method: 'GET', url: '/feeds/tag/spectra.atom' })).body,
    )
    expect(tag.items.map((item) => item.title)).toEqual(['Public on spectra'])
    const author = await atom.parseString(
      (await t.app.inject({ method: 'GET', url: `/feeds/author/${ada.id}.atom` })).body,
    )
    expect(author.items).toHaveLength(2)
    expect((await t.app.inject({ method: 'GET', url: '/feeds/author/nobody.atom' })).statusCode).toBe(404)
  })

  it('keeps tags, titles and summaries as exactly their text, in a well-formed feed', async () => {
    const ada = await makeUser(t)
    const tag = `a<b&"c'`
    await dbMakePost(t, ada, {
      title: 'Trustless <gateways>',
      summary: '<img src=x onerror=alert(1)>',
      tags: [tag, 'plain'],
    })
    for (const url of ['/feeds/forum.atom', `/feeds/tag/${encodeURIComponent(tag)}.atom`]) {
      const answer = await t.app.inject({ method: 'GET', url })
      expect(answer.statusCode, url).toBe(200)
      const [entry] = readAtom(answer.body).entries
      expect(entry!.title).toEqual({ type: 'text', text: 'Trustless <gateways>' })
      expect(entry!.summary).toEqual({ type: 'text', text: '<img src=x onerror=alert(1)>' })
      expect(entry!.categories).toEqual([
        { term: tag, label: tag },
        { term: 'plain', label: 'plain' },
      ])
    }
  })

  it('dates a feed by its newest change: an edit or a new version bumps the entry and the feed', async () => {
    const ada = await makeUser(t)
    const day = 86_400_000
    const older = await dbMakePost(t, ada, { title: 'Older', created_at: new Date(Date.now() - 2 * day) })
    await dbMakePost(t, ada, { title: 'Newer', created_at: new Date(Date.now() - day) })
    const feedOf = async () =>
      readAtom((await t.app.inject({ method: 'GET', url: `/feeds/author/${ada.id}.atom` })).body)
    const newest = (feed: Awaited<ReturnType<typeof feedOf>>) =>
      Math.max(...feed.entries.map((entry) => entry.updated.getTime()))

    const before = await feedOf()
    expect(before.updated.getTime()).toBe(newest(before))
    expect((await sendEditPost(t, ada, older, { title: 'Older, edited' })).statusCode).toBe(200)
    const edited = await feedOf()
    const olderEntry = edited.entries.find((entry) => entry.title?.text === 'Older, edited')!
    expect(olderEntry.updated.getTime()).toBeGreaterThan(before.updated.getTime())
    expect(edited.updated.getTime()).toBe(newest(edited))

    const uploaded = await apiMakePost(t, ada, { title: 'Versioned' })
    const written = (await feedOf()).entries.find((entry) => entry.title?.text === 'Versioned')!.updated
    const form = multipart({ changelog: 'A better figure' }, [{ name: 'figure.png', data: pngFile(91) }])
    expect((await sendForm(t, ada, `/api/v1/media/${uploaded.post_id}/versions`, form)).statusCode).toBe(201)
    const versioned = await feedOf()
    const entry = versioned.entries.find((item) => item.title?.text === 'Versioned')!
    expect(entry.updated.getTime()).toBeGreaterThan(written.getTime())
    expect(versioned.updated.getTime()).toBe(newest(versioned))
  })

  it('answers 404 for the feed of a tag no public post has', async () => {
    const ada = await makeUser(t)
    await dbMakePost(t, ada, { title: 'Only private', tags: ['secretive'], visibility: 'private' })
    for (const url of ['/feeds/tag/never-used.atom', '/feeds/tag/secretive.atom']) {
      const answer = await t.app.inject({ method: 'GET', url })
      expect(answer.statusCode, url).toBe(404)
      expect(answer.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) })
    }
  })

  it('answers 304 to a reader who has the current version (ETag), and the new one after a post', async () => {
    const ada = await makeUser(t)
    await dbMakePost(t, ada, { title: 'First' })
    const first = await t.app.inject({ method: 'GET', url: '/feeds/forum.atom' })
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"/)
    const again = await t.app.inject({
      method: 'GET',
      url: '/feeds/forum.atom',
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    await dbMakePost(t, ada, { title: 'Second' })
    const changed = await t.app.inject({
      method: 'GET',
      url: '/feeds/forum.atom',
      headers: { 'if-none-match': etag },
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
  })

  it('lists public posts, authors and tags in a valid sitemap, and points robots.txt at it', async () => {
    const ada = await makeUser(t)
    const open = await dbMakePost(t, ada, { title: 'Listed', tags: ['optics'] })
    const hidden = await dbMakePost(t, ada, { title: 'Not listed', visibility: 'private' })
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(validateXml(index.body)).toBe(true)
    const locs = [parseXml(index.body).sitemapindex.sitemap].flat().map((entry: { loc: string }) => entry.loc)
    expect(locs).toEqual([
      'http://agora.test/sitemaps/posts-1.xml',
      'http://agora.test/sitemaps/reviews-1.xml',
      'http://agora.test/sitemaps/authors.xml',
      'http://agora.test/sitemaps/tags.xml',
    ])
    const posts = (await t.app.inject({ method: 'GET', url: '/sitemaps/posts-1.xml' })).body
    expect(validateXml(posts)).toBe(true)
    const urls = [parseXml(posts).urlset.url].flat().map((entry: { loc: string }) => entry.loc)
    expect(urls).toContain(`http://agora.test/forum/detail/${open}`)
    expect(urls).not.toContain(`http://agora.test/forum/detail/${hidden}`)
    const tags = (await t.app.inject({ method: 'GET', url: '/sitemaps/tags.xml' })).body
    expect(tags).toContain('http://agora.test/tag/optics')
    const authors = (await t.app.inject({ method: 'GET', url: '/sitemaps/authors.xml' })).body
    expect(authors).toContain(`http://agora.test/author/${ada.id}`)
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' })
    expect(robots.body).toContain('Sitemap: http://agora.test/sitemap.xml')
    expect(robots.body).toContain('Disallow: /api/')
  })

  it('gives a public post’s page Highwire, Dublin Core, Open Graph and JSON-LD tags; a private one none', async () => {
    const ada = await makeUser(t)
    const post = await apiMakePost(t, ada, {
      title: 'Spectral lines of <hydrogen>',
      summary: 'Balmer series, measured.',
      doi: '10.1234/h.1',
      tags: 'physics',
    })
    const page = await t.app.inject({ method: 'GET', url: `/forum/detail/${post.post_id}` })
    expect(page.statusCode).toBe(200)
    const head = parseHtml(page.body).querySelector('head')!
    const meta = (name: string) =>
      head
        .querySelectorAll(`meta[name="${name}"], meta[property="${name}"]`)
        .map((tag) => tag.getAttribute('content'))
    expect(meta('citation_title')).toEqual(['Spectral lines of <hydrogen>'])
    expect(meta('citation_author')).toEqual([ada.username])
    expect(meta('citation_doi')).toEqual(['10.1234/h.1'])
    expect(meta('citation_publication_date')[0]).toMatch(/^\d{4}\/\d{2}\/\d{2}$/)
    expect(meta('DC.rights')).toEqual(['https://creativecommons.org/licenses/by/4.0/'])
    expect(meta('og:title')).toEqual(['Spectral lines of <hydrogen>'])
    expect(meta('og:description')).toEqual(['Balmer series, measured.'])
    expect(meta('twitter:card')).toEqual(['summary_large_image'])
    expect(head.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
      `http://agora.test/forum/detail/${post.post_id}`,
    )
    const ld = JSON.parse(head.querySelector('script[type="application/ld+json"]')!.textContent)
    expect(ld).toMatchObject({
      '@type': 'ScholarlyArticle',
      headline: 'Spectral lines of <hydrogen>',
      identifier: { propertyID: 'DOI', value: '10.1234/h.1' },
    })

    const secret = await dbMakePost(t, ada, { title: 'Private work', visibility: 'private' })
    const hidden = await t.app.inject({ method: 'GET', url: `/forum/detail/${secret}` })
    expect(hidden.statusCode).toBe(404)
    expect(hidden.body).not.toContain('citation_title')
    expect(hidden.body).not.toContain('Private work')
  })

  it('names a tag’s and an author’s feed in their pages’ heads, where a feed reader finds and reads it', async () => {
    const ada = await makeUser(t)
    await dbMakePost(t, ada, { title: 'Tides in the fjord', tags: ['oceanography'] })
    const alternate = async (path: string) => {
      const page = await t.app.inject({ method: 'GET', url: path })
      expect(page.statusCode).toBe(200)
      const links = parseHtml(page.body).querySelectorAll('head link[rel="alternate"]')
      expect(links.map((link) => link.getAttribute('type'))).toEqual(['application/atom+xml'])
      return links[0]!
    }
    const tagLink = await alternate('/tag/oceanography')
    expect(tagLink.getAttribute('title')).toBe('#oceanography on Agora')
    const tagFeed = await atom.parseString(
      (await t.app.inject({ method: 'GET', url: tagLink.getAttribute('href')! })).body,
    )
    expect(tagFeed.items.map((item) => item.title)).toEqual(['Tides in the fjord'])
    const authorLink = await alternate(`/author/${ada.id}`)
    const authorFeed = await atom.parseString(
      (await t.app.inject({ method: 'GET', url: authorLink.getAttribute('href')! })).body,
    )
    expect(authorFeed.items.map((item) => item.title)).toEqual(['Tides in the fjord'])
    // A name that needs escaping stays one attribute; a broken escape gets no link.
    expect((await alternate('/tag/a%22b')).getAttribute('href')).toBe('/feeds/tag/a%22b.atom')
    const broken = await t.app.inject({ method: 'GET', url: '/tag/%E0%A4%A' })
    expect(broken.body).not.toContain('rel="alternate"')
  })
})
