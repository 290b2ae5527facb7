import { Cite } from '@citation-js/core'
import '@citation-js/plugin-bibtex'
import '@citation-js/plugin-csl'
import '@citation-js/plugin-ris'
import { type CiteFormat, doiUrl } from '@agora/contract'

/** The content type of each format's answer. */
export const CITE_CONTENT_TYPES: Record<CiteFormat, string> = {
  bibtex: 'application/x-bibtex; charset=utf-8',
  ris: 'application/x-research-info-systems; charset=utf-8',
  csl: 'application/vnd.citationstyles.csl+json; charset=utf-8',
  apa: 'text/plain; charset=utf-8',
}
export const CITE_EXTENSIONS: Record<CiteFormat, string> = {
  bibtex: 'bib',
  ris: 'ris',
  csl: 'json',
  apa: 'txt',
}

/** What a citation says of a post. */
export interface CitedPost {
  id: string
  title: string
  summary: string
  authorName: string
  orcid: string
  createdAt: Date
  doi: string
  license: string
  /** The version cited, when one was named. */
  version: number | null
  url: string
  accessed: Date
}

/** What a citation says of a review: its reviewer is its author, the version it judges its subject. */
export interface CitedReview {
  id: string
  reviewerName: string
  reviewerOrcid: string
  createdAt: Date
  /** The review's own page. */
  url: string
  post: { title: string; authorName: string; version: number; url: string }
  accessed: Date
}

const dateParts = (date: Date) => ({
  'date-parts': [[date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]],
})

const authorOf = (name: string, orcid: string) => ({
  literal: name,
  ...(orcid ? { ORCID: `https://orcid.org/${orcid}` } : {}),
})

/** The post as a CSL-JSON item: an online post on the Agora site, its container (no publisher: APA would name Agora twice). */
export function toCsl(post: CitedPost) {
  return {
    id: `agora-${post.id}`,
    type: 'post',
    title: post.title,
    author: [authorOf(post.authorName, post.orcid)],
    issued: dateParts(post.createdAt),
    accessed: dateParts(post.accessed),
    'container-title': 'Agora',
    URL: post.url,
    ...(post.doi ? { DOI: post.doi } : {}),
    ...(post.summary ? { abstract: post.summary } : {}),
    ...(post.version !== null ? { version: String(post.version) } : {}),
    license: post.license,
  }
}

/** The review as a CSL-JSON item of type review; the version judged, which CSL has no field for, in its note. */
export function reviewToCsl(review: CitedReview) {
  const { post } = review
  return {
    id: `agora-review-${review.id}`,
    type: 'review',
    title: `Review of “${post.title}”`,
    author: [authorOf(review.reviewerName, review.reviewerOrcid)],
    'reviewed-title': post.title,
    'reviewed-author': [{ literal: post.authorName }],
    issued: dateParts(review.createdAt),
    accessed: dateParts(review.accessed),
    'container-title': 'Agora',
    URL: review.url,
    note: `Review of version ${post.version} of “${post.title}” by ${post.authorName}: ${post.url}`,
  }
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

interface BibtexEntry {
  type: string
  label: string
  properties: Record<string, string>
}

/** citation-js's BibTeX fields, the month as its bare macro (`month = dec`) and no day, which BibTeX has no field for. */
function toBibtex(citation: Cite, issued: Date): string {
  const [entry] = citation.format('bibtex', { format: 'object' }) as BibtexEntry[]
  const { month: _day, ...fields } = entry!.properties
  const lines = Object.entries({ ...fields, publisher: 'Agora' }).map(
    ([field, value]) => `\t${field} = {${value}},`,
  )
  lines.splice(
    lines.findIndex((line) => line.startsWith('\tyear =')) + 1,
    0,
    `\tmonth = ${MONTHS[issued.getUTCMonth()]},`,
  )
  return `@${entry!.type}{${entry!.label},\n${lines.join('\n')}\n}\n`
}

/** RIS as its specification has it: one `TAG  - value` per line, CRLF, never a value wrapped. */
function toRis(citation: Cite): string {
  const [entry] = citation.format('ris', { format: 'object' }) as Record<string, string | string[]>[]
  const { TY, ...tags } = entry!
  const lines = [`TY  - ${TY}`]
  for (const [tag, values] of Object.entries({ ...tags, PB: 'Agora' })) {
    for (const value of [values].flat())
      lines.push(`${tag}  - ${String(value).replace(/\s*[\r\n]+\s*/g, ' ')}`)
  }
  lines.push('ER  - ')
  return `${lines.join('\r\n')}\r\n`
}

/** An item cited in `format`, by citation-js (BibTeX and RIS fields, the APA style of CSL). */
function citeItem(item: { issued: unknown }, issued: Date, format: CiteFormat): string {
  if (format === 'csl') return `${JSON.stringify([item], null, 2)}\n`
  if (format === 'apa')
    return new Cite([item]).format('bibliography', { format: 'text', template: 'apa', lang: 'en-US' }).trim()
  const citation = new Cite([item])
  return format === 'ris' ? toRis(citation) : toBibtex(citation, issued)
}

/** The post cited in `format`. */
export function cite(post: CitedPost, format: CiteFormat): string {
  const item = toCsl(post)
  // The APA style puts the DOI after https://doi.org/ as it is: given encoded, the link is one.
  const linked =
    format === 'apa' && post.doi ? { ...item, DOI: doiUrl(post.doi).replace('https://doi.org/', '') } : item
  return citeItem(linked, post.createdAt, format)
}

/** The review cited in `format`. */
export function citeReview(review: CitedReview, format: CiteFormat): string {
  const item = reviewToCsl(review)
  if (format !== 'bibtex' && format !== 'ris') return citeItem(item, review.createdAt, format)
  // citation-js writes a review's reviewed author as RIS's AU, where readers take the author: the note names them.
  const { 'reviewed-author': _reviewed, ...fields } = item
  return citeItem(fields, review.createdAt, format)
}

/**
 * Cites a sample once in every format, so the first reader to press Cite does not wait while the
 * APA style and its locale are compiled (about 2 s on this machine, the next citation 10–40 ms).
 */
export function warmCitations() {
  const now = new Date()
  const sample: CitedPost = {
    id: 'warm-up',
    title: 'Warm-up',
    summary: '',
    authorName: 'Agora',
    orcid: '',
    createdAt: now,
    doi: '',
    license: 'CC-BY-4.0',
    version: null,
    url: 'http://localhost/',
    accessed: now,
  }
  for (const format of ['apa', 'bibtex', 'ris'] as const) cite(sample, format)
}
