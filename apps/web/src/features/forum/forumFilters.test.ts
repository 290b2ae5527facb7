import { describe, expect, it } from 'vitest'
import { activeFilterCount, filtersFromParams, NO_FILTERS, withFilters } from './forumFilters'

describe('forum filters in the URL', () => {
  it('reads the filters and ignores what cannot be one', () => {
    const params = new URLSearchParams(
      'tag=%23cells&type=image&author=@ada&from=2026-03-01&to=soon&reviewed=true&search=x',
    )
    expect(filtersFromParams(params)).toEqual({
      tag: 'cells',
      type: 'image',
      author: 'ada',
      from: '2026-03-01',
      to: '',
      reviewed: 'true',
    })
    expect(filtersFromParams(new URLSearchParams('type=hologram&reviewed=yes'))).toEqual(NO_FILTERS)
  })

  it('writes them beside the other parameters, removes the empty ones and orders the days', () => {
    const params = new URLSearchParams('search=x&tag=old&author=bo')
    const next = withFilters(params, {
      ...NO_FILTERS,
      tag: 'cells',
      from: '2026-03-05',
      to: '2026-03-01',
      reviewed: 'true',
    })
    expect(next.toString()).toBe('search=x&tag=cells&from=2026-03-01&to=2026-03-05&reviewed=true')
    expect(activeFilterCount(filtersFromParams(next))).toBe(4)
  })
})
