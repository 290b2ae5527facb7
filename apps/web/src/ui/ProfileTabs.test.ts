import { describe, expect, it } from 'vitest'
import { sidewaysToShow } from './ProfileTabs'

describe('sidewaysToShow', () => {
  const strip = { left: 0, right: 375 }
  it('leaves a tab in sight where it is', () => {
    expect(sidewaysToShow(strip, { left: 100, right: 200 })).toBe(0)
  })
  it('scrolls right just enough to show a tab past the right edge, left for one past the left', () => {
    expect(sidewaysToShow(strip, { left: 340, right: 460 })).toBe(85)
    expect(sidewaysToShow(strip, { left: -60, right: 40 })).toBe(-60)
  })
  it('shows a tab wider than the strip from its start', () => {
    expect(sidewaysToShow(strip, { left: 400, right: 900 })).toBe(400)
  })
})
