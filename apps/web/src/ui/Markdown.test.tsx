import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import i18n from '../i18n'
import { Markdown } from './Markdown'
import { extrasNeeded, loadMarkdownExtras } from './markdown/extras'

/** The text as the Markdown component draws it, once the extras it needs have loaded. */
async function render(text: string): Promise<string> {
  await loadMarkdownExtras(text)
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <Markdown>{text}</Markdown>
      </MemoryRouter>
    </I18nextProvider>,
  )
}

describe('Markdown extras', () => {
  it('loads math only for a dollar sign and the highlighter only for a fenced block', () => {
    expect(extrasNeeded('plain *text* and `code`')).toEqual([])
    expect(extrasNeeded('costs $x$')).toEqual(['math'])
    expect(extrasNeeded('```ts\nlet a = 1\n```')).toEqual(['code'])
    expect(extrasNeeded('```math\nx^2\n```')).toEqual(['math', 'code'])
    expect(extrasNeeded('- a list\n\n  ```py\n  print(1)\n  ```')).toEqual(['code'])
    expect(extrasNeeded('> quoted\n> ~~~\n> x\n> ~~~')).toEqual(['code'])
  })

  it('looks for fences line by line, in one pass over a text of many short lines', () => {
    // Quadratic before: a line's prefix ran on through the following lines.
    expect(extrasNeeded('-\n'.repeat(50_000))).toEqual([])
    expect(extrasNeeded(`${'> \n'.repeat(30_000)}\`\`\`py\nx\n\`\`\``)).toEqual(['code'])
  })
})

describe('Markdown limits', () => {
  it('renders a text past the limits with every character of it', async () => {
    const text = '*_'.repeat(2_000)
    const html = await render(text)
    expect(html.replace(/<[^>]+>/g, '').length).toBeGreaterThan(text.length - 64)
  })

  it('caps nested quotes, the rest shown as text', async () => {
    const html = await render(`${'> '.repeat(3_000)}deep`)
    expect(html.match(/<blockquote>/g)).toHaveLength(16)
    expect(html).toContain('deep')
  })
})

describe('Markdown math', () => {
  it('typesets inline and display math with KaTeX', async () => {
    const html = await render('Euler: $e^{i\\pi} + 1 = 0$\n\n$$\n\\int_0^1 x\\,dx = \\frac{1}{2}\n$$\n')
    expect(html).toMatch(/<p>Euler: <span class="katex">/)
    // A wide formula scrolls: the keyboard reaches it.
    expect(html).toContain('<span class="katex-display" tabindex="0">')
    expect(html).toContain('<annotation encoding="application/x-tex">e^{i\\pi} + 1 = 0</annotation>')
    expect(html).not.toContain('language-math')
  })

  it('leaves \\href inert: no link, no javascript: anywhere', async () => {
    const html = await render('Click $\\href{javascript:alert(1)}{x}$ and $\\url{javascript:alert(2)}$')
    expect(html).toContain('class="katex"')
    expect(html).not.toMatch(/<a\b/)
    expect(html).not.toMatch(/href=/)
  })

  it('renders no raw HTML inside math or around it', async () => {
    const html = await render(
      'A $<script>alert(1)</script>$ and $$<img src=x onerror=alert(1)>$$\n\n<script>alert(2)</script>\n\n<img src="x" onerror="alert(3)">\n\n$\\text{<img src=x onerror=alert(4)>}$',
    )
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/<img/i)
    // The words are there as text only (escaped), never as an attribute of an element.
    expect(html).not.toMatch(/<[^>]*\sonerror=/i)
    expect(html).toContain('&lt;img src=x onerror=alert(4)&gt;')
  })

  it('shows broken TeX as its source, marked as an error with a translated title', async () => {
    const html = await render('Broken $\\frac{1}{$ here')
    expect(html).toMatch(
      /<span class="katex-error" title="This formula could not be typeset: [^"]*" style="color:var\(--color-danger\)">\\frac\{1\}\{<\/span>/,
    )
  })
})

describe('Markdown code blocks', () => {
  const source =
    'const greeting: string = "hi" // say it\nexport function twice(n: number) {\n  return n * 2\n}'

  it('highlights a fenced block by its language and keeps its text', async () => {
    const html = await render(`\`\`\`ts\n${source}\n\`\`\``)
    expect(html).toContain('<code class="hljs language-ts">')
    expect(html).toContain('<span class="hljs-keyword">const</span>')
    expect(html).toContain('<span class="hljs-string">&quot;hi&quot;</span>')
    const text = /<code[^>]*>([\s\S]*?)<\/code>/.exec(html)?.[1] ?? ''
    const unescaped = text.replace(/<[^>]+>/g, '').replaceAll('&quot;', '"')
    expect(unescaped).toBe(`${source}\n`)
  })

  it('gives every block a labelled Copy button', async () => {
    const html = await render('```\nplain\n```\n\n```python\nprint(1)\n```')
    expect(
      html.match(/<button type="button" class="btn btn--ghost btn--sm markdown__copy"[^>]*>/g),
    ).toHaveLength(2)
    expect(html).toMatch(/<button[^>]*aria-live="polite"[^>]*>.*?Copy<\/button>/)
    expect(html.match(/<pre tabindex="0">/g)).toHaveLength(2)
  })

  it('keeps raw HTML out of code and markdown', async () => {
    const html = await render('```html\n<script>alert(1)</script>\n```\n\n<img src=x onerror=alert(1)>')
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/<img/i)
    expect(html.replace(/<span[^>]*>|<\/span>/g, '')).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })
})
