import type { ModerationState } from '@agora/contract'
import { useTranslation } from 'react-i18next'
import { askReviewProps } from '../../ui/askReview'
import { Button } from '../../ui/Button'
import { useRequestPostReview } from './usePost'

export interface ModerationBannerProps {
  postId: string
  moderation: ModerationState
  /** Only the author asks for a review; moderators see the banner alone. */
  isAuthor: boolean
}

/**
 * Above a post the moderators hid or removed, which only its author and moderators can
 * open: "Hidden by a moderator: {reason}", and for the author "Ask for review" (once).
 */
export function ModerationBanner({ postId, moderation, isAuthor }: ModerationBannerProps) {
  const { t } = useTranslation('post')
  const review = useRequestPostReview(postId)
  if (moderation.state === 'visible') return null
  const requested = moderation.review_requested
  return (
    <div className="post-moderation stack" role="status">
      <p className="post-moderation__text">
        {t(moderation.state === 'hidden' ? 'moderation.hidden' : 'moderation.removed', {
          reason: moderation.reason,
        })}
      </p>
      {isAuthor && (
        <div className="post-moderation__action">
          <Button
            size="sm"
            variant={requested ? 'secondary' : 'primary'}
            {...askReviewProps(review, requested)}
          >
            {requested ? t('moderation.reviewRequested') : t('moderation.askReview')}
          </Button>
          <p className="post-moderation__hint">
            {requested ? t('moderation.reviewRequestedHint') : t('moderation.askReviewHint')}
          </p>
        </div>
      )}
    </div>
  )
}
