/**
 * A passage of a PDF page as a W3C TextQuoteSelector (exact, prefix, suffix) with a position hint
 * (start, end: offsets in the page's text), and finding it again. No DOM, no pdf.js: the
 * page's text is what pdf.js's text content gives, each item's string followed by a line break when
 * the item ends a line — the same characters, in the same order, as the text layer's spans.
 */

/** How much text before and after a passage is kept to tell it apart from the same words elsewhere. */
export const QUOTE_CONTEXT = 32

/** The part of pdf.js's text content items the page's text is made of. */
export type TextItemLike = { str: string; hasEOL?: boolean } | { type: string }

/** Text items' strings, in order: what the text layer's spans hold, and where each starts in the page's text. */
export interface PageText {
  text: string
  /** `starts[i]`: the offset in `text` of the i-th item that has a string (the i-th text layer span). */
  starts: number[]
}

export function pageTextOf(items: readonly TextItemLike[]): PageText {
  let text = ''
  const starts: number[] = []
  for (const item of items) {
    if (!('str' in item)) continue
    starts.push(text.length)
    text += item.str
    if (item.hasEOL) text += '\n'
  }
  return { text, starts }
}

export interface TextQuote {
  exact: string
  prefix?: string
  suffix?: string
  start?: number
  end?: number
}

/** The passage [start, end) of a page's text as a quote, with the text around it. */
export function quoteOf(text: string, start: number, end: number): TextQuote | null {
  // Leading and trailing white space is no part of what was meant.
  while (start < end && /\s/.test(text[start])) start++
  while (end > start && /\s/.test(text[end - 1])) end--
  if (end <= start) return null
  return {
    exact: text.slice(start, end),
    prefix: text.slice(Math.max(0, start - QUOTE_CONTEXT), start) || undefined,
    suffix: text.slice(end, end + QUOTE_CONTEXT) || undefined,
    start,
    end,
  }
}

/** Text with every run of white space as one space, and where each of its characters came from. */
function collapse(text: string): { text: string; from: number[] } {
  let out = ''
  const from: number[] = []
  let space = false
  for (let i = 0; i < text.length; i++) {
    if (/\s/.test(text[i])) {
      if (!space && out.length > 0) {
        out += ' '
        from.push(i)
      }
      space = true
    } else {
      out += text[i]
      from.push(i)
      space = false
    }
  }
  return { text: out, from }
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim()

/** How many characters of `a`'s end and `b`'s end agree (`fromEnd`), or of their starts. */
function agreement(a: string, b: string, fromEnd: boolean): number {
  let n = 0
  while (n < a.length && n < b.length) {
    const x = fromEnd ? a[a.length - 1 - n] : a[n]
    const y = fromEnd ? b[b.length - 1 - n] : b[n]
    if (x !== y) break
    n++
  }
  return n
}

/** Where the words `exact` are in a page's text, white space aside: in the collapsed text and in `text`. */
function placesOf(text: string, exact: string, ignoreCase: boolean) {
  const fold = (value: string) => (ignoreCase ? caseless(value) : value)
  const wanted = fold(squeeze(exact))
  const page = collapse(text)
  const hits: { at: number; start: number; end: number }[] = []
  if (!wanted) return { page: page.text, length: 0, hits }
  const haystack = fold(page.text)
  for (let at = haystack.indexOf(wanted); at >= 0; at = haystack.indexOf(wanted, at + 1)) {
    hits.push({ at, start: page.from[at], end: page.from[at + wanted.length - 1] + 1 })
  }
  return { page: page.text, length: wanted.length, hits }
}

/** Lower case, one character for one (the few letters whose lower case is longer stay as they are). */
function caseless(text: string): string {
  let out = ''
  for (const char of text) {
    const lower = char.toLowerCase()
    out += lower.length === char.length ? lower : char
  }
  return out
}

/**
 * Every place the words `exact` are in a page's text, in order: [start, end) offsets into `text`. White
 * space may differ; with `ignoreCase` (words a reader typed) so may the letters' case.
 */
export function quotePlaces(
  text: string,
  exact: string,
  { ignoreCase = false }: { ignoreCase?: boolean } = {},
): { start: number; end: number }[] {
  return placesOf(text, exact, ignoreCase).hits.map(({ start, end }) => ({ start, end }))
}

/**
 * Where `quote` is in a page's text: [start, end) offsets into `text`, or null when the passage is not
 * there. White space may differ (another version of the file may break lines elsewhere). Among several
 * places the one whose surroundings agree most with `prefix` and `suffix` wins, then the one nearest
 * the position hint.
 */
export function findQuote(text: string, quote: TextQuote): { start: number; end: number } | null {
  const { page, length, hits } = placesOf(text, quote.exact, false)
  const prefix = squeeze(quote.prefix ?? '')
  const suffix = squeeze(quote.suffix ?? '')
  let best: { start: number; end: number; score: number; distance: number } | null = null
  for (const { at, start, end } of hits) {
    const before = page.slice(Math.max(0, at - prefix.length - 1), at).trimEnd()
    const after = page.slice(at + length, at + length + suffix.length + 1).trimStart()
    const score = agreement(before, prefix, true) + agreement(after, suffix, false)
    const distance = quote.start === undefined ? 0 : Math.abs(start - quote.start)
    if (!best || score > best.score || (score === best.score && distance < best.distance)) {
      best = { start, end, score, distance }
    }
  }
  return best && { start: best.start, end: best.end }
}
