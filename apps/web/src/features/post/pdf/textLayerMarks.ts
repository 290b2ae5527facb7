/**
 * The text layer's spans and the page's text (textQuote.ts): marking passages in it (anchored
 * comments, a passage being flashed) and reading a selection in it as offsets into the page's text.
 * Each span pdf.js made for the i-th text item carries `data-i`; `starts[i]` is where it begins.
 */
import type { PageText } from './textQuote'

/** A passage to mark on a page: [start, end) in its text. */
export interface MarkRange {
  id: string
  start: number
  end: number
  /** The accessible name of the mark's first piece (a button that opens the comment); none: not a button. */
  label?: string
}

export const MARK_CLASS = 'pdfv__mark'

/** Numbers the text layer's spans (pdf.js's `textDivs`, in the order of the text items). */
export function numberSpans(spans: readonly HTMLElement[]) {
  spans.forEach((span, index) => {
    span.dataset.i = String(index)
  })
}

function spansOf(layer: HTMLElement): HTMLElement[] {
  return [...layer.querySelectorAll<HTMLElement>('[data-i]')]
}

/** Undoes markPassages: every span holds its plain text again. */
export function clearMarks(layer: HTMLElement) {
  for (const mark of layer.querySelectorAll(`.${MARK_CLASS}`)) {
    mark.replaceWith(...mark.childNodes)
  }
  for (const span of spansOf(layer)) span.normalize()
}

/**
 * Wraps each passage's characters in `<mark>`s (one per span it crosses); the first piece of each is a
 * button (Enter opens the comment). Where passages overlap the first in `marks` keeps the characters.
 */
export function markPassages(
  layer: HTMLElement,
  page: PageText,
  marks: readonly MarkRange[],
  extraClass = '',
) {
  const focusable = new Set<string>()
  for (const span of spansOf(layer)) {
    const index = Number(span.dataset.i)
    const from = page.starts[index]
    const text = span.textContent ?? ''
    const to = from + text.length
    const owners: (MarkRange | null)[] = Array.from({ length: text.length }, () => null)
    let touched = false
    for (const mark of marks) {
      for (let at = Math.max(mark.start, from); at < Math.min(mark.end, to); at++) {
        if (!owners[at - from]) {
          owners[at - from] = mark
          touched = true
        }
      }
    }
    if (!touched) continue
    const pieces: Node[] = []
    let run = 0
    for (let at = 1; at <= text.length; at++) {
      if (at < text.length && owners[at] === owners[run]) continue
      const piece = text.slice(run, at)
      const owner = owners[run]
      if (!owner) pieces.push(document.createTextNode(piece))
      else {
        const element = document.createElement('mark')
        element.className = extraClass ? `${MARK_CLASS} ${extraClass}` : MARK_CLASS
        element.dataset.mark = owner.id
        element.textContent = piece
        if (owner.label && !focusable.has(owner.id)) {
          focusable.add(owner.id)
          element.tabIndex = 0
          element.setAttribute('role', 'button')
          element.setAttribute('aria-label', owner.label)
        }
        pieces.push(element)
      }
      run = at
    }
    span.replaceChildren(...pieces)
  }
}

/** The first piece of a marked passage (the focusable one), or null. */
export function firstPiece(layer: HTMLElement, id: string): HTMLElement | null {
  return layer.querySelector<HTMLElement>(`[data-mark="${CSS.escape(id)}"]`)
}

/** Characters of `node`'s text before `offset` within `span` (marks may have split its text). */
function offsetInSpan(span: HTMLElement, node: Node, offset: number): number {
  if (node === span) {
    let count = 0
    for (const child of [...span.childNodes].slice(0, offset)) count += child.textContent?.length ?? 0
    return count
  }
  let count = 0
  const walker = document.createTreeWalker(span, NodeFilter.SHOW_TEXT)
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (text === node || text.parentNode === node) return count + offset
    count += text.textContent?.length ?? 0
  }
  return count
}

/** A selection boundary (node, offset) inside a text layer as an offset into the page's text. */
export function pointToOffset(layer: HTMLElement, page: PageText, node: Node, offset: number): number {
  const element = node instanceof HTMLElement ? node : node.parentElement
  const span = element?.closest<HTMLElement>('[data-i]')
  if (span && layer.contains(span))
    return page.starts[Number(span.dataset.i)] + offsetInSpan(span, node, offset)
  // Between spans (the layer or a marked-content group): the next span's start, else the text's end.
  const after = node.childNodes[offset] ?? null
  const spans = spansOf(layer)
  const next = after
    ? spans.find(
        (candidate) =>
          after === candidate ||
          (after.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
      )
    : spans.find(
        (candidate) =>
          (node.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 &&
          !node.contains(candidate),
      )
  return next ? page.starts[Number(next.dataset.i)] : page.text.length
}
