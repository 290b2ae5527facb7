import type { PersonInformationResponse } from '@agora/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { setFollow } from '../../api/follows'
import { postKeys, profileKeys } from '../../api/queryKeys'
import { useLoginModal } from '../../app/LoginModalProvider'
import { useSession } from '../../app/useSession'
import { Button } from '../../ui/Button'
import { formatCompact, useIntlLocale } from '../../ui/format'
import { useOptimisticToggle } from '../../ui/useOptimisticToggle'
import type { AuthorProfile } from './authorProfile'

/**
 * Followers and following (when the author shows statistics), and Follow / Following for anyone
 * but the author: a visitor logs in first; the new posts of followed authors fill the
 * forum's Following view and notify the follower.
 */
export function FollowAuthor({ profile }: { profile: AuthorProfile }) {
  const { t } = useTranslation('author')
  const locale = useIntlLocale()
  const client = useQueryClient()
  const { status } = useSession()
  const { openLogin } = useLoginModal()
  const following = profile.isFollowing ?? false
  const followers = profile.follows?.followers ?? null
  // The page's profile is drawn from this query, so the button and the count follow its cache.
  const follow = useOptimisticToggle({
    queryKey: profileKeys.author(profile.id),
    send: (next: boolean) => setFollow('user', profile.id, next),
    isOn: (info: PersonInformationResponse) => info.is_following ?? false,
    shown: (info, next) => ({
      ...info,
      is_following: next,
      ...(info.followers !== undefined && { followers: Math.max(0, info.followers + (next ? 1 : -1)) }),
    }),
    answered: (info, answer) => ({
      ...info,
      is_following: answer.following,
      ...(info.followers !== undefined && !answer.followers_hidden && { followers: answer.followers }),
    }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: profileKeys.author(profile.id) })
      void client.invalidateQueries({ queryKey: postKeys.lists() })
    },
    failed: t('follow.failed'),
  })

  function press() {
    if (status === 'anonymous') return openLogin({ onSuccess: () => follow.mutate(true) })
    follow.mutate(!following)
  }

  return (
    <div className="author-follow cluster">
      {followers !== null && profile.follows && (
        <p className="author-follow__counts">
          {t('follow.counts', {
            count: followers,
            followers: formatCompact(followers, locale),
            following: formatCompact(profile.follows.following, locale),
          })}
        </p>
      )}
      {!profile.isSelf && (
        <Button
          size="sm"
          variant={following ? 'secondary' : 'primary'}
          aria-pressed={following}
          aria-label={t('follow.label', { name: profile.name })}
          loading={follow.isPending}
          onClick={press}
        >
          {following ? t('follow.following') : t('follow.follow')}
        </Button>
      )}
    </div>
  )
}
