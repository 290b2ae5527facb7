// Each class of text that costs a Markdown parser more than linear time (cmark's and commonmark.js's
// pathological tests), read back by micromark — the parser the app renders with — after the pass.
import type { Nodes, Root } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { mathFromMarkdown } from 'mdast-util-math'
import { toString as textOf } from 'mdast-util-to-string'
import { gfm } from 'micromark-extension-gfm'
import { math } from 'micromark-extension-math'
import { visit } from 'unist-util-visit'
import { describe, expect, it } from 'vitest'
import { POST_CONTENT_MAX } from './limits'
import { MARKDOWN_LIMITS, tameMarkdown } from './markdown-limits'

const parse = (markdown: string): Root =>
  fromMarkdown(markdown, {
    extensions: [gfm(), math()],
    mdastExtensions: [gfmFromMarkdown(), mathFromMarkdown()],
  })

/** As long as a post may be: the pass itself is checked at full size… */
const filled = (unit: string) => unit.repeat(Math.floor(POST_CONTENT_MAX / unit.length))
/** …and the parser reads back a shorter one (it is slow per character, if no longer quadratic). */
const readBack = (tamed: string) => parse(tamed.slice(0, 6000))

/** The deepest chain of quotes and lists in the tree. */
function nesting(node: Nodes): number {
  const own = node.type === 'blockquote' || node.type === 'list' ? 1 : 0
  return own + ('children' in node ? Math.max(0, ...node.children.map((child) => nesting(child))) : 0)
}

function count(tree: Root, ...types: Nodes['type'][]): number {
  let found = 0
  visit(tree, (node) => {
    if (types.includes(node.type)) found++
  })
  return found
}

/** What the pass added is backslashes only: without them the text is the one written. */
const unescaped = (text: string) => text.replaceAll('\\', '')

