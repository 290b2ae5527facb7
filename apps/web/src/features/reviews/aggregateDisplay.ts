import type { ReviewAggregate } from '@agora/contract'
import { REVIEW_CRITERIA, type ReviewCriterion } from '../../api/reviews'
import { numberFormat } from '../../ui/format'

/** One bar of a criterion's chart: how many gave `score`, and its height against the tallest bar. */
export interface ScoreBar {
  score: number
  count: number
  /** 0 to 1; 0 for every bar while nobody rated. */
  share: number
}

/** A criterion as the aggregate shows it. */
export interface CriterionSummary {
  name: ReviewCriterion
  bars: ScoreBar[]
  /** How many rated it (the distribution's total). */
  count: number
  mean: string | null
  weightedMean: string | null
}

export function scoreBars(distribution: readonly number[]): ScoreBar[] {
  const tallest = Math.max(0, ...distribution)
  return distribution.map((count, index) => ({
    score: index + 1,
    count,
    share: tallest === 0 ? 0 : count / tallest,
  }))
}

/** A mean to one decimal in the reader's numbers ("3.5"), or null when there is none. */
export function formatMean(mean: number | null, locale: string): string | null {
  if (mean === null || !Number.isFinite(mean)) return null
  return numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(mean)
}

/** Every criterion of the aggregate, in the order the form asks for them. */
export function criterionSummaries(aggregate: ReviewAggregate, locale: string): CriterionSummary[] {
  return REVIEW_CRITERIA.map((name) => {
    const { distribution, mean, weighted_mean } = aggregate.criteria[name]
    return {
      name,
      bars: scoreBars(distribution),
      count: distribution.reduce((sum, count) => sum + count, 0),
      mean: formatMean(mean, locale),
      weightedMean: formatMean(weighted_mean, locale),
    }
  })
}
