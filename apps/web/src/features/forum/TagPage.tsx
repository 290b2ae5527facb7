import type { PostCursor, PostSort } from '@agora/contract'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams, useSearchParams } from 'react-router'
import { getTagSummary, listPosts } from '../../api/posts'
import { postKeys } from '../../api/queryKeys'
import { useDocumentMeta } from '../../app/useDocumentMeta'
import { useSession } from '../../app/useSession'
import { Button } from '../../ui/Button'
import { useIntlLocale } from '../../ui/format'
import { Loading } from '../../ui/Loading'
import { tagPath } from '../../ui/links'
import { Notice } from '../../ui/Notice'
import { SegmentedControl } from '../../ui/SegmentedControl'
import { FollowTag } from './FollowTag'
import { ListMore } from './ListMore'
import { PostCard } from './PostCard'
import { uniquePosts } from './useForumPosts'
import '../../app/Screen.css'
import './ForumListPage.css'

const ORDERS = ['hot', 'recent'] as const

/** /tag/{name}: the tag's posts in hot or recent order, how many, related tags, Follow. */
export function TagPage() {
  const { t } = useTranslation('forum')
  const locale = useIntlLocale()
  const { name = '' } = useParams()
  const tag = name.trim().toLowerCase()
  const [params, setParams] = useSearchParams()
  const order = params.get('sort') === 'recent' ? 'recent' : 'hot'
  const sort: PostSort = order === 'recent' ? 'recent_desc' : 'hot_desc'
  const { basic } = useSession()
  const feed = `/feeds/tag/${encodeURIComponent(tag)}.atom`
  useDocumentMeta({
    title: `#${tag}`,
    description: t('tag.description', { tag }),
    feed: { href: feed, title: t('tag.description', { tag }) },
  })
  const summary = useQuery({
    queryKey: postKeys.tagSummary(tag),
    queryFn: ({ signal }) => getTagSummary(tag, signal),
  })
  const posts = useInfiniteQuery({
    queryKey: postKeys.tag(tag, sort),
    queryFn: ({ pageParam, signal }) => listPosts({ search: '', sort, cursor: pageParam, tag }, signal),
    initialPageParam: null as PostCursor | null,
    getNextPageParam: (last) => (last.has_next && last.next_cursor ? last.next_cursor : undefined),
  })
  const items = useMemo(() => uniquePosts(posts.data?.pages ?? []), [posts.data])

  return (
    <div className="container forum__body stack tag-page">
      <header className="tag-page__header">
        <h1 className="tag-page__title">#{tag}</h1>
        {summary.data && (
          <p className="tag-page__count">
            {t('tag.count', {
              count: summary.data.count,
              formatted: summary.data.count.toLocaleString(locale),
            })}
          </p>
        )}
        <div className="tag-page__actions">
          {basic && <FollowTag tag={tag} userId={basic.id} />}
          <a href={feed} className="btn btn--ghost btn--sm">
            {t('tag.feed')}
          </a>
        </div>
        {summary.data && summary.data.related.length > 0 && (
          <nav aria-label={t('tag.related')} className="tag-page__related">
            <span>{t('tag.related')}:</span>{' '}
            {summary.data.related.map((related) => (
              <Link key={related.tag} to={tagPath(related.tag)} className="tag">
                #{related.tag}
              </Link>
            ))}
          </nav>
        )}
      </header>
      <SegmentedControl
        legend={t('tag.order')}
        value={order}
        options={ORDERS.map((value) => ({ value, label: t(`tag.orders.${value}`) }))}
        onChange={(value) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current)
              if (value === 'hot') next.delete('sort')
              else next.set('sort', value)
              return next
            },
            { replace: true },
          )
        }
      />
      {posts.isPending ? (
        <Loading text={t('tag.loading')} block />
      ) : posts.isError ? (
        <Notice
          title={t('tag.failed')}
          action={<Button onClick={() => void posts.refetch()}>{t('tag.retry')}</Button>}
        />
      ) : items.length === 0 ? (
        <Notice title={t('tag.empty', { tag })} />
      ) : (
        <>
          <ul className="post-grid">
            {items.map((post) => (
              <li key={post.id}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
          <ListMore posts={posts} />
        </>
      )}
    </div>
  )
}
