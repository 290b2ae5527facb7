import type { UseInfiniteQueryResult } from '@tanstack/react-query'
import { Button } from './Button'
import './PagedList.css'

export interface LoadMoreProps {
  query: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>
  /** "Load more" and "Loading more", in the screen's words. */
  label: string
  busyLabel: string
  /** The screen's own spacing. */
  className?: string
}

/** Under a list, while more pages exist: the button that loads the next one. */
export function LoadMore({ query, label, busyLabel, className }: LoadMoreProps) {
  if (!query.hasNextPage) return null
  return (
    <div className={className ? `query-list__more ${className}` : 'query-list__more'}>
      <Button loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        {query.isFetchingNextPage ? busyLabel : label}
      </Button>
    </div>
  )
}
