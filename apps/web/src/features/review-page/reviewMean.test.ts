import { describe, expect, it } from 'vitest'
import { reviewMean } from './reviewMean'

describe('reviewMean', () => {
  it('averages the five ratings to one decimal', () => {
    expect(reviewMean({ soundness: 4, novelty: 3, clarity: 5, reproducibility: 2, significance: 5 })).toBe(
      3.8,
    )
    expect(reviewMean({ soundness: 1, novelty: 2, clarity: 2, reproducibility: 2, significance: 2 })).toBe(
      1.8,
    )
  })
})
