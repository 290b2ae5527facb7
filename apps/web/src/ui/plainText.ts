/**
 * Markdown reduced to its words, for a one-line excerpt where rendering would not fit (a quote, a
 * list row): code, images and markup go; a link keeps its text. Cut before `length` characters, at
 * a word's end when one is near, with an ellipsis.
 */
export function plainText(markdown: string, length = Number.POSITIVE_INFINITY): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  if (text.length <= length) return text
  // At a word's end when one is near, not mid-word.
  const cut = text.slice(0, length - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}
