import type { RewardRule } from '@agora/contract'
import { useTranslation } from 'react-i18next'
import { Loading } from '../../ui/Loading'
import { toUnits } from './amounts'
import { useRewardRules } from './rewardQueries'
import { useTokenText } from './useTokenText'
import '../../ui/Card.css'
import './rewards.css'

/** Only the rules that pay: the ledger's own bookkeeping reasons (claim, refund, reversal) are not ways to earn. */
const earns = (rule: RewardRule) =>
  toUnits(rule.amount) > 0n && !['claim', 'claim_refund', 'reversal'].includes(rule.reason)

/** The rules as the server applies them (GET /rewards/rules), in words. */
export function HowToEarn() {
  const { t } = useTranslation('rewards')
  const tokens = useTokenText()
  const rules = useRewardRules()
  return (
    <section className="card card--raised rewards-panel" aria-labelledby="how-to-earn-title">
      <h2 id="how-to-earn-title" className="rewards-section__title">
        {t('rules.title')}
      </h2>
      {rules.isPending ? (
        <Loading />
      ) : rules.isError ? (
        <p className="rewards-muted">{t('rules.failed')}</p>
      ) : (
        <>
          <ul className="rewards-rules">
            {rules.data.rules.filter(earns).map((rule) => (
              <li key={rule.reason}>
                <span>{t(`reason.${rule.reason}`)}</span>
                <span className="rewards-rules__amount">
                  {tokens(rule.amount, { signed: true })}
                  {rule.daily_cap !== null && (
                    <span className="rewards-muted"> · {t('rules.cap', { count: rule.daily_cap })}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
          <p className="rewards-muted">{t('rules.fair')}</p>
          {rules.data.min_account_age_hours > 0 && (
            <p className="rewards-muted">
              {t('rules.accountAge', { count: rules.data.min_account_age_hours })}
            </p>
          )}
          {rules.data.hold_hours > 0 && (
            <p className="rewards-muted">{t('rules.hold', { count: rules.data.hold_hours })}</p>
          )}
          <p className="rewards-muted">{t('rules.minClaim', { tokens: tokens(rules.data.min_claim) })}</p>
        </>
      )}
    </section>
  )
}
