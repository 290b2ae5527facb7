import type { PhrasingContent, Root } from 'mdast'
import { findAndReplace } from 'mdast-util-find-and-replace'

/**
 * `@name` as the server reads mentions (features/notifications: letters, digits, `_`, `.`, `-`, not
 * glued to what comes before, so no e-mail address or URL), outside code and links.
 */
const MENTION = /(?<![\p{L}\p{N}_.\-@/])@([\p{L}\p{N}_.-]{1,50})/gu

/** Where a mentioned name leads: the page that finds the member by name (features/people). */
export function mentionPath(name: string): string {
  return `/u/${encodeURIComponent(name)}`
}

/**
 * A remark plugin: each @mention in a post's or a comment's text links to the member it names. A
 * name's trailing `.` or `-` is the sentence's, not the name's (`thanks @ada.`).
 */
export function remarkMentions() {
  return (tree: Root) => {
    findAndReplace(
      tree,
      [
        MENTION,
        (_whole: string, raw: string): PhrasingContent[] => {
          const name = raw.replace(/[.-]+$/, '')
          const rest = raw.slice(name.length)
          const link: PhrasingContent = {
            type: 'link',
            url: mentionPath(name),
            data: { hProperties: { className: ['mention'] } },
            children: [{ type: 'text', value: `@${name}` }],
          }
          return rest ? [link, { type: 'text', value: rest }] : [link]
        },
      ],
      { ignore: ['link', 'linkReference', 'inlineCode', 'code'] },
    )
  }
}
