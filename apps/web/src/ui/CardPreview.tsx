import type { PostListItem } from '@agora/contract'
import { useTranslation } from 'react-i18next'
import { cardPreview } from './cardPreview'

/** A card's preview paragraph: the summary, or where it would be cut off the analysis's TLDR, so labelled. */
export function CardPreview({
  post,
  className,
}: {
  post: Pick<PostListItem, 'preview' | 'summary' | 'tldr'>
  className: string
}) {
  const { t } = useTranslation()
  const { text, fromAnalysis } = cardPreview(post)
  if (!text) return null
  return (
    <p className={className}>
      {fromAnalysis && <span className="card-preview__label">{t('postItem.tldr')} </span>}
      {text}
    </p>
  )
}
