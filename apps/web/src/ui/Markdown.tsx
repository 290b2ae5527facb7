import type { ComponentPropsWithoutRef } from 'react'
import ReactMarkdown, { type Components } from 'react-markdown'
import { Link } from 'react-router'
import rehypeSanitize from 'rehype-sanitize'
import remarkGfm from 'remark-gfm'
import { remarkMentions } from './remarkMentions'
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
  return !!href && /^https?:\/\//i.test(href) && !href.startsWith(window.location.origin)
}

type HeadingProps = ComponentPropsWithoutRef<'h1'> & { node?: unknown }

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

/**
 * Markdown as the spec lists it (headings, emphasis, strikethrough, code, quotes, rules, lists, links and
 * bare URLs: GitHub Flavored Markdown), and @mentions linking to the member. Raw HTML is never rendered, and the result is sanitised.
 * Heavy (~40 KB gzip): import it lazily from the screens that show Markdown.
 */
export function Markdown({ children, className }: MarkdownProps) {
  return (
    <div className={['markdown', className].filter(Boolean).join(' ')}>
      <ReactMarkdown remarkPlugins={REMARK_PLUGINS} rehypePlugins={[rehypeSanitize]} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  )
}
