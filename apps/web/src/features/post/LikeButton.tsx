import { useTranslation } from 'react-i18next'
import { useSignedInToggle } from '../../app/useSignedInToggle'
import { HeartIcon } from '../../ui/contentIcons'
import { formatCompact, useIntlLocale } from '../../ui/format'
import { useLikePost } from './usePost'
import '../../ui/Button.css'

export interface LikeButtonProps {
  postId: string
  liked: boolean
  likes: number
}

/**
 * The heart and the count. Without a session it opens the login card and likes after signing in; a
 * press while a like is on its way is ignored (spec §4).
 */
export function LikeButton({ postId, liked, likes }: LikeButtonProps) {
  const { t } = useTranslation('post')
  const locale = useIntlLocale()
  const like = useLikePost(postId)
  const press = useSignedInToggle(like, liked)

  return (
    <button
      type="button"
      className="pill-button like-button"
      aria-pressed={liked}
      aria-busy={like.isPending || undefined}
      aria-label={`${t('like.label')}, ${t('like.count', { count: likes })}`}
      onClick={press}
    >
      <HeartIcon size={20} filled={liked} />
      <span aria-hidden="true">{formatCompact(likes, locale)}</span>
    </button>
  )
}