describe('tameMarkdown', { timeout: 30_000 }, () => {
  it('leaves ordinary Markdown as it is', () => {
    const text = [
      '# A *title*',
      '',
      '> quoted **bold** and `code_span` with $x_1$ and [a link](https://example.org/a_(b))',
      '',
      '- one',
      '  - two: growth_rate ~~gone~~',
      '',
      '```python',
      'def f(*args, **kwargs): return [a for a in args]',
      '```',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '$$',
      '\\frac{a}{b}',
      '$$',
    ].join('\n')
    expect(tameMarkdown(text)).toBe(text)
  })

  it('escapes `*_` runs past the limit of a paragraph, keeping every character', () => {
    const text = '*_'.repeat(49_500)
    const tamed = tameMarkdown(text)
    expect(unescaped(tamed)).toBe(text)
    expect(tamed.startsWith('*_'.repeat(MARKDOWN_LIMITS.delimiterRuns / 2))).toBe(true)
    expect(tamed.endsWith('\\*\\_')).toBe(true)
    // Read back, the text is all there but for what the first runs mark up.
    const short = tameMarkdown(text.slice(0, 6000))
    expect(textOf(parse(short)).length).toBeGreaterThan(6000 - MARKDOWN_LIMITS.delimiterRuns)
  })

  it.each([
    ['nested strong and emphasis', `${'*a **a '.repeat(7000)}b${' a** a*'.repeat(7000)}`],
    ['openers without closers', filled('*a ')],
    ['closers without openers', filled('a* ')],
    ['underscores', filled('_a ')],
    ['strikethrough', filled('~a ')],
  ])('bounds the emphasis of %s', (_name, text) => {
    const tamed = tameMarkdown(text)
    expect(unescaped(tamed)).toBe(text)
    expect([...tamed.matchAll(/(?<!\\)([*_~])\1*/g)].length).toBeLessThanOrEqual(
      MARKDOWN_LIMITS.delimiterRuns,
    )
    expect(count(readBack(tamed), 'emphasis', 'strong', 'delete')).toBeLessThanOrEqual(
      MARKDOWN_LIMITS.delimiterRuns,
    )
  })

  it('counts per paragraph: each paragraph has its own allowance', () => {
    const paragraph = '*a* '.repeat(MARKDOWN_LIMITS.delimiterRuns / 2)
    const text = Array(50).fill(paragraph).join('\n\n')
    expect(tameMarkdown(text)).toBe(text)
  })

  it.each([
    ['nested brackets', `${'['.repeat(49_000)}a${']'.repeat(49_000)}`],
    ['nested links', filled('[a](')],
    ['unclosed links', filled('[a](b ')],
    ['images without an end', filled('![a')],
  ])('bounds the brackets of %s', (_name, text) => {
    const tamed = tameMarkdown(text)
    expect(unescaped(tamed)).toBe(text)
    const brackets = [...tamed.matchAll(/(?<!\\)[[\]]/g)].length
    expect(brackets).toBeLessThanOrEqual(MARKDOWN_LIMITS.brackets)
    expect(count(readBack(tamed), 'link', 'image')).toBeLessThanOrEqual(MARKDOWN_LIMITS.brackets / 2)
  })

  it.each([
    ['quotes', `${filled('> ')}x`],
    ['quotes without spaces', `${filled('>')}x`],
    ['bullet lists', `${filled('- ')}x`],
    ['ordered lists', `${filled('1. ')}x`],
    [
      'quotes and lists on each line',
      Array(2000)
        .fill(`${'> - '.repeat(12)}x`)
        .join('\n'),
    ],
  ])('caps the nesting of %s, the rest read as text', (_name, text) => {
    const tamed = tameMarkdown(text)
    expect(unescaped(tamed)).toBe(text)
    const tree = parse(tamed.split('\n').slice(0, 50).join('\n'))
    expect(nesting(tree)).toBeLessThanOrEqual(MARKDOWN_LIMITS.nesting)
    expect(textOf(tree)).toMatch(/x$/)
  })

  it('leaves code alone: a fenced block, and code spans up to the limit', () => {
    const code = `\`\`\`\n${'*_'.repeat(10_000)}\n\`\`\``
    expect(tameMarkdown(code)).toBe(code)
    const spans = '`a_b` '.repeat(MARKDOWN_LIMITS.delimiterRuns)
    expect(tameMarkdown(spans)).toBe(spans)
  })

  it('tames what follows a fence that ended with its HTML block or its display math', () => {
    for (const opening of ['<div>\n```\n\n', '$$\n```\n$$\n', '<!--\n\n```\n-->\n']) {
      const tamed = tameMarkdown(opening + '*_'.repeat(1000))
      expect(tamed.endsWith('\\*\\_')).toBe(true)
    }
  })

  it('keeps a code span bounded when it is no span to the parser', () => {
    // An HTML tag holding a backtick: the parser sees the tag, and the runs after it are emphasis.
    const text = `<a title="\`">${'*_'.repeat(5000)}\``
    const tamed = tameMarkdown(text)
    expect(unescaped(tamed)).toBe(text)
    expect(count(readBack(tamed), 'emphasis', 'strong')).toBeLessThanOrEqual(
      2 * MARKDOWN_LIMITS.delimiterRuns,
    )
  })

  it('reads formulas past the budget as their source', () => {
    const text = filled('$a$ ')
    const tamed = tameMarkdown(text)
    expect(unescaped(tamed)).toBe(text)
    const tree = parse(tamed.slice(0, 4 * (MARKDOWN_LIMITS.formulas + 100)))
    expect(count(tree, 'inlineMath')).toBe(MARKDOWN_LIMITS.formulas)
    expect(textOf(tree)).toContain('$a$')
  })

  it.each([
    ['inline', `$${'x+'.repeat(20_000)}y$`, 'inlineMath'],
    ['display', `$$\n${'x+'.repeat(20_000)}y\n$$`, 'math'],
  ] as const)('reads %s math longer than the budget as text', (_name, text, type) => {
    const tamed = tameMarkdown(text)
    expect(unescaped(tamed)).toBe(text)
    expect(count(parse(tamed), type)).toBe(0)
  })

  it('shows a ```math block past the budget as its source', () => {
    const text = `\`\`\`math\n${'x+'.repeat(20_000)}y\n\`\`\``
    const tamed = tameMarkdown(text)
    expect(tamed.split('\n')[0]).toBe('```tex')
    expect(count(parse(tamed), 'code')).toBe(1)
  })

  it('reads setext underlines past the limit as text', () => {
    const text = 'a\n=\n'.repeat(10_000)
    const tamed = tameMarkdown(text)
    expect(unescaped(tamed)).toBe(text)
    expect(count(readBack(tamed), 'heading')).toBeLessThanOrEqual(MARKDOWN_LIMITS.setextUnderlines)
  })

  it.each([
    [
      'backtick runs of growing length',
      Array.from({ length: 400 }, (_, i) => `${'`'.repeat(i + 1)}a`).join(''),
    ],
    ['unclosed HTML comments', filled('<!-- ')],
    ['many table columns', `${'|a'.repeat(3000)}|\n${'|-'.repeat(3000)}|\n${'|b'.repeat(3000)}|`],
    ['many mentions', filled('@ada ')],
    ['many autolinks', filled('www.a.org ')],
  ])('leaves %s as they are: the parser reads them in linear time', (_name, text) => {
    expect(tameMarkdown(text)).toBe(text)
  })

  it('reads Windows line ends as line ends', () => {
    expect(tameMarkdown('```\r\n*_\r\n```\r\n*a*')).toBe('```\n*_\n```\n*a*')
  })
})
