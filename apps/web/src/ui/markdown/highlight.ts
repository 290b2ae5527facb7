import rehypeHighlight from 'rehype-highlight'
import type { MarkdownExtras } from './extras'
import './highlight.css'

/**
 * Fenced code coloured by its language (highlight.js's common languages; a block with no language or
 * an unknown one stays plain). It only wraps the code's text in `hljs-*` spans: the text is unchanged.
 */
export const highlightExtras: MarkdownExtras = {
  remarkPlugins: [],
  rehypePlugins: [[rehypeHighlight, { detect: false }]],
}
