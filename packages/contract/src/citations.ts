import Type, { type Static } from 'typebox'
import { LiteralUnion } from './common'

/** The formats a post is cited in: BibTeX, RIS, CSL-JSON and an APA reference as text. */
export const CITE_FORMATS = ['bibtex', 'ris', 'csl', 'apa'] as const
export type CiteFormat = (typeof CITE_FORMATS)[number]

/** Other names a format is asked for by: `csl-json` is how other tools name CSL-JSON. */
export const CITE_FORMAT_ALIASES: Readonly<Record<string, CiteFormat>> = { 'csl-json': 'csl' }

export const CiteQuery = Type.Object({
  // The alias spelled out, not Object.keys(): the query's type then names every format it takes.
  format: Type.Optional(
    Type.Union(LiteralUnion(...CITE_FORMATS, 'csl-json').anyOf, {
      description: 'bibtex (the default), ris, csl (also csl-json) or apa',
    }),
  ),
  version: Type.Optional(Type.Integer({ minimum: 1 })),
  download: Type.Optional(Type.Boolean()),
})
export type CiteQuery = Static<typeof CiteQuery>

/** A review is cited as it is: it judges one version, so no version is asked for. */
export const ReviewCiteQuery = Type.Object({
  format: CiteQuery.properties.format,
  download: CiteQuery.properties.download,
})
export type ReviewCiteQuery = Static<typeof ReviewCiteQuery>

/** The format a query names, its alias resolved; BibTeX when none is named. */
export function citeFormatOf(name: string | undefined): CiteFormat {
  if (!name) return 'bibtex'
  return CITE_FORMAT_ALIASES[name] ?? (name as CiteFormat)
}
