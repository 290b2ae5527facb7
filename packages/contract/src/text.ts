/**
 * Markdown reduced to its words, for text shown without rendering: a search hit's passage, a
 * quote, a list row. Code blocks and images go, a link keeps its text, markup goes. Cut before
 * `length` characters, at a word's end when one is near, with an ellipsis. The server's search
 * snippets and the web app's excerpts both read it, so a passage the server marks is worded as the
 * app shows it.
 */
export function plainText(markdown: string, length = Number.POSITIVE_INFINITY): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    // No bracket inside a label, no unpaired parenthesis in a target: each scan stops at the next
    // one, so a text of unclosed `[` or `![a](b` costs linear time, not quadratic.
    .replace(/!\[[^[\]]*\]\((?:[^()]|\([^()]*\))*\)/g, ' ')
    .replace(/\[([^[\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, '$1')
    // As Markdown renders them: a quote's and a heading's markers only at a line's start, emphasis
    // and code marks with no space left behind ("`pH 7.4`," stays "pH 7.4,"), an underscore inside
    // a word kept (growth_rate), a table's cells apart.
    .replace(/^[ \t]*(?:>[ \t]?)+/gm, '')
    .replace(/^[ \t]*#{1,6}[ \t]+/gm, '')
    .replace(/[*`~]+/g, '')
    .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, '')
    .replace(/\|/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (text.length <= length) return text
  // At a word's end when one is near, not mid-word.
  const cut = text.slice(0, length - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}
