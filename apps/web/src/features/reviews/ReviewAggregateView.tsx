import type { ReviewAggregate } from '@agora/contract'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useIntlLocale } from '../../ui/format'
import { type CriterionSummary, criterionSummaries } from './aggregateDisplay'

/**
 * The ratings of every review not withdrawn: per criterion how many gave each score (a bar chart, and
 * the same figures as a table for screen readers), the mean and the mean weighted by confidence.
 */
export function ReviewAggregateView({ aggregate }: { aggregate: ReviewAggregate }) {
  const { t } = useTranslation('reviews')
  const locale = useIntlLocale()
  const titleId = useId()
  return (
    <section className="review-aggregate" aria-labelledby={titleId}>
      <div className="review-aggregate__head">
        <h3 id={titleId} className="review-aggregate__title">
          {t('aggregate.title')}
        </h3>
        <p className="review-aggregate__count">{t('aggregate.count', { count: aggregate.count })}</p>
      </div>
      <ul className="review-aggregate__criteria">
        {criterionSummaries(aggregate, locale).map((summary) => (
          <CriterionChart key={summary.name} summary={summary} />
        ))}
      </ul>
    </section>
  )
}

function CriterionChart({ summary }: { summary: CriterionSummary }) {
  const { t } = useTranslation('reviews')
  const name = t(`criteria.${summary.name}`)
  const none = t('aggregate.noMean')
  return (
    <li className="review-criterion" data-criterion={summary.name}>
      <h4 className="review-criterion__name">{name}</h4>
      <dl className="review-criterion__figures">
        <div>
          <dt>{t('aggregate.mean')}</dt>
          <dd className="review-criterion__mean">{summary.mean ?? none}</dd>
        </div>
        <div>
          <dt>{t('aggregate.weightedMean')}</dt>
          <dd>{summary.weightedMean ?? none}</dd>
        </div>
        <div>
          <dt>{t('aggregate.ratings')}</dt>
          <dd>{summary.count}</dd>
        </div>
      </dl>
      {/* The bars are for the eye; the table below says the same to a screen reader. */}
      <div className="review-chart" aria-hidden="true">
        {summary.bars.map((bar) => (
          <div key={bar.score} className="review-chart__column">
            <span className="review-chart__count">{bar.count}</span>
            <span className="review-chart__track">
              <span className="review-chart__bar" style={{ blockSize: `${Math.round(bar.share * 100)}%` }} />
            </span>
            <span className="review-chart__score">{bar.score}</span>
          </div>
        ))}
      </div>
      <table className="visually-hidden">
        <caption>{t('aggregate.chart', { criterion: name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('aggregate.score')}</th>
            <th scope="col">{t('aggregate.reviews')}</th>
          </tr>
        </thead>
        <tbody>
          {summary.bars.map((bar) => (
            <tr key={bar.score}>
              <th scope="row">{bar.score}</th>
              <td>{bar.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </li>
  )
}
