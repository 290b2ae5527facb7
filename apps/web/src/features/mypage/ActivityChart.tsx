import type { ActivityDay, ActivitySummary } from '@agora/contract'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useIntlLocale } from '../../ui/format'
import { TableHead } from '../../ui/TableHead'
import '../../ui/Card.css'

/** Points per kind of contribution, as the server counts them for the level (README, contract). */
const POINTS = { posts: 3, comments: 2, likes: 1 } as const
const KINDS = ['posts', 'comments', 'likes'] as const

export interface ActivityLevelProps {
  activity: ActivitySummary
}

/** The activity level of the last 30 days: its name, a bar of the percentage and the points. */
export function ActivityLevel({ activity }: ActivityLevelProps) {
  const { t } = useTranslation('mypage')
  const labelId = useId()
  const level = t(`level.${activity.level}`, { defaultValue: activity.level })
  return (
    <div className="card activity-level">
      <div className="activity-level__head">
        <span id={labelId} className="activity-level__label">
          {t('stats.activityLevel')}
        </span>
        <span className="activity-level__name">{level}</span>
      </div>
      <div
        className="activity-level__bar"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={activity.percent}
        aria-valuetext={t('stats.levelValue', { level, percent: activity.percent })}
      >
        <span style={{ width: `${activity.percent}%` }} />
      </div>
      <p className="activity-level__note">
        {t('stats.percent', { percent: activity.percent })} · {t('stats.last30')} ·{' '}
        {t('stats.points', { count: activity.points })}
      </p>
    </div>
  )
}

function pointsOf(day: ActivityDay): number {
  return day.posts * POINTS.posts + day.comments * POINTS.comments + day.likes * POINTS.likes
}

export interface ActivityChartProps {
  days: readonly ActivityDay[]
}

/**
 * The last 30 days as stacked bars (posts, comments, likes weighted by their points). The bars are a
 * picture with a tooltip each; the same numbers are in a table for screen readers.
 */
export function ActivityChart({ days }: ActivityChartProps) {
  const { t } = useTranslation('mypage')
  const locale = useIntlLocale()
  const captionId = useId()
  const dayFormat = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' })
  const labelOf = (day: ActivityDay) => {
    const date = new Date(`${day.date}T00:00:00Z`)
    return Number.isNaN(date.getTime()) ? day.date : dayFormat.format(date)
  }
  const highest = Math.max(1, ...days.map(pointsOf))
  const totals = { posts: 0, comments: 0, likes: 0 }
  for (const day of days) for (const kind of KINDS) totals[kind] += day[kind]
  const describe = (day: ActivityDay) =>
    t('chart.day', {
      date: labelOf(day),
      posts: day.posts,
      comments: day.comments,
      likes: day.likes,
    })

  return (
    <figure className="card activity-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="activity-chart__caption">
        <span className="activity-chart__title">{t('chart.title')}</span>
        <span className="activity-chart__summary">{t('chart.summary', totals)}</span>
      </figcaption>
      <div className="activity-chart__plot" aria-hidden="true">
        {days.map((day) => {
          const points = pointsOf(day)
          return (
            <div key={day.date} className="activity-chart__day" title={describe(day)}>
              <div className="activity-chart__stack" style={{ height: `${(points / highest) * 100}%` }}>
                {KINDS.map((kind) =>
                  day[kind] > 0 ? (
                    <span
                      key={kind}
                      className={`activity-chart__segment activity-chart__segment--${kind}`}
                      style={{ flexGrow: day[kind] * POINTS[kind] }}
                    />
                  ) : null,
                )}
              </div>
            </div>
          )
        })}
      </div>
      <div className="activity-chart__axis" aria-hidden="true">
        <span>{days[0] ? labelOf(days[0]) : ''}</span>
        <span>{days.length > 0 ? labelOf(days[days.length - 1]) : ''}</span>
      </div>
      <ul className="activity-chart__legend cluster" aria-hidden="true">
        {KINDS.map((kind) => (
          <li key={kind}>
            <span className={`activity-chart__swatch activity-chart__segment--${kind}`} />
            {t(`stats.${kind}`)}
          </li>
        ))}
      </ul>
      <table className="visually-hidden">
        <caption>{t('chart.tableCaption')}</caption>
        <TableHead columns={[t('chart.date'), t('stats.posts'), t('stats.comments'), t('stats.likes')]} />
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{labelOf(day)}</th>
              <td>{day.posts}</td>
              <td>{day.comments}</td>
              <td>{day.likes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
