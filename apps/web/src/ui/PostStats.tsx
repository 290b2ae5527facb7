import type { PostListItem } from '@agora/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { CommentIcon, HeartIcon, LockIcon } from './contentIcons'
import { formatCompact, useIntlLocale } from './format'

export interface PostStatsProps {
  post: Pick<PostListItem, 'visibility' | 'likes' | 'comments'>
  /** The caller's BEM block: the badge is its `__private`, each count its `__stat`. */
  block: string
  /** The count icons' size. */
  iconSize: number
}

/** Under a post in a list: "Private" when it is, then its likes and its comments. */
export function PostStats({ post, block, iconSize }: PostStatsProps) {
  const { t } = useTranslation()
  return (
    <>
      {post.visibility === 'private' && (
        <span className={`${block}__private`}>
          <LockIcon size={14} />
          {t('postItem.private')}
        </span>
      )}
      <Count
        className={`${block}__stat`}
        icon={<HeartIcon size={iconSize} />}
        count={post.likes}
        words={t('postItem.likes', { count: post.likes })}
      />
      <Count
        className={`${block}__stat`}
        icon={<CommentIcon size={iconSize} />}
        count={post.comments}
        words={t('postItem.comments', { count: post.comments })}
      />
    </>
  )
}

/** A count with its icon: the short number shown ("1.2K"); the words ("3 likes") as its title and for screen readers. */
function Count({
  icon,
  count,
  words,
  className,
}: {
  icon: ReactNode
  count: number
  words: string
  className: string
}) {
  const locale = useIntlLocale()
  return (
    <span className={className} title={words}>
      {icon}
      <span aria-hidden="true">{formatCompact(count, locale)}</span>
      <span className="visually-hidden">{words}</span>
    </span>
  )
}
