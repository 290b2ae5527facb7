import type { BlockedUser } from '@agora/contract'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useMyBlocks, useSetBlock } from '../../app/useBlocks'
import { Avatar } from '../../ui/Avatar'
import { Button } from '../../ui/Button'
import { Notice } from '../../ui/Notice'
import { QueryState } from '../../ui/QueryState'
import { Timestamp } from '../../ui/Timestamp'
import { toast } from '../../ui/toast'
import '../../ui/Card.css'
import '../../ui/PagedList.css'

/**
 * The people one blocked, newest first, each with Unblock. After an unblock the row is
 * gone, so keyboard users continue at the heading.
 */
export function BlockedList() {
  const { t } = useTranslation('mypage')
  const heading = useRef<HTMLHeadingElement>(null)
  const blocks = useMyBlocks()
  const unblock = useSetBlock()
  const title = t('blocked.title')
  const items = blocks.data?.items ?? []

  function press(user: BlockedUser) {
    unblock.mutate(
      { userId: user.id, block: false },
      {
        onSuccess: () => {
          heading.current?.focus({ preventScroll: true })
          toast.success(t('blocked.unblocked', { name: nameOf(user) }), { duration: 3000 })
        },
      },
    )
  }

  return (
    <section aria-labelledby="mypage-blocked" className="mypage-blocked">
      <div className="section-heading">
        <h2 id="mypage-blocked" ref={heading} tabIndex={-1} className="profile-list__title">
          {title}
          {blocks.data && <span className="profile-list__count"> ({items.length})</span>}
        </h2>
      </div>
      <p className="mypage-blocked__lead">{t('blocked.lead')}</p>
      <QueryState query={blocks} loading={t('blocked.loading')} failed={t('blocked.loadFailed')}>
        {() =>
          items.length === 0 ? (
            <Notice title={t('blocked.empty')} />
          ) : (
            <ul className="profile-list" aria-label={title}>
              {items.map((user) => (
                <li key={user.id} className="profile-list__item">
                  <article className="card list-card blocked-user">
                    <Link to={`/author/${encodeURIComponent(user.id)}`} className="blocked-user__person">
                      <Avatar src={user.avatar} name={nameOf(user)} size={40} />
                      <span className="blocked-user__names">
                        <span className="blocked-user__name">{nameOf(user)}</span>
                        {nameOf(user) !== user.username && (
                          <span className="blocked-user__username">@{user.username}</span>
                        )}
                      </span>
                    </Link>
                    <p className="blocked-user__when">
                      {t('blocked.since')} <Timestamp value={user.blocked_at} />
                    </p>
                    <Button
                      size="sm"
                      aria-label={t('blocked.unblockLabel', { name: nameOf(user) })}
                      loading={unblock.isPending && unblock.variables?.userId === user.id}
                      onClick={() => press(user)}
                    >
                      {t('blocked.unblock')}
                    </Button>
                  </article>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  )
}

const nameOf = (user: BlockedUser) => user.nickname || user.username
