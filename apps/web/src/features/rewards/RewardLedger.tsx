import type { RewardEntry } from '@agora/contract'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useSession } from '../../app/useSession'
import { formatFull, parseTimestamp, useIntlLocale } from '../../ui/format'
import { postPath } from '../../ui/links'
import { Notice } from '../../ui/Notice'
import { ListHeading, PagedListView } from '../../ui/PagedListView'
import { Timestamp } from '../../ui/Timestamp'
import { useMyRewards, useRewardRules } from './rewardQueries'
import { entryReasonKey } from './rewardText'
import { useTokenText } from './useTokenText'
import '../../ui/Card.css'

const entryIdOf = (entry: RewardEntry) => entry.id

/** What earned (and spent) the balance, newest first, a page at a time. */
export function RewardLedger({ userId }: { userId: string }) {
  const { t } = useTranslation('rewards')
  const { ledger } = useMyRewards(userId)
  return (
    <section className="rewards-section" aria-labelledby="rewards-ledger-title">
      <ListHeading
        id="rewards-ledger-title"
        title={t('ledger.title')}
        onRefresh={ledger.refresh}
        refreshing={ledger.isRefreshing}
      />
      <PagedListView
        list={ledger}
        label={t('ledger.title')}
        loadingText={t('ledger.loading')}
        empty={<EmptyLedger />}
        idOf={entryIdOf}
        renderItem={(entry) => <LedgerEntry entry={entry} />}
      />
    </section>
  )
}

/**
 * Nothing earned yet: how to earn — and, for an account still too new to earn, from when it will
 * (the rules' minimum account age), so "0 tokens" after a first post is not a riddle.
 */
function EmptyLedger() {
  const { t } = useTranslation('rewards')
  const locale = useIntlLocale()
  const rules = useRewardRules()
  const { user } = useSession()
  const hours = rules.data?.min_account_age_hours ?? 0
  const joined = parseTimestamp(user?.created_at)
  const earnsFrom = joined && hours > 0 ? new Date(joined.getTime() + hours * 3600_000) : null
  return (
    <Notice title={t('ledger.emptyTitle')}>
      {earnsFrom && earnsFrom.getTime() > Date.now()
        ? t('ledger.waiting', { count: hours, time: formatFull(earnsFrom, locale) })
        : t('ledger.emptyText')}
    </Notice>
  )
}

function LedgerEntry({ entry }: { entry: RewardEntry }) {
  const { t } = useTranslation('rewards')
  const tokens = useTokenText()
  const path = entry.source.post_id ? postPath({ id: entry.source.post_id }) : null
  const negative = entry.amount.startsWith('-')
  return (
    <article className="card rewards-entry" data-testid="reward-entry">
      <p className="rewards-entry__reason">{t(entryReasonKey(entry))}</p>
      <p className={negative ? 'rewards-entry__amount rewards-entry__amount--out' : 'rewards-entry__amount'}>
        {tokens(entry.amount, { signed: true })}
      </p>
      <p className="rewards-entry__meta">
        <Timestamp value={entry.created_at} />
        {path && <Link to={path}>{t('ledger.viewPost')}</Link>}
      </p>
    </article>
  )
}
