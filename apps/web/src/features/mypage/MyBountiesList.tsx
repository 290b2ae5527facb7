import type { BountyView } from '@agora/contract'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AuthorName } from '../../ui/AuthorName'
import { formatUtcDay, numberFormat, useIntlLocale } from '../../ui/format'
import { postPath } from '../../ui/links'
import { Notice } from '../../ui/Notice'
import { QueryState } from '../../ui/QueryState'
import { useMyBounties } from './useMyBounties'
import '../../ui/Card.css'
import '../../ui/PagedList.css'

/** The review bounties the reader funded: the work, the figures, the status and who was awarded. */
export function MyBountiesList({ userId }: { userId: string }) {
  const { t } = useTranslation('mypage')
  const bounties = useMyBounties(userId)
  const title = t('bounties.title')
  const items = bounties.data ?? []
  return (
    <section aria-labelledby="mypage-bounties" className="mypage-bounties">
      <div className="section-heading">
        <h2 id="mypage-bounties" className="profile-list__title">
          {title}
          {bounties.data && <span className="profile-list__count"> ({items.length})</span>}
        </h2>
      </div>
      <QueryState query={bounties} loading={t('bounties.loading')} failed={t('bounties.loadFailed')}>
        {() =>
          items.length === 0 ? (
            <Notice title={t('bounties.empty')} />
          ) : (
            <ul className="profile-list" aria-label={title}>
              {items.map((bounty) => (
                <li key={bounty.id} className="profile-list__item">
                  <BountyItem bounty={bounty} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  )
}

function BountyItem({ bounty }: { bounty: BountyView }) {
  const { t } = useTranslation('mypage')
  const locale = useIntlLocale()
  const count = (value: number) => numberFormat(locale).format(value)
  const work = bounty.post.title || t('common:postItem.untitled')
  const path = postPath({ id: bounty.post.id })
  return (
    <article className="card list-card my-bounty" data-testid="my-bounty">
      <h3 className="review-request__title">{path ? <Link to={`${path}#reviews`}>{work}</Link> : work}</h3>
      <dl className="my-bounty__figures">
        <div>
          <dt>{t('bounties.amount')}</dt>
          <dd>{t('bounties.tokens', { amount: count(bounty.amount) })}</dd>
        </div>
        <div>
          <dt>{t('bounties.remaining')}</dt>
          <dd>{t('bounties.tokens', { amount: count(bounty.remaining) })}</dd>
        </div>
        <div>
          <dt>{t('bounties.status')}</dt>
          <dd>{t(`bounties.statuses.${bounty.status}`)}</dd>
        </div>
        <div>
          <dt>{t('bounties.deadline')}</dt>
          <dd>{formatUtcDay(bounty.deadline, locale)}</dd>
        </div>
      </dl>
      {bounty.awards.length > 0 ? (
        <ul className="my-bounty__awards" aria-label={t('bounties.awardsOf', { title: work })}>
          {bounty.awards.map((award) => (
            <li key={award.id}>
              <AuthorName displayName={award.reviewer.nickname} username={award.reviewer.username} />
              {': '}
              {t('bounties.tokens', { amount: count(award.amount) })}
            </li>
          ))}
        </ul>
      ) : (
        <p className="my-bounty__none">{t('bounties.noAwards')}</p>
      )}
    </article>
  )
}
