/** The worst texts under the post limit (100,000 characters), one of each class that was super-linear. */
export const PATHOLOGICAL_MARKDOWN: Readonly<Record<string, string>> = {
  'star-underscore runs': '*_'.repeat(49_500),
  'nested quotes': `${'> '.repeat(49_000)}x`,
  'nested ordered lists': `${'1. '.repeat(33_000)}x`,
  'unclosed brackets': '!['.repeat(49_000),
  'inline formulas': '$x^2$ '.repeat(16_000),
  'setext headings': 'a\n=\n'.repeat(24_000),
}
