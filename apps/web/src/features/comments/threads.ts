/**
 * Pure rules of the comment list on the client: pages as the server sends them (flat, each top-level
 * comment followed by its replies in display order), grouped into threads, and edited in place after
 * a create or delete so the list follows without loading again.
 */
import type { CommentView } from '@agora/contract'
import type { InfiniteData } from '@tanstack/react-query'

/** One page as kept in the query cache. `hasMore` is the server's word and survives local edits. */
export interface CommentsPage {
  items: CommentView[]
  hasMore: boolean
}

/** A post's comment pages as the query cache holds them (by the number of top-level comments skipped). */
export type CommentsData = InfiniteData<CommentsPage, number>

/** A top-level comment and its replies in display order (spec §4). */
export interface Thread {
  top: CommentView
  replies: CommentView[]
}

export function topLevelCount(items: readonly CommentView[]): number {
  return items.reduce((count, comment) => count + (comment.level === 1 ? 1 : 0), 0)
}

/** A page as the server answered it: a page with fewer top-level comments than asked is the last. */
export function toPage(items: CommentView[], limit: number): CommentsPage {
  return { items, hasMore: topLevelCount(items) >= limit }
}

/**
 * Where the next page starts: the top-level comments held so far. Counted from the cache, so a
 * comment added or deleted here moves the offset just as it moved the server's list.
 */
export function nextSkip(pages: readonly CommentsPage[]): number {
  return pages.reduce((count, page) => count + topLevelCount(page.items), 0)
}

/**
 * The pages' threads in order. A thread seen twice (someone commented between two page loads, so
 * the pages overlap) is kept once; replies whose top-level comment is not held are left out.
 */
export function groupThreads(pages: readonly CommentsPage[]): Thread[] {
  const threads: Thread[] = []
  const seen = new Set<string>()
  let current: Thread | null = null
  for (const page of pages) {
    for (const comment of page.items) {
      if (comment.level === 1) {
        current = seen.has(comment._id) ? null : { top: comment, replies: [] }
        seen.add(comment._id)
        if (current) threads.push(current)
      } else if (current && comment.rootId === current.top._id && !seen.has(comment._id)) {
        seen.add(comment._id)
        current.replies.push(comment)
      }
    }
  }
  return threads
}

export function findComment(pages: readonly CommentsPage[], id: string): CommentView | undefined {
  for (const page of pages) {
    const found = page.items.find((comment) => comment._id === id)
    if (found) return found
  }
  return undefined
}

/** Changes one comment wherever it is held. */
export function patchComment(
  pages: readonly CommentsPage[],
  id: string,
  patch: (comment: CommentView) => CommentView,
): CommentsPage[] {
  return pages.map((page) =>
    page.items.some((comment) => comment._id === id)
      ? { ...page, items: page.items.map((comment) => (comment._id === id ? patch(comment) : comment)) }
      : page,
  )
}

/** The end (exclusive) of the thread that starts at `start`. */
function threadEnd(items: readonly CommentView[], start: number): number {
  let end = start + 1
  while (end < items.length && items[end].level !== 1) end += 1
  return end
}

/**
 * Where a new reply goes inside its thread's block `items[start, end)`: a level-2 reply first (newest
 * first); a level-3 reply last among the comments under its level-2 ancestor (oldest first).
 */
function replyPosition(
  items: readonly CommentView[],
  start: number,
  end: number,
  reply: CommentView,
): number {
  if (reply.level === 2) return start + 1
  const byId = new Map(items.slice(start, end).map((comment) => [comment._id, comment]))
  let branch = byId.get(reply.parentId ?? '')
  while (branch && branch.level > 2) branch = byId.get(branch.parentId ?? '')
  if (!branch) return end
  let position = items.indexOf(branch, start) + 1
  while (position < end && items[position].level === 3) position += 1
  return position
}

/**
 * Adds a comment just created: a top-level one at the head of the first page, a reply in its place in
 * its thread (the parent's reply count goes up). Returns null when its thread is not held, so the
 * caller loads the list again instead.
 */
export function insertComment(pages: readonly CommentsPage[], comment: CommentView): CommentsPage[] | null {
  if (findComment(pages, comment._id)) return [...pages]
  if (comment.level === 1) {
    if (pages.length === 0) return [{ items: [comment], hasMore: false }]
    const [first, ...rest] = pages
    return [{ ...first, items: [comment, ...first.items] }, ...rest]
  }
  const pageIndex = pages.findIndex((page) =>
    page.items.some((item) => item._id === comment.rootId && item.level === 1),
  )
  if (pageIndex < 0) return null
  const items = pages[pageIndex].items.map((item) =>
    item._id === comment.parentId ? { ...item, replyCount: item.replyCount + 1 } : item,
  )
  const start = items.findIndex((item) => item._id === comment.rootId && item.level === 1)
  const position = replyPosition(items, start, threadEnd(items, start), comment)
  items.splice(position, 0, comment)
  return pages.map((page, index) => (index === pageIndex ? { ...page, items } : page))
}

/**
 * Takes a deleted comment out with all of its replies (the server deletes them too) and lowers its
 * parent's reply count. Returns the new pages and the comments that went.
 */
export function removeComment(
  pages: readonly CommentsPage[],
  id: string,
): { pages: CommentsPage[]; removed: CommentView[] } {
  const target = findComment(pages, id)
  if (!target) return { pages: [...pages], removed: [] }
  const gone = new Set([id])
  const removed: CommentView[] = []
  const next = pages.map((page) => {
    // Display order puts every reply after its parent, so one pass finds the whole subtree.
    let changed = false
    const kept: CommentView[] = []
    for (const comment of page.items) {
      if (gone.has(comment._id) || (comment.parentId !== null && gone.has(comment.parentId))) {
        gone.add(comment._id)
        removed.push(comment)
        changed = true
      } else if (comment._id === target.parentId) {
        kept.push({ ...comment, replyCount: Math.max(0, comment.replyCount - 1) })
        changed = true
      } else {
        kept.push(comment)
      }
    }
    return changed ? { ...page, items: kept } : page
  })
  return { pages: next, removed }
}

/** Where a comment sits for display: its thread, and whether it is hidden while the thread is folded. */
export function locateComment(
  threads: readonly Thread[],
  id: string,
): { rootId: string; hiddenWhenFolded: boolean } | null {
  for (const thread of threads) {
    if (thread.top._id === id) return { rootId: id, hiddenWhenFolded: false }
    const index = thread.replies.findIndex((reply) => reply._id === id)
    if (index >= 0) return { rootId: thread.top._id, hiddenWhenFolded: index > 0 }
  }
  return null
}

/** How many replies sit below a comment (all of them for a top-level comment). */
export function repliesBelow(thread: Thread, id: string): number {
  if (thread.top._id === id) return thread.replies.length
  const below = new Set([id])
  let count = 0
  for (const reply of thread.replies) {
    if (reply.parentId !== null && below.has(reply.parentId)) {
      below.add(reply._id)
      count += 1
    }
  }
  return count
}
