import { useId } from 'react'
import { useTranslation } from 'react-i18next'

export interface CommentsSlotProps {
  postId: string
  /** The post's comment count, from the post itself. */
  count: number
}

/**
 * SLOT for the comments section (spec §2 "Comments section with a Write a Comment button").
 * The comments feature replaces this component with the real section; keep `id="comments"`: the
 * counter above links to it and `#{commentId}` links from search results land inside it.
 */
export function CommentsSlot({ postId, count }: CommentsSlotProps) {
  const { t } = useTranslation('post')
  const headingId = useId()
  return (
    <section id="comments" className="post-comments" aria-labelledby={headingId} data-post-id={postId}>
      <h2 id={headingId}>
        {t('comments.heading')} <span className="post-comments__count">({count})</span>
      </h2>
      <p className="post-comments__placeholder">{t('comments.placeholder')}</p>
    </section>
  )
}
