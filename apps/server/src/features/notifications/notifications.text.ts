import { USERNAME_MAX } from '@agora/contract'
import { plainText } from '@agora/contract/text'
import type { Nodes } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { toString as mdastToString } from 'mdast-util-to-string'

/** The most people one text can notify by naming them. */
export const MENTIONS_PER_TEXT = 10
/** Names looked up per text at most: a text of a thousand @names costs no more than this. */
const NAMES_LOOKED_UP = 50
const EXCERPT_CHARS = 140
/** Source read for an excerpt: enough for its words after markup and code are gone. */
const EXCERPT_SOURCE_CHARS = 2000

/**
 * `@name` where a username may stand (letters, digits, `_`, `.`, `-`, as USERNAME_PATTERN), not
 * glued to what comes before it: not an e-mail address (`ada@example.org`), not inside a URL
 * (`https://example.org/@ada`), not `@@ada`.
 */
const MENTION = new RegExp(`(?<![\\p{L}\\p{N}_.\\-@/])@([\\p{L}\\p{N}_.\\-]{1,${USERNAME_MAX}})`, 'gu')

/** The nodes whose text is no prose: code, and autolinks whose text is their own URL. */
function isOpaque(node: Nodes): boolean {
  if (node.type === 'code' || node.type === 'inlineCode' || node.type === 'html') return true
  return node.type === 'link' && mdastToString(node) === node.url
}

/**
 * The names a Markdown text mentions, in order of first appearance, each once (compared without
 * case), at most NAMES_LOOKED_UP. Read from the Markdown tree: only text nodes count, so a name in
 * a code span, a code block or a link's URL mentions nobody. A name followed by sentence
 * punctuation (`@ada.`) is also offered without it: whichever names a user wins (mentionedUsers).
 */
export function mentionedNames(markdown: string): string[][] {
  const found = new Map<string, string[]>()
  const visit = (node: Nodes) => {
    if (found.size >= NAMES_LOOKED_UP || isOpaque(node)) return
    if (node.type === 'text') {
      for (const match of node.value.matchAll(MENTION)) {
        const name = match[1]
        const trimmed = name.replace(/[.-]+$/, '')
        const forms = trimmed && trimmed !== name ? [name, trimmed] : [name]
        const key = forms[forms.length - 1].toLowerCase()
        if (!found.has(key) && found.size < NAMES_LOOKED_UP) found.set(key, forms)
      }
      return
    }
    if ('children' in node) for (const child of node.children) visit(child)
  }
  if (markdown.includes('@')) visit(fromMarkdown(markdown))
  return [...found.values()]
}

/**
 * Who a text mentions: for each name in `mentionedNames` order, the user it names (the longest
 * form that exists, `lookup` answering lower-cased name → user id), then at most MENTIONS_PER_TEXT
 * distinct users, never `authorId` (naming oneself notifies nobody).
 */
export function mentionedUsers(
  names: readonly string[][],
  lookup: ReadonlyMap<string, string>,
  authorId: string,
): string[] {
  const users: string[] = []
  for (const forms of names) {
    const id = forms.map((form) => lookup.get(form.toLowerCase())).find(Boolean)
    if (!id || id === authorId || users.includes(id)) continue
    users.push(id)
    if (users.length === MENTIONS_PER_TEXT) break
  }
  return users
}

/** `$$…$$` and `$…$`; an inline one neither opens nor closes on a space (Pandoc's rule), so prices stay. */
const MATH = /\$\$([\s\S]+?)\$\$|\$(?![\s$])([^$\n]+?)(?<![\s\\])\$/g

/**
 * A few words of a Markdown text as plain text, cut at a word's end: a notification's excerpt.
 * Math keeps its TeX without the dollar signs (`x^2`), which reads as text where nothing typesets it.
 */
export function excerptOf(markdown: string | null | undefined): string {
  if (!markdown) return ''
  const unmathed = markdown
    .slice(0, EXCERPT_SOURCE_CHARS)
    .replace(MATH, (_match, display: string | undefined, inline: string | undefined) =>
      display === undefined ? inline! : ` ${display.trim()} `,
    )
  return plainText(unmathed, EXCERPT_CHARS + 1)
}
