import type { PostListItem } from '@agora/contract'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CardPreview } from './CardPreview'
import { postPath } from './links'
import { PostStats } from './PostStats'
import { Timestamp } from './Timestamp'
import './Card.css'
import './ProfilePostItem.css'

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
  const { t } = useTranslation()
  const path = postPath(post)
  const author = post.user_name || post.author
  const title = post.title || t('postItem.untitled')
  return (
    <article className="card list-card list-card--hover profile-post">
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
      <CardPreview post={post} className="profile-post__summary line-clamp" />
      <p className="profile-post__meta">
        {showAuthor && author && <span>{t('postItem.by', { name: author })}</span>}
        <Timestamp value={post.created_at} />
        <PostStats post={post} block="profile-post" iconSize={14} />
      </p>
    </article>
  )
}
