import { describe, expect, it } from 'vitest'
import { directionOf, nextSort, parseSortParam } from './forumSort'

describe('nextSort', () => {
  it('cycles a button through descending, ascending and none', () => {
    expect(nextSort(null, 'hot')).toBe('hot_desc')
    expect(nextSort('hot_desc', 'hot')).toBe('hot_asc')
    expect(nextSort('hot_asc', 'hot')).toBeNull()
  })

  it('starts the other button at descending, whatever the current order', () => {
    expect(nextSort('hot_desc', 'recent')).toBe('recent_desc')
    expect(nextSort('hot_asc', 'recent')).toBe('recent_desc')
    expect(nextSort('recent_asc', 'hot')).toBe('hot_desc')
  })
})

describe('the Highest rated button', () => {
  it('turns the rating order on and off, from any other order', () => {
    expect(nextSort('hot_asc', 'rating')).toBe('rating_desc')
    expect(nextSort('rating_desc', 'rating')).toBeNull()
    expect(nextSort('rating_desc', 'hot')).toBe('hot_desc')
    expect(directionOf('rating_desc', 'rating')).toBe('desc')
    expect(parseSortParam('rating_desc')).toBe('rating_desc')
  })
})

describe('directionOf', () => {
  it('names the direction of the active button only', () => {
    expect(directionOf('recent_asc', 'recent')).toBe('asc')
    expect(directionOf('recent_asc', 'hot')).toBeNull()
    expect(directionOf(null, 'hot')).toBeNull()
  })
})

describe('parseSortParam', () => {
  it('accepts the four chosen orders and nothing else', () => {
    expect(parseSortParam('hot_asc')).toBe('hot_asc')
    expect(parseSortParam('time_desc')).toBeNull()
    expect(parseSortParam('HOT_DESC')).toBeNull()
    expect(parseSortParam(null)).toBeNull()
  })
})
