import { describe, expect, it } from 'vitest'
import { HttpError } from '../../http/errors'
import {
  COMMENT_TOO_LONG,
  EMPTY_COMMENT,
  normalizeContent,
  PARENT_ON_OTHER_POST,
  placeComment,
  type ThreadNode,
  threadOrder,
} from './comments.rules'

function statusOf(action: () => unknown): number | null {
  try {
    action()
    return null
  } catch (error) {
    return error instanceof HttpError ? error.statusCode : -1
  }
}

describe('normalizeContent', () => {
  it('trims and keeps Markdown as written', () => {
    expect(normalizeContent('  **bold** and `code`\n\n')).toBe('**bold** and `code`')
  })

  it.each(['', '   ', '\n\t  \n'])('refuses blank text %j', (text) => {
    expect(() => normalizeContent(text)).toThrow(EMPTY_COMMENT)
    expect(statusOf(() => normalizeContent(text))).toBe(400)
  })

  it('accepts exactly 5000 characters, counting an emoji as one', () => {
    expect(normalizeContent('a'.repeat(5000))).toHaveLength(5000)
    expect(normalizeContent('😀'.repeat(5000))).toHaveLength(10000)
    expect(normalizeContent(`  ${'a'.repeat(5000)}  `)).toHaveLength(5000)
  })

  it('refuses 5001 characters', () => {
    expect(() => normalizeContent('a'.repeat(5001))).toThrow(COMMENT_TOO_LONG)
    expect(() => normalizeContent('😀'.repeat(5001))).toThrow(COMMENT_TOO_LONG)
  })

  it('drops NUL characters, which the database cannot store', () => {
    expect(normalizeContent('a\u0000b')).toBe('ab')
    expect(() => normalizeContent('\u0000')).toThrow(EMPTY_COMMENT)
  })
})

describe('placeComment', () => {
  const post = 'post-1'
  it('puts a comment without parent at level 1', () => {
    expect(placeComment(post, null)).toEqual({ level: 1, parentId: null, rootId: null })
  })
  it('puts a reply to a top comment at level 2 with that comment as root', () => {
    expect(placeComment(post, { id: 'c1', post_id: post, level: 1, root_id: null })).toEqual({
      level: 2,
      parentId: 'c1',
      rootId: 'c1',
    })
  })
  it('puts replies to level 2 and level 3 at level 3 with the top comment as root', () => {
    expect(placeComment(post, { id: 'c2', post_id: post, level: 2, root_id: 'c1' })).toEqual({
      level: 3,
      parentId: 'c2',
      rootId: 'c1',
    })
    expect(placeComment(post, { id: 'c3', post_id: post, level: 3, root_id: 'c1' })).toEqual({
      level: 3,
      parentId: 'c3',
      rootId: 'c1',
    })
  })
  it('refuses a parent on another post with 400', () => {
    const parent = { id: 'c9', post_id: 'post-2', level: 1, root_id: null }
    expect(() => placeComment(post, parent)).toThrow(PARENT_ON_OTHER_POST)
    expect(statusOf(() => placeComment(post, parent))).toBe(400)
  })
})

describe('threadOrder', () => {
  let clock = 0
  const node = (id: string, level: number, parent: string | null, root: string | null): ThreadNode => ({
    id,
    level,
    parent_id: parent,
    root_id: root,
    created_at: new Date(Date.UTC(2026, 0, 1) + ++clock * 1000),
  })

  it('orders level 2 newest first, each followed by its level-3 descendants oldest first', () => {
    clock = 0
    const top = node('T', 1, null, null)
    const a = node('A', 2, 'T', 'T') // older branch
    const a1 = node('A1', 3, 'A', 'T')
    const b = node('B', 2, 'T', 'T') // newer branch
    const a2 = node('A2', 3, 'A1', 'T') // reply to a reply of a reply, still under A
    const b1 = node('B1', 3, 'B', 'T')
    const ids = threadOrder([top], [b1, a2, a1, b, a]).map((n) => n.id)
    expect(ids).toEqual(['T', 'B', 'B1', 'A', 'A1', 'A2'])
  })

  it('keeps the order of the top comments and drops replies of other threads', () => {
    clock = 0
    const t1 = node('T1', 1, null, null)
    const t2 = node('T2', 1, null, null)
    const r2 = node('R2', 2, 'T2', 'T2')
    const stray = node('S', 2, 'TX', 'TX')
    const orphan = node('O', 3, 'missing', 'T2')
    expect(threadOrder([t2, t1], [stray, r2, orphan]).map((n) => n.id)).toEqual(['T2', 'R2', 'T1'])
  })

  it('breaks ties in time by id so pages are stable', () => {
    const at = new Date('2026-01-01T00:00:00Z')
    const top: ThreadNode = { id: 'T', level: 1, parent_id: null, root_id: null, created_at: at }
    const x: ThreadNode = { id: 'x', level: 2, parent_id: 'T', root_id: 'T', created_at: at }
    const y: ThreadNode = { id: 'y', level: 2, parent_id: 'T', root_id: 'T', created_at: at }
    expect(threadOrder([top], [x, y]).map((n) => n.id)).toEqual(['T', 'y', 'x'])
  })
})
