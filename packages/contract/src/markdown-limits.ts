/**
 * How much structure one text may ask of the Markdown renderer. Past a limit the marks are escaped
 * and read as the characters they are, so nothing of the text is lost; below it nothing changes.
 */
export const MARKDOWN_LIMITS = {
  /** Quotes and list items one line may open (deeper ones overflow the renderer's stack). */
  nesting: 16,
  /** Runs of `*`, `_` or `~` in one paragraph: pairing them up costs the parser their square. */
  delimiterRuns: 64,
  /** `[` and `]` in one paragraph, for the same reason. */
  brackets: 64,
  /** Setext underlines (`===`, `---` under a line) in one text: each one re-reads the text before it. */
  setextUnderlines: 64,
  /** Formulas (`$…$`, `$$…$$`, ```math) in one text, and their characters: KaTeX is costly per character. */
  formulas: 256,
  formulaChars: 10_000,
} as const

export type MarkdownLimits = { readonly [K in keyof typeof MARKDOWN_LIMITS]: number }

/** Escapes each character of a run of ASCII punctuation, so it is read as itself. */
const escaped = (run: string) => run.replace(/./g, '\\$&')

/** A line's container markers (`>`, `-`, `*`, `+`, `1.`, `1)`), each with the spaces after it. */
const CONTAINER = /^ {0,3}(?:>[ \t]?|[-+*](?:[ \t]+|$)|\d{1,9}[.)](?:[ \t]+|$))/
/** A fence at the line's start can only open fenced code at the top level, where it runs to its closing fence. */
const FENCE = /^(`{3,}|~{3,})(.*)$/
/** What opens an HTML block or display math, inside which a fence is no fence. */
const HTML_START = /^ {0,3}<[A-Za-z/!?]/
/** HTML blocks that run past blank lines (CommonMark's kinds 1 to 5), by what ends them. */
const HTML_ENDS: readonly [RegExp, RegExp][] = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
  [/^ {0,3}<![A-Za-z]/, />/],
]
const MATH_FENCE = /^ {0,3}(\${2,})/
const SETEXT = /^ {0,3}(?:=+|-+)[ \t]*$/

/** The line with its markers past the nesting limit escaped, and where its content starts. */
function capNesting(line: string, limit: number): { line: string; contentStart: number } {
  let at = 0
  for (let depth = 0; ; depth++) {
    const marker = CONTAINER.exec(line.slice(at, at + 16))
    if (!marker) return { line, contentStart: at }
    if (depth === limit) {
      // One escaped marker ends the line's containers: what follows is the paragraph's text. An
      // ordered item's number is no punctuation: its `.` or `)` is escaped.
      const start = at + marker[0].search(/[>+*\-.)]/)
      return { line: `${line.slice(0, start)}\\${line.slice(start)}`, contentStart: at }
    }
    at += marker[0].length
  }
}

interface TextBudget {
  formulas: number
  formulaChars: number
  setextUnderlines: number
}

/**
 * Where each run of `char` (backticks, dollars) closes, as CommonMark pairs code spans: at the next
 * run of exactly its length, backslashes inside being literal. Linear: the runs of each length are
 * visited in order, once.
 */
class SpanCloser {
  private readonly byLength = new Map<number, number[]>()
  private readonly next = new Map<number, number>()
  constructor(text: string, char: string) {
    for (let i = 0; i < text.length; i++) {
      if (text[i] !== char) continue
      let end = i
      while (text[end] === char) end++
      const starts = this.byLength.get(end - i) ?? []
      starts.push(i)
      this.byLength.set(end - i, starts)
      i = end
    }
  }
  /** The start of the first run of `length` at or after `from`, or -1. */
  closerOf(length: number, from: number): number {
    const starts = this.byLength.get(length)
    if (!starts) return -1
    let index = this.next.get(length) ?? 0
    while (index < starts.length && starts[index] < from) index++
    this.next.set(length, index)
    return index < starts.length ? starts[index] : -1
  }
}

/**
 * A paragraph's inline text with the emphasis runs and brackets past the limits escaped, and the
 * formulas past the text's budget read as text. Code spans and formulas keep their marks while the
 * paragraph's spans have held fewer than the limit: a text that is no span after all stays bounded.
 */
function tameInline(text: string, limits: MarkdownLimits, budget: TextBudget): string {
  const spans = { '`': new SpanCloser(text, '`'), $: new SpanCloser(text, '$') }
  let out = ''
  const outside = { runs: 0, brackets: 0 }
  const inside = { runs: 0, brackets: 0 }
  /** Where the span being read ends (its closing run included), or -1 outside spans. */
  let spanEnd = -1
  /** The closing run of a formula read as text, escaped in its turn. */
  let unpaired = -1
  let i = 0
  while (i < text.length) {
    if (i === spanEnd) spanEnd = -1
    const counts = spanEnd < 0 ? outside : inside
    const char = text[i]
    if (char === '\\' && spanEnd < 0) {
      out += text.slice(i, i + 2)
      i += 2
      continue
    }
    if ((char === '`' || char === '$') && spanEnd < 0) {
      let end = i
      while (text[end] === char) end++
      const length = end - i
      const closer = spans[char].closerOf(length, end)
      if (closer >= 0 && char === '$') {
        const size = closer - end
        if (budget.formulas < limits.formulas && budget.formulaChars + size <= limits.formulaChars) {
          budget.formulas++
          budget.formulaChars += size
        } else {
          // Over the formula budget: its source is read, and tamed, as text.
          out += escaped(text.slice(i, end))
          unpaired = closer
          i = end
          continue
        }
      }
      if (i === unpaired) {
        out += escaped(text.slice(i, end))
        i = end
        continue
      }
      out += text.slice(i, end)
      if (closer >= 0) spanEnd = closer + length
      i = end
      continue
    }
    if (char === '*' || char === '_' || char === '~') {
      let end = i
      while (text[end] === char) end++
      const run = text.slice(i, end)
      counts.runs++
      out += counts.runs > limits.delimiterRuns ? escaped(run) : run
      i = end
      continue
    }
    if (char === '[' || char === ']') {
      counts.brackets++
      out += counts.brackets > limits.brackets ? `\\${char}` : char
      i++
      continue
    }
    out += char
    i++
  }
  return out
}

