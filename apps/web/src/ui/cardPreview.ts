import type { PostListItem } from '@agora/contract'

/**
 * About what a card's clamped preview shows before it is cut off, in widths of a Latin letter (a
 * CJK character counts two): three lines of a forum card, two wider ones of a profile list.
 */
const SHOWN_WIDTH = 130

/** How wide `text` runs, a wide (CJK, fullwidth) character counting two. */
function displayWidth(text: string): number {
  let width = 0
  for (const char of text)
    width +=
      /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(
        char,
      )
        ? 2
        : 1
  return width
}

/**
 * What a card previews: the summary, or the start of the content; but where that would be
 * cut off and the analysis has a one-sentence TLDR that fits better, the TLDR (`fromAnalysis`: the
 * card says whose words they are).
 */
export function cardPreview(post: Pick<PostListItem, 'preview' | 'summary' | 'tldr'>): {
  text: string
  fromAnalysis: boolean
} {
  const text = post.preview || post.summary
  const tldr = post.tldr?.trim()
  if (tldr && displayWidth(text) > SHOWN_WIDTH && displayWidth(tldr) < displayWidth(text)) {
    return { text: tldr, fromAnalysis: true }
  }
  return { text, fromAnalysis: false }
}
