import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/Button'
import { RefreshIcon } from '../../ui/icons'
import { InfiniteScrollTrigger } from './InfiniteScrollTrigger'

/** What the end of a keyset-paged list needs of its infinite query. */
export interface PagedPosts {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  isFetchNextPageError: boolean
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => Promise<unknown>
  data?: { pages: readonly unknown[] }
}

/** The list, or its next page, did not load: says so and offers to try again. */
export function ListFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('forum')
  return (
    <div className="screen__state stack forum__state" role="alert">
      <p>{t('list.failed')}</p>
      <Button icon={<RefreshIcon size={18} />} onClick={onRetry}>
        {t('list.retry')}
      </Button>
    </div>
  )
}

/**
 * The end of a posts list (the forum, a tag page): the next page loads when the reader scrolls near
 * it or presses Load More; a failed page says so with Retry; the last one says it is the end.
 */
export function ListMore({ posts }: { posts: PagedPosts }) {
  const { t } = useTranslation('forum')
  const loadMore = () => {
    if (posts.hasNextPage && !posts.isFetchingNextPage && !posts.isFetchNextPageError) {
      void posts.fetchNextPage({ cancelRefetch: false })
    }
  }
  return (
    <>
      <InfiniteScrollTrigger
        enabled={posts.hasNextPage && !posts.isFetchingNextPage && !posts.isFetchNextPageError}
        onReach={loadMore}
        generation={posts.data?.pages.length ?? 0}
      />
      <div className="forum__more">
        {posts.isFetchNextPageError ? (
          <ListFailed onRetry={() => void posts.fetchNextPage()} />
        ) : posts.hasNextPage ? (
          <Button
            onClick={loadMore}
            loading={posts.isFetchingNextPage}
            aria-label={posts.isFetchingNextPage ? t('list.loadingMore') : undefined}
          >
            {t('list.loadMore')}
          </Button>
        ) : (
          <p className="forum__end">{t('list.end')}</p>
        )}
      </div>
    </>
  )
}
