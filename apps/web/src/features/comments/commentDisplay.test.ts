import type { CommentView, ModerationState } from '@agora/contract'
import { describe, expect, it } from 'vitest'
import { commentDisplay } from './commentDisplay'
import { sampleComment } from './sampleComment'

function comment(userId: string, moderation?: ModerationState): CommentView {
  return sampleComment({
    userId,
    username: userId,
    display_name: userId,
    content: moderation && !moderation.reason ? '' : 'text',
    ...(moderation ? { moderation } : {}),
  })
}

const hidden = (reason: string): ModerationState => ({
  state: 'hidden',
  reason,
  at: '2026-01-02T00:00:00.000Z',
  review_requested: false,
})
const none = new Set<string>()

describe('commentDisplay', () => {
  it('shows a comment deleted above its replies as a placeholder, to anyone', () => {
    const placeholder = sampleComment({
      userId: '',
      username: '',
      display_name: '',
      content: '',
      deleted: true,
    })
    for (const viewer of [null, 'ada', ''])
      expect(commentDisplay(placeholder, viewer, new Set(['']))).toEqual({ kind: 'deleted' })
  })

  it('shows a plain comment as itself, to anyone', () => {
    expect(commentDisplay(comment('bob'), null, none)).toEqual({ kind: 'shown', moderation: null })
    expect(commentDisplay(comment('bob'), 'ada', none)).toEqual({ kind: 'shown', moderation: null })
  })

  it('treats a "visible" moderation state as none', () => {
    const visible = { ...hidden(''), state: 'visible' as const }
    expect(commentDisplay(comment('bob', visible), 'ada', none)).toEqual({ kind: 'shown', moderation: null })
  })

  it('keeps only the place of a comment others had taken away', () => {
    const state = hidden('')
    expect(commentDisplay(comment('bob', state), 'ada', none)).toEqual({
      kind: 'tombstone',
      moderation: state,
    })
    expect(commentDisplay(comment('bob', state), null, none)).toEqual({
      kind: 'tombstone',
      moderation: state,
    })
  })

  it('shows its author (and a moderator, who gets the reason) why it was taken away', () => {
    const state = hidden('Spam link')
    expect(commentDisplay(comment('bob', state), 'bob', none)).toEqual({ kind: 'shown', moderation: state })
    expect(commentDisplay(comment('bob', state), 'mod', none)).toEqual({ kind: 'shown', moderation: state })
  })

  it('folds the comments of someone the reader blocked, never the reader’s own', () => {
    const blocked = new Set(['bob'])
    expect(commentDisplay(comment('bob'), 'ada', blocked)).toEqual({ kind: 'blocked' })
    expect(commentDisplay(comment('bob'), 'bob', blocked)).toEqual({ kind: 'shown', moderation: null })
  })

  it('draws a tombstone rather than a fold: there is nothing to show', () => {
    expect(commentDisplay(comment('bob', hidden('')), 'ada', new Set(['bob'])).kind).toBe('tombstone')
  })
})
