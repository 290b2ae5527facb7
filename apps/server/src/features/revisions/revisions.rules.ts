import type { EditState } from '@agora/contract'

/** A post's or comment's place in its history, as views show it. */
export function editState(row: { revision: number; edited_at: Date | null }): EditState {
  return { revision: row.revision, edited_at: row.edited_at?.toISOString() ?? null }
}

/** Who made the current revision of a post or comment, and when: its author at first, then its last editor. */
export function madeBy(row: {
  revision: number
  user_id: string
  created_at: Date
  edited_by: string | null
  edited_at: Date | null
}): { editor_id: string | null; created_at: Date } {
  return row.revision === 1 || !row.edited_at
    ? { editor_id: row.user_id, created_at: row.created_at }
    : { editor_id: row.edited_by, created_at: row.edited_at }
}

/** Whether an edit leaves a value as it was (tags compare as lists, in order). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => item === b[i])
  return a === b
}
