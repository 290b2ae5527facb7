import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Loading } from '../../ui/Loading'
import { useMyRewards } from './rewardQueries'
import { useTokenText } from './useTokenText'
import '../../ui/Card.css'
import './rewards.css'

export interface RewardsCardProps {
  userId: string
  /** Where the Rewards tab is (the card links to it). */
  tabHref: string
  className?: string
}

/** The own page's rewards at a glance: balance, what can be claimed now, everything earned. */
export function RewardsCard({ userId, tabHref, className }: RewardsCardProps) {
  const { t } = useTranslation('rewards')
  const tokens = useTokenText()
  const { summary, ledger } = useMyRewards(userId)
  return (
    <section
      className={['card card--raised rewards-card', className].filter(Boolean).join(' ')}
      aria-labelledby="rewards-card-title"
    >
      <h2 id="rewards-card-title" className="rewards-card__title">
        {t('title')}
      </h2>
      <p className="rewards-muted" data-testid="rewards-what">
        {t('card.what')}
      </p>
      {summary ? (
        <dl className="rewards-figures" data-testid="rewards-figures">
          <div className="rewards-figures__item rewards-figures__item--main">
            <dt>{t('card.balance')}</dt>
            <dd data-testid="rewards-balance">{tokens(summary.balance)}</dd>
          </div>
          <div className="rewards-figures__item">
            <dt>{t('card.claimable')}</dt>
            <dd data-testid="rewards-claimable">{tokens(summary.claimable)}</dd>
          </div>
          <div className="rewards-figures__item">
            <dt>{t('card.earned')}</dt>
            <dd>{tokens(summary.earned_total)}</dd>
          </div>
        </dl>
      ) : ledger.error ? (
        <p className="rewards-muted">{t('failed')}</p>
      ) : (
        <Loading text={t('card.loading')} />
      )}
      <Link className="rewards-card__link" to={tabHref}>
        {t('card.open')}
      </Link>
    </section>
  )
}
