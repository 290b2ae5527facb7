import { COMMENT_CONTENT_MAX, COMMENT_LEVEL_MAX } from '@agora/contract'
import { BadRequestError } from '../../http/errors'

/** Pure rules of threaded comments: no database, no HTTP. */

export const EMPTY_COMMENT = 'Comment cannot be empty'
export const COMMENT_NOT_FOUND = 'Comment not found'
export const COMMENT_TOO_LONG = `Comment is too long: at most ${COMMENT_CONTENT_MAX.toLocaleString('en-US')} characters`
export const PARENT_ON_OTHER_POST = 'The comment you are replying to belongs to another post'

/** Trims the text and checks its length in characters (code points, as the schema counts them). */
export function normalizeContent(raw: string): string {
  // Postgres text cannot hold NUL; nobody means to type one.
  const content = raw.replaceAll('\u0000', '').trim()
  if (content.length === 0) {
    throw new BadRequestError('comment_empty', { errors: [{ field: 'content', message: 'is empty' }] })
  }
  if (codePoints(content) > COMMENT_CONTENT_MAX) {
    throw new BadRequestError('comment_too_long', {
      params: { max: COMMENT_CONTENT_MAX },
      detail: COMMENT_TOO_LONG,
      errors: [{ field: 'content', message: `must be at most ${COMMENT_CONTENT_MAX} characters` }],
    })
  }
  return content
}

function codePoints(text: string): number {
  let count = 0
  for (const _ of text) count += 1
  return count
}

export interface ParentComment {
  id: string
  post_id: string
  level: number
  root_id: string | null
}

export interface ThreadPlace {
  level: number
  parentId: string | null
  rootId: string | null
}

/**
 * Where a new comment sits: no parent → a top-level comment; a reply to a top-level comment →
 * level 2 under it; a reply to anything deeper → level 3 in the same thread. The thread root is
 * always the top-level comment, whatever the client claims.
 */
export function placeComment(postId: string, parent: ParentComment | null): ThreadPlace {
  if (!parent) return { level: 1, parentId: null, rootId: null }
  if (parent.post_id !== postId) {
    throw new BadRequestError('parent_on_other_post', {
      errors: [{ field: 'parentId', message: 'is on another post' }],
    })
  }
  if (parent.level === 1) return { level: 2, parentId: parent.id, rootId: parent.id }
  return { level: COMMENT_LEVEL_MAX, parentId: parent.id, rootId: parent.root_id }
}

export interface ThreadNode {
  id: string
  parent_id: string | null
  root_id: string | null
  level: number
  created_at: Date
}

const newestFirst = (a: ThreadNode, b: ThreadNode) =>
  b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
const oldestFirst = (a: ThreadNode, b: ThreadNode) => -newestFirst(a, b)

/**
 * The display order of §4, flat: each top-level comment (in the order given), then its level-2
 * replies newest first, each followed by the level-3 comments below it oldest first. Replies whose
 * top-level comment is not among `tops` are left out.
 */
export function threadOrder<T extends ThreadNode>(tops: T[], replies: T[]): T[] {
  const byId = new Map(replies.map((reply) => [reply.id, reply]))
  const branchOf = (node: T): string | null => {
    // Walk up to the level-2 ancestor; levels are at most 3 but a level-3 chain can be long.
    let current: T | undefined = node
    const seen = new Set<string>()
    while (current && current.level > 2) {
      if (seen.has(current.id) || !current.parent_id) return null
      seen.add(current.id)
      current = byId.get(current.parent_id)
    }
    return current?.level === 2 ? current.id : null
  }

  const branches = new Map<string, T[]>()
  const deep = new Map<string, T[]>()
  for (const reply of replies) {
    if (!reply.root_id) continue
    if (reply.level === 2) {
      const list = branches.get(reply.root_id) ?? []
      list.push(reply)
      branches.set(reply.root_id, list)
      continue
    }
    const branch = branchOf(reply)
    if (!branch) continue
    const list = deep.get(branch) ?? []
    list.push(reply)
    deep.set(branch, list)
  }

  const ordered: T[] = []
  for (const top of tops) {
    ordered.push(top)
    for (const branch of (branches.get(top.id) ?? []).sort(newestFirst)) {
      ordered.push(branch)
      ordered.push(...(deep.get(branch.id) ?? []).sort(oldestFirst))
    }
  }
  return ordered
}
