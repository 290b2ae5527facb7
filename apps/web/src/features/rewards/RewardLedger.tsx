import type { RewardEntry } from '@agora/contract'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { postPath } from '../../ui/links'
import { Notice } from '../../ui/Notice'
import { ListHeading, PagedListView } from '../../ui/PagedListView'
import { Timestamp } from '../../ui/Timestamp'
import { useMyRewards } from './rewardQueries'
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
        empty={<Notice title={t('ledger.emptyTitle')}>{t('ledger.emptyText')}</Notice>}
        idOf={entryIdOf}
        renderItem={(entry) => <LedgerEntry entry={entry} />}
      />
    </section>
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