/**
 * `markdown` as the renderer may safely read it: at most `limits.nesting` quotes and list items per
 * line, and per paragraph at most so many emphasis runs and brackets; formulas past the text's
 * budget, and setext underlines past theirs, are read as text. Linear in the text's length; fenced
 * code is left as it is. The browser's and the server's renderers both read the text through it.
 */
export function tameMarkdown(markdown: string, limits: MarkdownLimits = MARKDOWN_LIMITS): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n')
  const out: string[] = []
  const budget: TextBudget = { formulas: 0, formulaChars: 0, setextUnderlines: 0 }
  /** The open paragraph: its lines' container markers and their contents. */
  let markers: string[] = []
  let contents: string[] = []
  /** Inside an HTML block (to its blank line) or display math (to its closing `$$`), no fence opens. */
  let inHtml = false
  /** What ends the HTML block, when a blank line does not. */
  let htmlEnd: RegExp | null = null
  let mathFence = ''
  const endParagraph = () => {
    if (contents.length === 0) return
    const tamed = tameInline(contents.join('\n'), limits, budget).split('\n')
    tamed.forEach((content, index) => {
      out.push(markers[index] + content)
    })
    markers = []
    contents = []
  }
  for (let index = 0; index < lines.length; index++) {
    const fence = !inHtml && !htmlEnd && !mathFence ? FENCE.exec(lines[index]) : null
    if (fence && !(fence[1][0] === '`' && fence[2].includes('`'))) {
      endParagraph()
      index = fencedCode(lines, index, fence[1], fence[2], out, limits, budget)
      continue
    }
    const { line, contentStart } = capNesting(lines[index], limits.nesting)
    const content = line.slice(contentStart)
    if (content.trim() === '') {
      endParagraph()
      inHtml = false
      out.push(line)
      continue
    }
    if (contentStart === 0 && !inHtml && !htmlEnd && HTML_START.test(content)) {
      const kind = HTML_ENDS.find(([start]) => start.test(content))
      if (kind) htmlEnd = kind[1]
      else inHtml = true
    }
    if (htmlEnd?.test(content.replace(/^ {0,3}<!?/, ''))) htmlEnd = null
    const math = MATH_FENCE.exec(content)
    if (math && contentStart === 0) {
      if (!mathFence) mathFence = math[1]
      else if (math[1].length >= mathFence.length && /^ {0,3}\$+[ \t]*$/.test(content)) mathFence = ''
    }
    if (contents.length > 0 && SETEXT.test(content)) {
      budget.setextUnderlines++
      if (budget.setextUnderlines > limits.setextUnderlines) {
        markers.push(line.slice(0, contentStart))
        contents.push(content.replace(/[=-]/, '\\$&'))
        continue
      }
    }
    markers.push(line.slice(0, contentStart))
    contents.push(content)
  }
  endParagraph()
  return out.join('\n')
}

/**
 * Fenced code from `lines[open]` to its closing fence (or the text's end), into `out` as it is;
 * a ```math block past the formula budget is shown as its source. The index of its last line.
 */
function fencedCode(
  lines: string[],
  open: number,
  mark: string,
  info: string,
  out: string[],
  limits: MarkdownLimits,
  budget: TextBudget,
): number {
  const closing = new RegExp(`^ {0,3}${mark[0] === '`' ? '`' : '~'}{${mark.length},}[ \\t]*$`)
  let close = open + 1
  while (close < lines.length && !closing.test(lines[close])) close++
  let opening = lines[open]
  if (info.trim() === 'math') {
    const size = lines.slice(open + 1, close).reduce((total, line) => total + line.length + 1, 0)
    if (budget.formulas < limits.formulas && budget.formulaChars + size <= limits.formulaChars) {
      budget.formulas++
      budget.formulaChars += size
    } else {
      opening = opening.replace(/math\s*$/, 'tex')
    }
  }
  out.push(opening, ...lines.slice(open + 1, close + 1))
  return close
}
