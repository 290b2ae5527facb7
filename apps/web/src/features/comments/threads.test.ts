import type { CommentView } from '@agora/contract'
import { describe, expect, it } from 'vitest'
import { sampleComment } from './sampleComment'
import {
  type CommentsPage,
  groupThreads,
  insertComment,
  locateComment,
  nextSkip,
  patchComment,
  removeComment,
  repliesBelow,
  toPage,
} from './threads'

let clock = 0

function comment(id: string, parent: CommentView | null, userId = 'u1'): CommentView {
  clock += 1
  const level = !parent ? 1 : parent.level === 1 ? 2 : 3
  return sampleComment({
    _id: id,
    userId,
    username: userId,
    display_name: userId,
    content: id,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, clock)).toISOString(),
    level,
    parentId: parent?._id ?? null,
    rootId: parent ? (parent.rootId ?? parent._id) : null,
  })
}

/** A top-level comment, then one reply under another: each id answers the one before it. */
function replyChain(...chain: string[]): CommentView[] {
  const made: CommentView[] = []
  for (const id of chain) made.push(comment(id, made.at(-1) ?? null))
  return made
}

const ids = (items: readonly CommentView[]) => items.map((item) => item._id)

describe('pages', () => {
  it('has more while a page holds as many top-level comments as asked', () => {
    const a = comment('a', null)
    const b = comment('b', null)
    const reply = comment('r', a)
    expect(toPage([a, reply, b], 2).hasMore).toBe(true)
    expect(toPage([a, reply], 2).hasMore).toBe(false)
  })

  it('starts the next page after the top-level comments held, whatever the replies', () => {
    const a = comment('a', null)
    const pages = [toPage([a, comment('r1', a), comment('r2', a)], 12), toPage([comment('b', null)], 12)]
    expect(nextSkip(pages)).toBe(2)
  })
})

describe('groupThreads', () => {
  it('groups each top-level comment with the replies that follow it', () => {
    const [a, a1, a11] = replyChain('a', 'a1', 'a11')
    const b = comment('b', null)
    const threads = groupThreads([toPage([a, a1, a11, b], 12)])
    expect(threads.map((thread) => [thread.top._id, ids(thread.replies)])).toEqual([
      ['a', ['a1', 'a11']],
      ['b', []],
    ])
  })

  it('keeps a thread once when two pages overlap', () => {
    const a = comment('a', null)
    const a1 = comment('a1', a)
    const b = comment('b', null)
    const threads = groupThreads([toPage([b, a, a1], 2), toPage([a, a1], 2)])
    expect(threads.map((thread) => thread.top._id)).toEqual(['b', 'a'])
    expect(ids(threads[1].replies)).toEqual(['a1'])
  })
})

describe('insertComment', () => {
  it('puts a new top-level comment first', () => {
    const a = comment('a', null)
    const b = comment('b', null)
    const next = insertComment([toPage([a], 12), toPage([], 12)], b)
    expect(next && ids(next[0].items)).toEqual(['b', 'a'])
  })

  it('puts a level-2 reply first in its thread and counts it on the parent', () => {
    const a = comment('a', null)
    const old = comment('old', a)
    const b = comment('b', null)
    const pages = [toPage([b, a, old], 12)]
    const fresh = comment('new', a)
    const next = insertComment(pages, fresh)!
    expect(ids(next[0].items)).toEqual(['b', 'a', 'new', 'old'])
    expect(next[0].items[1].replyCount).toBe(1)
  })

  it('puts a level-3 reply last under its level-2 ancestor, before the next branch', () => {
    const [a, x, x1] = replyChain('a', 'x', 'x1')
    const y = comment('y', a)
    // Display order: a, then y (newer) with its replies, then x with its replies.
    const pages = [toPage([a, y, x, x1], 12)]
    const deep = comment('x1-reply', x1)
    const next = insertComment(pages, deep)!
    expect(ids(next[0].items)).toEqual(['a', 'y', 'x', 'x1', 'x1-reply'])
    const underY = comment('y1', y)
    const after = insertComment(next, underY)!
    expect(ids(after[0].items)).toEqual(['a', 'y', 'y1', 'x', 'x1', 'x1-reply'])
  })

  it('says so when the thread is not held', () => {
    const a = comment('a', null)
    expect(insertComment([toPage([comment('b', null)], 12)], comment('r', a))).toBeNull()
  })

  it('adds nothing twice', () => {
    const a = comment('a', null)
    const next = insertComment([toPage([a], 12)], a)!
    expect(ids(next[0].items)).toEqual(['a'])
  })
})

describe('removeComment', () => {
  it('takes the comment out with every reply below it and lowers the parent count', () => {
    const a = { ...comment('a', null), replyCount: 2 }
    const x = { ...comment('x', a), replyCount: 1 }
    const x1 = comment('x1', x, 'u2')
    const x11 = comment('x11', x1)
    const y = comment('y', a)
    const b = comment('b', null)
    const { pages, removed } = removeComment([toPage([a, y, x, x1, x11], 12), toPage([b], 12)], 'x')
    expect(ids(pages[0].items)).toEqual(['a', 'y'])
    expect(pages[0].items[0].replyCount).toBe(1)
    expect(ids(removed)).toEqual(['x', 'x1', 'x11'])
    expect(pages[1].items).toHaveLength(1)
  })

  it('takes a whole thread out with its top-level comment', () => {
    const a = comment('a', null)
    const a1 = comment('a1', a)
    const b = comment('b', null)
    const { pages, removed } = removeComment([toPage([a, a1, b], 12)], 'a')
    expect(ids(pages[0].items)).toEqual(['b'])
    expect(ids(removed)).toEqual(['a', 'a1'])
  })

  it('removes nothing for an unknown id', () => {
    const pages: CommentsPage[] = [toPage([comment('a', null)], 12)]
    expect(removeComment(pages, 'nope').removed).toEqual([])
  })
})

describe('patchComment and locateComment', () => {
  it('changes one comment only', () => {
    const a = comment('a', null)
    const b = comment('b', null)
    const next = patchComment([toPage([a, b], 12)], 'b', (item) => ({ ...item, likes: 3 }))
    expect(next[0].items.map((item) => item.likes)).toEqual([0, 3])
  })

  it('tells whether a reply is hidden while its thread is folded', () => {
    const a = comment('a', null)
    const first = comment('first', a)
    const second = comment('second', a)
    const threads = groupThreads([toPage([a, second, first], 12)])
    expect(locateComment(threads, 'a')).toEqual({ rootId: 'a', hiddenWhenFolded: false })
    expect(locateComment(threads, 'second')).toEqual({ rootId: 'a', hiddenWhenFolded: false })
    expect(locateComment(threads, 'first')).toEqual({ rootId: 'a', hiddenWhenFolded: true })
    expect(locateComment(threads, 'gone')).toBeNull()
  })
})

describe('repliesBelow', () => {
  it('counts every reply under a comment, all of them under a top-level one', () => {
    const [a, x, x1, x11] = replyChain('a', 'x', 'x1', 'x11')
    const y = comment('y', a)
    const [thread] = groupThreads([toPage([a, y, x, x1, x11], 12)])
    expect(repliesBelow(thread, 'a')).toBe(4)
    expect(repliesBelow(thread, 'x')).toBe(2)
    expect(repliesBelow(thread, 'x1')).toBe(1)
    expect(repliesBelow(thread, 'y')).toBe(0)
  })
})
