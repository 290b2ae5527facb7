import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import { setFollow } from '../../api/follows'
import { postKeys, profileKeys } from '../../api/queryKeys'
import { useLoginModal } from '../../app/LoginModalProvider'
import { useSession } from '../../app/useSession'
import { Button } from '../../ui/Button'
import { refusalText } from '../../ui/errorText'
import { formatCompact, useIntlLocale } from '../../ui/format'
import { toast } from '../../ui/toast'
import type { AuthorProfile } from './authorProfile'

/**
 * Followers and following (when the author shows statistics), and Follow / Following for anyone
 * but the author (issue 18): a visitor logs in first; the new posts of followed authors fill the
 * forum's Following view and notify the follower.
 */
export function FollowAuthor({ profile }: { profile: AuthorProfile }) {
  const { t } = useTranslation('author')
  const locale = useIntlLocale()
  const client = useQueryClient()
  const { status } = useSession()
  const { openLogin } = useLoginModal()
  const [following, setFollowing] = useState(profile.isFollowing ?? false)
  const [followers, setFollowers] = useState(profile.follows?.followers ?? null)
  const follow = useMutation({
    mutationFn: (next: boolean) => setFollow('user', profile.id, next),
    onMutate: (next) => {
      setFollowing(next)
      setFollowers((count) => (count === null ? null : Math.max(0, count + (next ? 1 : -1))))
    },
    onSuccess: (answer) => {
      setFollowing(answer.following)
      if (!answer.followers_hidden) setFollowers(answer.followers)
      void client.invalidateQueries({ queryKey: profileKeys.author(profile.id) })
      void client.invalidateQueries({ queryKey: postKeys.lists() })
    },
    onError: (error, next) => {
      setFollowing(!next)
      setFollowers(profile.follows?.followers ?? null)
      if (!isApiError(error, 401))
        toast.error(t('follow.failed'), { description: refusalText(error, t) ?? undefined })
    },
  })

  function press() {
    if (follow.isPending) return
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
