import { describe, expect, it } from 'vitest'
import { activityPath, displayUrl, postPath, safeWebUrl } from './links'

describe('links', () => {
  it('keeps only http(s) addresses and shows them without the scheme', () => {
    expect(safeWebUrl('https://ada.example.org/')).toBe('https://ada.example.org/')
    expect(safeWebUrl('javascript:alert(1)')).toBeNull()
    expect(safeWebUrl('ftp://x.org')).toBeNull()
    expect(displayUrl('https://ada.example.org/')).toBe('ada.example.org')
  })

  it('leads a post to its detail page by _id or id, and nowhere without either', () => {
    expect(postPath({ _id: 'p 1' })).toBe('/forum/detail/p%201')
    expect(postPath({ id: 'p2' })).toBe('/forum/detail/p2')
    expect(postPath({})).toBeNull()
  })

  it('follows an activity to its own route, never off-site', () => {
    expect(activityPath({ link: '/forum/detail/p1#c1', post_id: 'p1' })).toBe('/forum/detail/p1#c1')
    expect(activityPath({ link: '//evil.example', post_id: 'p1' })).toBe('/forum/detail/p1')
    expect(activityPath({ link: 'https://evil.example', post_id: '' })).toBeNull()
  })
})
