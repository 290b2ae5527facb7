import type { RewardClaim } from '@agora/contract'
import { useTranslation } from 'react-i18next'
import { errorText } from '../../ui/errorText'
import { QueryState } from '../../ui/QueryState'
import { Timestamp } from '../../ui/Timestamp'
import { useMyClaims } from './rewardQueries'
import { useTokenText } from './useTokenText'
import '../../ui/Card.css'
import '../../ui/Notice.css'

/** The user's claims, newest first: amount, status, address, the transaction (linked when an explorer can see it). */
export function ClaimHistory({ userId }: { userId: string }) {
  const { t } = useTranslation('rewards')
  const claims = useMyClaims(userId)
  return (
    <section className="rewards-section" aria-labelledby="rewards-claims-title">
      <h2 id="rewards-claims-title" className="rewards-section__title">
        {t('claims.title')}
      </h2>
      <QueryState
        query={claims}
        loading={t('claims.loading')}
        failed={errorText(claims.error, t, t('failed'))}
      >
        {(list) =>
          list.length === 0 ? (
            <p className="rewards-muted">{t('claims.empty')}</p>
          ) : (
            <ul className="rewards-claims" aria-labelledby="rewards-claims-title">
              {list.map((claim) => (
                <li key={claim.id}>
                  <ClaimItem claim={claim} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  )
}

function ClaimItem({ claim }: { claim: RewardClaim }) {
  const { t } = useTranslation('rewards')
  const tokens = useTokenText()
  return (
    <article className="card rewards-claim-item" data-testid="claim-item" data-status={claim.status}>
      <p className="rewards-claim-item__head">
        <span className="rewards-claim-item__amount">{tokens(claim.amount)}</span>
        <span className={`rewards-status rewards-status--${claim.status}`}>
          {t(`claims.state.${claim.status}`)}
        </span>
        <Timestamp value={claim.created_at} className="rewards-muted" />
      </p>
      <dl className="rewards-claim-item__details">
        <dt>{t('claims.address')}</dt>
        <dd>
          <code>{claim.address}</code>
        </dd>
        <dt>{t('claims.transaction')}</dt>
        <dd>
          {!claim.signature ? (
            <span className="rewards-muted">{t('claims.noTransaction')}</span>
          ) : claim.explorer_url ? (
            <a
              href={claim.explorer_url}
              target="_blank"
              rel="noreferrer"
              aria-label={t('claims.explorer', { signature: claim.signature })}
            >
              <code>{claim.signature}</code>
            </a>
          ) : (
            <code>{claim.signature}</code>
          )}
        </dd>
      </dl>
      {claim.status === 'failed' && claim.failure && (
        <p className="inline-notice inline-notice--failure">{claim.failure}</p>
      )}
    </article>
  )
}
