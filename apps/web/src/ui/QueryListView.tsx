import type { UseInfiniteQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Button } from './Button'
import { Loading } from './Loading'
import { LoadMore } from './LoadMore'
import { Notice } from './Notice'
import './PagedList.css'

type ListQuery = Pick<
  UseInfiniteQueryResult,
  'isPending' | 'isError' | 'refetch' | 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'
>

/** The words a list screen says in each state (its own namespace's keys). */
export type ListText = 'loading' | 'failed' | 'retry' | 'empty' | 'loadMore' | 'loadingMore'

export interface QueryListViewProps {
  /** The screen's infinite query. */
  query: ListQuery
  /** How many items are loaded (none: the empty notice). */
  count: number
  text: (key: ListText) => string
  /** Shown instead of "failed" with Retry, e.g. a notice for a 403. */
  failure?: ReactNode
  /** The loaded items. */
  children: ReactNode
}

/**
 * A screen's list over an infinite query: loading, a failure with Retry (a failed later page keeps what
 * was loaded), the empty notice, the items, and Load more while more exist.
 */
export function QueryListView({ query, count, text, failure, children }: QueryListViewProps) {
  return (
    <>
      {query.isPending ? (
        <Loading text={text('loading')} block />
      ) : query.isError && count === 0 ? (
        (failure ?? (
          <Notice
            title={text('failed')}
            action={<Button onClick={() => void query.refetch()}>{text('retry')}</Button>}
          />
        ))
      ) : count === 0 ? (
        <Notice title={text('empty')} />
      ) : (
        children
      )}
      <LoadMore query={query} label={text('loadMore')} busyLabel={text('loadingMore')} />
    </>
  )
}
