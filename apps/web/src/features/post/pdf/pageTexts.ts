import type { PDFDocumentProxy } from './pdfjs'
import { type PageText, pageTextOf } from './textQuote'

/** Page texts read for finding passages on pages not drawn yet, per document. */
const pageTexts = new WeakMap<PDFDocumentProxy, Map<number, Promise<PageText>>>()

/** A page's text (textQuote.ts), read once per document whether or not the page is drawn. */
export function textOfPage(doc: PDFDocumentProxy, number: number): Promise<PageText> {
  let cache = pageTexts.get(doc)
  if (!cache) {
    cache = new Map()
    pageTexts.set(doc, cache)
  }
  let text = cache.get(number)
  if (!text) {
    text = doc
      .getPage(number)
      .then((page) => page.getTextContent({ includeMarkedContent: true }))
      .then((content) => pageTextOf(content.items))
    cache.set(number, text)
  }
  return text
}
