// citation-js ships no types; what this feature uses of it.
declare module '@citation-js/core' {
  export class Cite {
    constructor(data: unknown)
    /** The items read, as CSL-JSON. */
    data: Record<string, unknown>[]
    format(type: 'bibtex' | 'ris', options: { format: 'object' }): unknown[]
    format(type: 'bibtex' | 'ris' | 'data', options?: Record<string, unknown>): string
    format(type: 'bibliography', options: { format: 'text' | 'html'; template: string; lang: string }): string
  }
}
declare module '@citation-js/plugin-csl'
declare module '@citation-js/plugin-bibtex'
declare module '@citation-js/plugin-ris'
