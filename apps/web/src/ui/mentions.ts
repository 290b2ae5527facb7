/** The @mention being typed at the caret, if any (a name's characters: letters, digits, _ . -). */
export interface MentionQuery {
  /** Where the '@' is. */
  start: number
  /** What follows it up to the caret. */
  prefix: string
}

const AT_CARET = /(?:^|[^\p{L}\p{N}_.@-])@([\p{L}\p{N}_.-]{1,50})$/u

export function mentionAt(text: string, caret: number): MentionQuery | null {
  const match = AT_CARET.exec(text.slice(0, caret))
  if (!match) return null
  return { start: caret - match[1].length - 1, prefix: match[1] }
}

/** `text` with the mention at `query` completed to `@username ` and where the caret goes after it. */
export function completeMention(
  text: string,
  caret: number,
  query: MentionQuery,
  username: string,
): { text: string; caret: number } {
  const before = text.slice(0, query.start)
  const after = text.slice(caret).replace(/^[\p{L}\p{N}_.-]*/u, '')
  const inserted = `@${username}${after.startsWith(' ') ? '' : ' '}`
  return { text: before + inserted + after, caret: before.length + inserted.length }
}
