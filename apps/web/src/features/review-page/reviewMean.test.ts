import { describe, expect, it } from 'vitest'
import { CRITERIA, reviewMean } from './reviewMean'

describe('reviewMean', () => {
  it('knows the five criteria in the form’s order', () => {
    expect(CRITERIA).toEqual(['soundness', 'novelty', 'clarity', 'reproducibility', 'significance'])
  })

  it('averages the five ratings to one decimal', () => {
    expect(reviewMean({ soundness: 4, novelty: 3, clarity: 5, reproducibility: 2, significance: 5 })).toBe(
      3.8,
    )
    expect(reviewMean({ soundness: 1, novelty: 2, clarity: 2, reproducibility: 2, significance: 2 })).toBe(
      1.8,
    )
  })
})
