import { useTranslation } from 'react-i18next'
import { HeartIcon } from '../../ui/contentIcons'
import { formatCompact, useIntlLocale } from '../../ui/format'
import { PillToggle } from './PillToggle'
import { useLikePost } from './usePost'

export interface LikeButtonProps {
  postId: string
  liked: boolean
  likes: number
}

/**
 * The heart and the count. Without a session it opens the login card and likes after signing in; of
 * presses while a like is on its way the last decides.
 */
export function LikeButton({ postId, liked, likes }: LikeButtonProps) {
  const { t } = useTranslation('post')
  const locale = useIntlLocale()
  const like = useLikePost(postId)
  return (
    <PillToggle
      change={like}
      on={liked}
      label={`${t('like.label')}, ${t('like.count', { count: likes })}`}
      className="like-button"
    >
      <HeartIcon size={20} filled={liked} />
      <span aria-hidden="true">{formatCompact(likes, locale)}</span>
    </PillToggle>
  )
}
