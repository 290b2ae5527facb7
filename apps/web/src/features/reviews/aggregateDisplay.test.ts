import type { ReviewAggregate } from '@agora/contract'
import { describe, expect, it } from 'vitest'
import { criterionSummaries, formatMean, scoreBars } from './aggregateDisplay'

describe('scoreBars', () => {
  it('measures each bar against the tallest', () => {
    expect(scoreBars([0, 1, 0, 4, 2])).toEqual([
      { score: 1, count: 0, share: 0 },
      { score: 2, count: 1, share: 0.25 },
      { score: 3, count: 0, share: 0 },
      { score: 4, count: 4, share: 1 },
      { score: 5, count: 2, share: 0.5 },
    ])
  })

  it('draws flat bars while nobody rated', () => {
    expect(scoreBars([0, 0, 0, 0, 0]).map((bar) => bar.share)).toEqual([0, 0, 0, 0, 0])
  })
})

describe('formatMean', () => {
  it('gives one decimal in the reader’s numbers', () => {
    expect(formatMean(3.456, 'en')).toBe('3.5')
    expect(formatMean(4, 'en')).toBe('4.0')
    expect(formatMean(3.25, 'de')).toBe('3,3')
  })

  it('has nothing to show without ratings', () => {
    expect(formatMean(null, 'en')).toBeNull()
  })
})

describe('criterionSummaries', () => {
  it('lists the five criteria in the form’s order with their counts and means', () => {
    const none = { mean: null, weighted_mean: null, distribution: [0, 0, 0, 0, 0] }
    const aggregate: ReviewAggregate = {
      count: 2,
      criteria: {
        soundness: { mean: 3.5, weighted_mean: 3.8, distribution: [0, 0, 1, 1, 0] },
        novelty: none,
        clarity: none,
        reproducibility: none,
        significance: none,
      },
    }
    const summaries = criterionSummaries(aggregate, 'en')
    expect(summaries.map((summary) => summary.name)).toEqual([
      'soundness',
      'novelty',
      'clarity',
      'reproducibility',
      'significance',
    ])
    expect(summaries[0]).toMatchObject({ count: 2, mean: '3.5', weightedMean: '3.8' })
    expect(summaries[1]).toMatchObject({ count: 0, mean: null, weightedMean: null })
  })
})
