import { doiUrl, LICENSE_URLS, type PostDetailResponse } from '@agora/contract'
import escapeHtml from 'escape-html'

const day = (iso: string) => iso.slice(0, 10)

/**
 * The head of a public post's page for scholarly search engines and link previews:
 * Highwire Press `citation_*` tags (what Google Scholar and Zotero read), Dublin Core, Open Graph
 * and Twitter cards, the canonical address and a JSON-LD ScholarlyArticle. Only ever given a post
 * an anonymous reader may see: private and hidden posts carry none of it.
 */
export function scholarlyHead(post: PostDetailResponse, base: string): string {
  const url = `${base}/forum/detail/${post.id}`
  const author = post.author_display_name || post.author_name
  const description = post.summary || post.content.slice(0, 300)
  const pdf = post.media.find((item) => item.mime === 'application/pdf')
  const image = post.media.find((item) => item.kind === 'image')
  const licenseUrl = LICENSE_URLS[post.license]
  const meta = (attribute: 'name' | 'property', key: string, value: string | undefined | null) =>
    value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}">` : ''
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('name', 'citation_title', post.title),
    meta('name', 'citation_author', author),
    post.author_orcid ? meta('name', 'citation_author_orcid', `https://orcid.org/${post.author_orcid}`) : '',
    meta('name', 'citation_publication_date', day(post.created_at).replaceAll('-', '/')),
    meta('name', 'citation_online_date', day(post.created_at).replaceAll('-', '/')),
    meta('name', 'citation_publisher', 'Agora'),
    meta('name', 'citation_abstract_html_url', url),
    pdf ? meta('name', 'citation_pdf_url', `${base}${pdf.url}`) : '',
    post.doi ? meta('name', 'citation_doi', post.doi) : '',
    ...post.tags.map((tag) => meta('name', 'citation_keywords', tag)),
    meta('name', 'DC.title', post.title),
    meta('name', 'DC.creator', author),
    meta('name', 'DC.date', day(post.created_at)),
    meta('name', 'DC.identifier', post.doi ? doiUrl(post.doi) : url),
    meta('name', 'DC.rights', licenseUrl ?? 'All rights reserved'),
    meta('name', 'DC.publisher', 'Agora'),
    meta('name', 'DC.type', 'Text'),
    meta('property', 'og:type', 'article'),
    meta('property', 'og:site_name', 'Agora'),
    meta('property', 'og:title', post.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    image ? meta('property', 'og:image', `${base}${image.url}`) : '',
    meta('property', 'article:published_time', post.created_at),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', post.title),
    meta('name', 'twitter:description', description),
  ]
  const article = {
    '@context': 'https://schema.org',
    '@type': 'ScholarlyArticle',
    headline: post.title,
    name: post.title,
    description,
    url,
    datePublished: post.created_at,
    ...(post.edited_at ? { dateModified: post.edited_at } : {}),
    author: {
      '@type': 'Person',
      name: author,
      url: `${base}/author/${post.author_id}`,
      ...(post.author_orcid ? { sameAs: `https://orcid.org/${post.author_orcid}` } : {}),
    },
    publisher: { '@type': 'Organization', name: 'Agora', url: base },
    keywords: post.tags.join(', '),
    license: licenseUrl ?? 'All rights reserved',
    ...(post.doi ? { identifier: { '@type': 'PropertyValue', propertyID: 'DOI', value: post.doi } } : {}),
    ...(image ? { image: `${base}${image.url}` } : {}),
  }
  // `<` escaped so no text of the post can close the script element.
  const json = JSON.stringify(article).replaceAll('<', '\\u003c')
  tags.push(`<script type="application/ld+json">${json}</script>`)
  return tags.filter(Boolean).join('')
}

/** `html` with `head` added at the end of its head. */
export function withHead(html: string, head: string): string {
  return html.replace('</head>', () => `${head}</head>`)
}

const TAG_PAGE = /^\/tag\/([^/]+)\/?$/
const AUTHOR_PAGE = /^\/author\/([^/]+)\/?$/

/**
 * The Atom feed a tag's or an author's page offers feed readers (`<link rel="alternate">`),
 * or '' for any other page (the forum's feed is in index.html for every page). The app keeps the
 * link while the screen is shown (data-screen-feed, apps/web/src/app/useDocumentMeta.ts). A feed of
 * an unknown or private author answers 404 itself.
 */
export function feedLinkOf(path: string): string {
  const tag = TAG_PAGE.exec(path)
  const author = tag ? null : AUTHOR_PAGE.exec(path)
  const raw = tag?.[1] ?? author?.[1]
  if (!raw) return ''
  let name: string
  try {
    name = decodeURIComponent(raw)
  } catch {
    return '' // a broken %-escape: the app shows its "not found"
  }
  const href = tag
    ? `/feeds/tag/${encodeURIComponent(name)}.atom`
    : `/feeds/author/${encodeURIComponent(name)}.atom`
  const title = tag ? `#${name} on Agora` : 'Posts by this author on Agora'
  return `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(title)}" href="${escapeHtml(href)}" data-screen-feed>`
}
