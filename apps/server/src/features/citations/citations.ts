import { Cite } from '@citation-js/core'
import '@citation-js/plugin-bibtex'
import '@citation-js/plugin-csl'
import '@citation-js/plugin-ris'

export const CITE_FORMATS = ['bibtex', 'ris', 'csl', 'apa'] as const
export type CiteFormat = (typeof CITE_FORMATS)[number]

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

const dateParts = (date: Date) => ({
  'date-parts': [[date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]],
})

/** The post as a CSL-JSON item (an online forum post of the Agora "container"). */
export function toCsl(post: CitedPost) {
  return {
    id: `agora-${post.id}`,
    type: 'post',
    title: post.title,
    author: [
      { literal: post.authorName, ...(post.orcid ? { ORCID: `https://orcid.org/${post.orcid}` } : {}) },
    ],
    issued: dateParts(post.createdAt),
    accessed: dateParts(post.accessed),
    'container-title': 'Agora',
    publisher: 'Agora',
    URL: post.url,
    ...(post.doi ? { DOI: post.doi } : {}),
    ...(post.summary ? { abstract: post.summary } : {}),
    ...(post.version !== null ? { version: String(post.version) } : {}),
    license: post.license,
  }
}

/** The post cited in `format`, by citation-js (BibTeX and RIS exporters, the APA style of CSL). */
export function cite(post: CitedPost, format: CiteFormat): string {
  const item = toCsl(post)
  if (format === 'csl') return `${JSON.stringify([item], null, 2)}\n`
  const citation = new Cite([item])
  if (format === 'apa')
    return citation.format('bibliography', { format: 'text', template: 'apa', lang: 'en-US' }).trim()
  return citation.format(format)
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
