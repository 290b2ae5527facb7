import { useTranslation } from 'react-i18next'
import { formatCompact, useIntlLocale } from '../../ui/format'
import { useSiteFigures } from '../../ui/useSiteStats'
import { useReveal } from './useReveal'

/** The strip's name (and label key) for each of the site's figures. */
const FIGURE_NAMES = {
  members: 'researchers',
  posts: 'outputs',
  comments: 'discussions',
  tokens_earned: 'tokens',
} as const

/**
 * The statistics strip: members, posts, comments and tokens earned (the forum hero's figure, under the
 * same name), compact in the reader's language.
 */
export function HomeStats() {
  const { t } = useTranslation('home')
  const locale = useIntlLocale()
  const { stats, figures } = useSiteFigures(FIGURE_NAMES)
  const reveal = useReveal<HTMLDListElement>()
  return (
    <section className="home-stats" aria-labelledby="home-stats-title">
      <div className="container">
        <h2 id="home-stats-title" className="visually-hidden">
          {t('stats.title')}
        </h2>
        <dl className="home-stats__grid" aria-busy={stats.isPending} {...reveal}>
          {figures.map(({ key, value }) => (
            <div key={key} className="home-stat" data-stat={key}>
              <dt className="home-stat__label">{t(`stats.${key}`)}</dt>
              {/* The figure's box is sized before it arrives: no shift when it does. */}
              <dd
                className="home-stat__value"
                title={value === undefined ? undefined : value.toLocaleString(locale)}
              >
                {value === undefined ? (
                  <>
                    <span aria-hidden="true">–</span>
                    {stats.isPending && <span className="visually-hidden">{t('stats.loading')}</span>}
                  </>
                ) : (
                  formatCompact(value, locale)
                )}
              </dd>
            </div>
          ))}
        </dl>
        {stats.isError && <p className="home-stats__note">{t('stats.unavailable')}</p>}
      </div>
    </section>
  )
}
