import { tameMarkdown } from '@agora/contract/markdown-limits'
import { type ComponentPropsWithoutRef, use, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import ReactMarkdown, { type Components } from 'react-markdown'
import { Link } from 'react-router'
import rehypeSanitize from 'rehype-sanitize'
import remarkGfm from 'remark-gfm'
import { Button } from './Button'
import { CheckIcon, icon, rect } from './icons'
import { type MarkdownExtras, markdownExtras } from './markdown/extras'
import { remarkMentions } from './remarkMentions'
import { useCopyText } from './useCopyText'
import './Markdown.css'

export interface MarkdownProps {
  children: string
  className?: string
}

/** Only our own files are shown as images; anything else would let a post track its readers. */
function isOwnUrl(src: string): boolean {
  return src.startsWith('/') && !src.startsWith('//')
}

function isExternal(href: string | undefined): boolean {
  const origin = typeof window === 'undefined' ? null : window.location.origin
  return !!href && /^https?:\/\//i.test(href) && !(origin && href.startsWith(origin))
}

type HeadingProps = ComponentPropsWithoutRef<'h1'> & { node?: unknown }
type PreProps = ComponentPropsWithoutRef<'pre'> & { node?: unknown }
type SpanProps = ComponentPropsWithoutRef<'span'> & { node?: unknown }

const CopyIcon = icon([rect(9, 9, 13, 13, 2), 'M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1'], {
  size: 14,
})

/** A code block with a Copy button (the code as written, not as coloured). */
function CodeBlock({ node: _node, children, ...props }: PreProps) {
  const { t } = useTranslation()
  const { copied, copy } = useCopyText(t('markdown.copyFailed'))
  const code = useRef<HTMLPreElement>(null)
  return (
    <div className="markdown__code">
      <Button
        className="markdown__copy"
        size="sm"
        variant="ghost"
        icon={copied ? <CheckIcon size={14} /> : <CopyIcon />}
        onClick={() => void copy(code.current?.textContent?.replace(/\n$/, '') ?? '')}
        aria-live="polite"
      >
        {copied ? t('markdown.copied') : t('markdown.copy')}
      </Button>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long line scrolls the block, which the keyboard must reach */}
      <pre ref={code} tabIndex={0} {...props}>
        {children}
      </pre>
    </div>
  )
}

/**
 * KaTeX's spans, two of them changed: the mark on TeX it could not read gets its message in the reader's
 * language (KaTeX's own is English), and a display formula, which scrolls when wider than the text,
 * can be reached by keyboard.
 */
function MathSpan({ node: _node, className, title, ...props }: SpanProps) {
  const { t } = useTranslation()
  const classes = className?.split(' ') ?? []
  if (classes.includes('katex-error')) {
    const detail = (title ?? '').replace(/^ParseError: KaTeX parse error: /, '')
    return <span className={className} title={t('markdown.mathError', { detail })} {...props} />
  }
  if (classes.includes('katex-display')) {
    return (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide formula scrolls, which the keyboard must reach
      <span className={className} title={title} tabIndex={0} {...props} />
    )
  }
  return <span className={className} title={title} {...props} />
}

// The page's title is its h1: a post's own headings start one level below.
const shifted = (Tag: 'h2' | 'h3' | 'h4' | 'h5' | 'h6') =>
  function Heading({ node: _node, ...props }: HeadingProps) {
    return <Tag {...props} />
  }

const components: Components = {
  h1: shifted('h2'),
  h2: shifted('h3'),
  h3: shifted('h4'),
  h4: shifted('h5'),
  h5: shifted('h6'),
  h6: shifted('h6'),
  a({ node: _node, href, children, ...props }) {
    return isExternal(href) ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" {...props}>
        {children}
      </a>
    ) : href && isOwnUrl(href) ? (
      // The app's own pages (an @mention's member) open without reloading it.
      <Link to={href} {...props}>
        {children}
      </Link>
    ) : (
      <a href={href} {...props}>
        {children}
      </a>
    )
  },
  pre: CodeBlock,
  span: MathSpan,
  img({ node: _node, src, alt, ...props }) {
    if (typeof src === 'string' && isOwnUrl(src))
      return <img src={src} alt={alt ?? ''} loading="lazy" {...props} />
    return src ? (
      <a href={String(src)} target="_blank" rel="noopener noreferrer nofollow">
        {alt || String(src)}
      </a>
    ) : null
  },
}

const REMARK_PLUGINS = [remarkGfm, remarkMentions]

/** The plugin lists for a set of extras, made once for each. */
const pluginsOf = new WeakMap<
  MarkdownExtras,
  { remark: MarkdownExtras['remarkPlugins']; rehype: MarkdownExtras['rehypePlugins'] }
>()

function plugins(extras: MarkdownExtras) {
  let lists = pluginsOf.get(extras)
  if (!lists) {
    lists = {
      remark: [...REMARK_PLUGINS, ...extras.remarkPlugins],
      // Sanitised first: math and highlighting add their own markup after, so no HTML of the text gets in.
      rehype: [rehypeSanitize, ...extras.rehypePlugins],
    }
    pluginsOf.set(extras, lists)
  }
  return lists
}

/**
 * Markdown as the spec lists it (headings, emphasis, strikethrough, code, quotes, rules, lists, links and
 * bare URLs: GitHub Flavored Markdown), and @mentions linking to the member. Raw HTML is never rendered, and the result is sanitised.
 * `$…$` and `$$…$$` are typeset with KaTeX and fenced code is highlighted; each loads in its own chunk
 * only for a text that has it, and the component suspends until then (the caller's fallback stays up).
 * Heavy (~50 KB gzip; KaTeX ~80 KB and the highlighter ~50 KB more, for the texts that use them): import
 * it lazily from the screens that show Markdown.
 */
export function Markdown({ children, className }: MarkdownProps) {
  // Read through the limits first: no text may cost the parser more than linear time.
  const text = useMemo(() => tameMarkdown(children), [children])
  const needed = markdownExtras(text)
  const { remark, rehype } = plugins(needed instanceof Promise ? use(needed) : needed)
  return (
    <div className={['markdown', className].filter(Boolean).join(' ')}>
      <ReactMarkdown remarkPlugins={remark} rehypePlugins={rehype} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  )
}
