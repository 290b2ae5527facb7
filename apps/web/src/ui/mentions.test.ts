import { describe, expect, it } from 'vitest'
import { completeMention, mentionAt } from './mentions'

describe('mentionAt', () => {
  it('finds the name being typed after an @ at the start, after a space or a bracket', () => {
    expect(mentionAt('@mi', 3)).toEqual({ start: 0, prefix: 'mi' })
    expect(mentionAt('thanks @mira_c', 14)).toEqual({ start: 7, prefix: 'mira_c' })
    expect(mentionAt('(@李', 3)).toEqual({ start: 1, prefix: '李' })
  })

  it('is nothing for an e-mail address, a lone @, or a caret away from the name', () => {
    expect(mentionAt('ada@example', 11)).toBeNull()
    expect(mentionAt('hi @', 4)).toBeNull()
    expect(mentionAt('@mira said', 10)).toBeNull()
  })
})

describe('completeMention', () => {
  it('puts the whole name and one space, the caret after it', () => {
    const text = 'thanks @mi'
    expect(completeMention(text, 10, { start: 7, prefix: 'mi' }, 'mira_chen')).toEqual({
      text: 'thanks @mira_chen ',
      caret: 18,
    })
  })

  it('replaces the rest of a name the caret is inside, and keeps what follows', () => {
    const text = 'ask @mixx now'
    expect(completeMention(text, 7, { start: 4, prefix: 'mi' }, 'mira')).toEqual({
      text: 'ask @mira now',
      caret: 9,
    })
  })
})
