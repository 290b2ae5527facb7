import type { PostListItem } from '@agora/contract'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AuthorName } from '../../ui/AuthorName'
import { Avatar } from '../../ui/Avatar'
import { CardPreview } from '../../ui/CardPreview'
import { useIntlLocale } from '../../ui/format'
import { PostStats } from '../../ui/PostStats'
import { TagList } from '../../ui/TagList'
import { Timestamp } from '../../ui/Timestamp'
import { CoverMedia, typeKey } from './CoverMedia'
import { HighlightedText } from './HighlightedText'
import '../../ui/Card.css'

export interface PostCardProps {
  post: PostListItem
  /** Takes the focus when it appears (a folded card the reader just asked to see). */
  focusOnMount?: boolean
}

/** Where a card leads: the post, and the matching comment when the search found the post through one. */
export function postHref(post: Pick<PostListItem, 'id' | '_id' | 'matched_comment_id'>): string {
  const id = encodeURIComponent(post.id ?? post._id)
  const comment = post.matched_comment_id ? `#${encodeURIComponent(post.matched_comment_id)}` : ''
  return `/forum/detail/${id}${comment}`
}

/** A tag chip's address: the tag's page. */
export const tagHref = (tag: string) => `/tag/${encodeURIComponent(tag)}`

/**
 * One post in the forum grid (spec §2): cover, title, summary, author, time, type, tags, likes and
 * comments. The title's link covers the whole card and opens the post in a new tab.
 */
export function PostCard({ post, focusOnMount = false }: PostCardProps) {
  const { t } = useTranslation('forum')
  const link = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    if (focusOnMount) link.current?.focus()
  }, [focusOnMount])
  const type = typeKey(post.media_type)
  const author = post.user_name || post.author
  // A search says where it matched: a title hit marks the title itself; any other hit
  // shows its passage in place of the preview.
  const { snippet } = post
  const titleSnippet = snippet?.field === 'title' ? snippet : null
  const passage = snippet && snippet.field !== 'title' ? snippet : null
  return (
    <article className="card post-card">
      <div className="post-card__cover">
        <CoverMedia item={post.media[0]} mediaType={post.media_type} />
        <span className="post-card__type">{t(`card.mediaType.${type}`)}</span>
      </div>
      <div className="post-card__body">
        <h3 className="post-card__title">
          <Link
            ref={link}
            to={postHref(post)}
            target="_blank"
            rel="noopener"
            className="post-card__link line-clamp"
          >
            {titleSnippet ? (
              <HighlightedText text={titleSnippet.text} highlights={titleSnippet.highlights} />
            ) : (
              post.title
            )}
            <span className="visually-hidden"> {t('card.opensInNewTab')}</span>
          </Link>
        </h3>
        {passage ? (
          <p className="post-card__snippet line-clamp">
            <span className="post-card__note">{t(`card.snippet.${passage.field}`)}</span>{' '}
            <HighlightedText text={passage.text} highlights={passage.highlights} />
          </p>
        ) : (
          <>
            {post.matched_comment_id && <p className="post-card__note">{t('card.matchedComment')}</p>}
            <CardPreview post={post} className="post-card__summary line-clamp" />
          </>
        )}
        {post.tags.length > 0 && (
          <TagList
            className="post-card__tags"
            gap="tight"
            aria-label={t('card.tags')}
            tags={post.tags}
            linkOf={tagHref}
          />
        )}
        <div className="post-card__footer">
          <span className="post-card__author">
            <Avatar src={post.user_avatar || post.avatar} name={author} size={28} />
            <AuthorName
              className="post-card__author-name"
              displayName={post.author_display_name}
              username={author}
            />
          </span>
          <Timestamp value={post.created_at} className="post-card__time" />
        </div>
        <div className="post-card__stats">
          <PostStats post={post} block="post-card" iconSize={16} />
          {post.review_count > 0 && <ReviewSummary count={post.review_count} mean={post.rating_mean} />}
        </div>
      </div>
    </article>
  )
}

/** "3 reviews · 4.2": the reviews not withdrawn and their mean rating out of 5. */
function ReviewSummary({ count, mean }: { count: number; mean: number | null }) {
  const { t } = useTranslation('forum')
  const locale = useIntlLocale()
  const rating =
    mean === null
      ? null
      : new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(mean)
  return (
    <span className="post-card__reviews">
      {t('card.reviews', { count })}
      {rating !== null && (
        <>
          <span aria-hidden="true"> · {rating}</span>
          <span className="visually-hidden">{t('card.rating', { rating })}</span>
        </>
      )}
    </span>
  )
}

export interface BlockedPostCardProps {
  onReveal: () => void
}

/** A post by someone the reader blocked: folded to one line; one press shows the card. */
export function BlockedPostCard({ onReveal }: BlockedPostCardProps) {
  const { t } = useTranslation('forum')
  return (
    <article className="card post-card post-card--blocked">
      <button type="button" className="post-card__reveal" onClick={onReveal}>
        {t('card.blocked')}
      </button>
    </article>
  )
}
