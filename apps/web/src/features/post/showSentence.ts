/**
 * Bringing a sentence of the post's own text into view (a discussion topic links to the sentence
 * it asks about). The sentence is found in the rendered text whatever its white space, then
 * marked with the CSS Custom Highlight API where the browser has it (the text selected otherwise) and
 * scrolled to the middle of the view.
 */

const HIGHLIGHT = 'agora-sentence'

/** The text nodes under `root` and where each starts in their joined, white-space-folded text. */
function foldedText(root: Node) {
  const nodes: { node: Text; folded: number[] }[] = []
  let joined = ''
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const folded: number[] = []
    for (let i = 0; i < node.data.length; i++) {
      const char = /\s/.test(node.data[i]) ? ' ' : node.data[i]
      if (char === ' ' && (joined === '' || joined.endsWith(' '))) {
        folded.push(-1)
        continue
      }
      folded.push(joined.length)
      joined += char
    }
    // Blocks next to each other read as separate words.
    if (!joined.endsWith(' ')) joined += ' '
    nodes.push({ node, folded })
  }
  return { nodes, joined }
}

/** The DOM range of `sentence` in the text under `roots`, or null when it is not there. */
export function findSentence(roots: readonly Element[], sentence: string): Range | null {
  const wanted = sentence.replace(/\s+/g, ' ').trim()
  if (!wanted) return null
  for (const root of roots) {
    const { nodes, joined } = foldedText(root)
    const start = joined.indexOf(wanted)
    if (start < 0) continue
    const end = start + wanted.length
    const range = document.createRange()
    let started = false
    for (const { node, folded } of nodes) {
      for (let i = 0; i < folded.length; i++) {
        if (folded[i] < 0) continue
        if (!started && folded[i] >= start) {
          range.setStart(node, i)
          started = true
        }
        if (started && folded[i] < end) range.setEnd(node, i + 1)
      }
    }
    if (started) return range
  }
  return null
}

/** Marks `range` as the sentence being shown and scrolls it into view. */
export function showRange(range: Range): void {
  const registry = (globalThis.CSS as { highlights?: Map<string, unknown> } | undefined)?.highlights
  const Highlight = (globalThis as { Highlight?: new (range: Range) => unknown }).Highlight
  if (registry && Highlight) registry.set(HIGHLIGHT, new Highlight(range))
  else {
    const selection = window.getSelection()
    selection?.removeAllRanges()
    selection?.addRange(range)
  }
  const element = range.startContainer.parentElement
  element?.scrollIntoView({ block: 'center', behavior: 'instant' })
}
