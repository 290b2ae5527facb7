import type { PostListItem } from '@agora/contract'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CommentIcon, HeartIcon, LockIcon } from '../../ui/contentIcons'
import { formatCompact, useIntlLocale } from '../../ui/format'
import { Timestamp } from '../../ui/Timestamp'
import { postPath } from './authorProfile'
import './Profile.css'

export interface ProfilePostItemProps {
  post: PostListItem
  /** Show who wrote it (liked lists); an author's own list leaves it out. */
  showAuthor?: boolean
}

/** Keeps the same id rule as the link: _id, else id. */
export const postIdOf = (post: PostListItem) => post._id || post.id

/**
 * One post in a profile list (spec §3 "Post item in own lists"): title leading to the post, author,
 * date, likes and comments. A post without an id cannot be opened: the click is logged and ignored.
 */
export function ProfilePostItem({ post, showAuthor = true }: ProfilePostItemProps) {
  const { t } = useTranslation('author')
  const locale = useIntlLocale()
  const path = postPath(post)
  const author = post.user_name || post.author
  const title = post.title || t('post.untitled')
  return (
    <article className="profile-post">
      <h3 className="profile-post__title">
        {path ? (
          <Link to={path} className="profile-post__link">
            {title}
          </Link>
        ) : (
          <button
            type="button"
            className="profile-post__link link-button"
            onClick={() => console.error('Post has neither _id nor id; cannot open it', post)}
          >
            {title}
          </button>
        )}
      </h3>
      {(post.preview || post.summary) && (
        <p className="profile-post__summary">{post.preview || post.summary}</p>
      )}
      <p className="profile-post__meta">
        {showAuthor && author && <span>{t('post.by', { name: author })}</span>}
        <Timestamp value={post.created_at} />
        {post.visibility === 'private' && (
          <span className="profile-post__private">
            <LockIcon size={14} />
            {t('post.private')}
          </span>
        )}
        <span className="profile-post__stat" title={t('post.likes', { count: post.likes })}>
          <HeartIcon size={14} />
          <span aria-hidden="true">{formatCompact(post.likes, locale)}</span>
          <span className="visually-hidden">{t('post.likes', { count: post.likes })}</span>
        </span>
        <span className="profile-post__stat" title={t('post.comments', { count: post.comments })}>
          <CommentIcon size={14} />
          <span aria-hidden="true">{formatCompact(post.comments, locale)}</span>
          <span className="visually-hidden">{t('post.comments', { count: post.comments })}</span>
        </span>
      </p>
    </article>
  )
}
