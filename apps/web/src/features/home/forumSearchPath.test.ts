import { describe, expect, it } from 'vitest'
import { forumSearchPath } from './forumSearchPath'

describe('forumSearchPath', () => {
  it('trims and URL-encodes the query', () => {
    expect(forumSearchPath('  graph neural  ')).toBe('/forum?search=graph%20neural')
    expect(forumSearchPath('C++ & #tags?')).toBe('/forum?search=C%2B%2B%20%26%20%23tags%3F')
    expect(forumSearchPath('量子 计算')).toBe('/forum?search=%E9%87%8F%E5%AD%90%20%E8%AE%A1%E7%AE%97')
  })

  it('gives nothing for a blank query', () => {
    expect(forumSearchPath('')).toBeNull()
    expect(forumSearchPath(' \t\n ')).toBeNull()
  })
})
