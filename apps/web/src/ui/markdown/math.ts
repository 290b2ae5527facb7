import type { KatexOptions } from 'katex'
import rehypeKatex from 'rehype-katex'
import remarkMath from 'remark-math'
import type { MarkdownExtras } from './extras'
import 'katex/dist/katex.min.css'
import './math.css'

/**
 * KaTeX as posts may use it: no command that links, loads or styles anything (`\href`, `\url`,
 * `\includegraphics`, `\htmlClass`… show as inert red text), no error thrown for broken TeX (its
 * source is shown marked instead), and no rule or space larger than the page.
 */
export const KATEX_OPTIONS: KatexOptions = {
  trust: false,
  strict: 'ignore',
  throwOnError: false,
  errorColor: 'var(--color-danger)',
  maxSize: 20,
  maxExpand: 200,
}

/**
 * `$…$` and `$$…$$`. remark-math marks them `<code class="language-math …">`: the sanitiser keeps that
 * class (its schema allows `language-*` on code) and drops the `math-inline`/`math-display` ones, so
 * rehype-katex, which runs after it, tells display math from its `<pre>`, as it does for a ```math block.
 */
export const mathExtras: MarkdownExtras = {
  remarkPlugins: [remarkMath],
  rehypePlugins: [[rehypeKatex, KATEX_OPTIONS]],
}
