import type { ReviewView } from '@agora/contract'
import { describe, expect, it } from 'vitest'
import {
  draftOf,
  emptyDraft,
  type ReviewDraft,
  reviewProblems,
  toCreateRequest,
  toEditRequest,
} from './reviewForm'

const filled = (): ReviewDraft => ({
  ...emptyDraft(2),
  summary: `  ${'a'.repeat(200)}  `,
  ratings: { soundness: 4, novelty: 3, clarity: 5, reproducibility: 2, significance: 4 },
  confidence: 3,
  competingInterests: ' None ',
})

describe('reviewProblems', () => {
  it('finds nothing in a complete draft', () => {
    expect(reviewProblems(filled())).toEqual({})
  })

  it('names every field a new draft lacks', () => {
    expect(reviewProblems(emptyDraft(1))).toEqual({
      summary: 'summaryShort',
      soundness: 'scoreMissing',
      novelty: 'scoreMissing',
      clarity: 'scoreMissing',
      reproducibility: 'scoreMissing',
      significance: 'scoreMissing',
      confidence: 'scoreMissing',
      competingInterests: 'interestsMissing',
    })
  })

  it('judges the summary trimmed, as the server does', () => {
    expect(reviewProblems({ ...filled(), summary: ` ${'a'.repeat(199)}${' '.repeat(20)}` }).summary).toBe(
      'summaryShort',
    )
  })

  it('counts characters as code points: 200 emoji are 200 characters', () => {
    expect(reviewProblems({ ...filled(), summary: '🔬'.repeat(200) }).summary).toBeUndefined()
    expect(reviewProblems({ ...filled(), summary: '🔬'.repeat(20_001) }).summary).toBe('summaryLong')
  })

  it('wants competing interests said, within 2,000 characters', () => {
    expect(reviewProblems({ ...filled(), competingInterests: '   ' }).competingInterests).toBe(
      'interestsMissing',
    )
    expect(reviewProblems({ ...filled(), competingInterests: 'x'.repeat(2_001) }).competingInterests).toBe(
      'interestsLong',
    )
  })
})

describe('requests', () => {
  it('sends the trimmed texts and the version', () => {
    expect(toCreateRequest(filled())).toEqual({
      version: 2,
      summary: 'a'.repeat(200),
      ratings: { soundness: 4, novelty: 3, clarity: 5, reproducibility: 2, significance: 4 },
      confidence: 3,
      competing_interests: 'None',
    })
  })

  it('names the base revision of an edit and never the version', () => {
    const edit = toEditRequest(filled(), 3)
    expect(edit.base_revision).toBe(3)
    expect(edit).not.toHaveProperty('version')
  })

  it('refuses to build a request from an incomplete draft', () => {
    expect(() => toCreateRequest(emptyDraft(1))).toThrow()
  })

  it('fills the form from a review to edit', () => {
    const review = {
      version: 1,
      summary: 'text',
      ratings: { soundness: 1, novelty: 2, clarity: 3, reproducibility: 4, significance: 5 },
      confidence: 2,
      competing_interests: 'None',
    } as ReviewView
    expect(draftOf(review)).toEqual({
      version: 1,
      summary: 'text',
      ratings: review.ratings,
      confidence: 2,
      competingInterests: 'None',
    })
  })
})
