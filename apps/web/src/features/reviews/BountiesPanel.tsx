import type { BountyView } from '@agora/contract'
import { lazy, Suspense, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import { useSession } from '../../app/useSession'
import { AuthorName } from '../../ui/AuthorName'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { errorText } from '../../ui/errorText'
import { numberFormat, useIntlLocale } from '../../ui/format'
import { toast } from '../../ui/toast'
import { formatDeadline, isFunder, splitBounties } from './bountyRules'
import { useCancelBounty } from './useBounties'

const FundBountyDialog = lazy(() => import('./FundBountyDialog'))

export interface BountiesPanelProps {
  postId: string
  bounties: readonly BountyView[]
}

/**
 * A post's review bounties: the open ones (who funded it, what is left, how many reviews, when it
 * ends), the ended ones folded away, "Fund a review" for a signed-in reader and Cancel for a funder.
 */
export function BountiesPanel({ postId, bounties }: BountiesPanelProps) {
  const { t } = useTranslation('reviews')
  const headingId = useId()
  const { status } = useSession()
  const [funding, setFunding] = useState(false)
  const [cancelling, setCancelling] = useState<BountyView | null>(null)
  const cancel = useCancelBounty(postId)
  const { open, ended } = splitBounties(bounties)

  function confirmCancel() {
    if (!cancelling) return
    cancel.mutate(cancelling.id, {
      onSuccess: () => toast.success(t('bounty.cancelled'), { duration: 3000 }),
      onError: (error) => {
        if (!isApiError(error, 401)) toast.error(errorText(error, t, t('bounty.cancelFailed')))
      },
      onSettled: () => setCancelling(null),
    })
  }

  return (
    <section className="bounties" aria-labelledby={headingId}>
      <div className="bounties__head">
        <h3 id={headingId} className="bounties__heading">
          {t('bounty.heading')}
        </h3>
        {status === 'authenticated' && (
          <Button size="sm" aria-haspopup="dialog" onClick={() => setFunding(true)}>
            {t('bounty.fund')}
          </Button>
        )}
      </div>
      {open.length === 0 ? (
        <p className="bounties__empty">{t('bounty.none')}</p>
      ) : (
        <ul className="bounties__list" aria-label={t('bounty.openList')}>
          {open.map((bounty) => (
            <li key={bounty.id}>
              <BountyLine bounty={bounty} onCancel={() => setCancelling(bounty)} />
            </li>
          ))}
        </ul>
      )}
      {ended.length > 0 && (
        <details className="bounties__ended">
          <summary>{t('bounty.ended', { count: ended.length })}</summary>
          <ul className="bounties__list" aria-label={t('bounty.endedList')}>
            {ended.map((bounty) => (
              <li key={bounty.id}>
                <BountyLine bounty={bounty} />
              </li>
            ))}
          </ul>
        </details>
      )}
      <Suspense>{funding && <FundBountyDialog postId={postId} onClose={() => setFunding(false)} />}</Suspense>
      <ConfirmDialog
        open={cancelling !== null}
        title={t('bounty.cancelTitle')}
        message={t('bounty.cancelMessage')}
        confirmLabel={t('bounty.cancelConfirm')}
        cancelLabel={t('bounty.cancelKeep')}
        danger
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
      />
    </section>
  )
}

function BountyLine({ bounty, onCancel }: { bounty: BountyView; onCancel?: () => void }) {
  const { t } = useTranslation('reviews')
  const locale = useIntlLocale()
  const { basic } = useSession()
  const count = (value: number) => numberFormat(locale).format(value)
  const mine = isFunder(bounty, basic)
  return (
    <article className="bounty" data-testid="bounty">
      <p className="bounty__funder">
        {t('bounty.fundedBy')}{' '}
        <AuthorName displayName={bounty.funder.nickname} username={bounty.funder.username} />
      </p>
      <p className="bounty__figures">
        <span>{t('bounty.left', { remaining: count(bounty.remaining), amount: count(bounty.amount) })}</span>
        <span>
          {t('bounty.wanted', { count: bounty.reviews_wanted, number: count(bounty.reviews_wanted) })}
        </span>
        <span>
          {bounty.status === 'open'
            ? t('bounty.ends', { date: formatDeadline(bounty.deadline, locale) })
            : t(`bounty.status.${bounty.status}`)}
        </span>
      </p>
      {mine && onCancel && bounty.status === 'open' && (
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('bounty.cancel')}
        </Button>
      )}
    </article>
  )
}
