import { type QueryKey, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { type PageParams, PROFILE_PAGE_SIZE } from '../api/profiles'

export interface PagedList<T> {
  items: T[]
  /** The first page is on its way. */
  isLoading: boolean
  /** The first page failed (nothing to show). */
  error: Error | null
  /** A later page failed; the items loaded so far stay. */
  loadMoreError: Error | null
  /** More may exist: the last page came back full (spec §4). */
  hasMore: boolean
  isLoadingMore: boolean
  isRefreshing: boolean
  loadMore: () => void
  refresh: () => void
  /** Fetches the first page again after a failure. */
  retry: () => void
}

export interface PagedListOptions<T> {
  fetchPage: (page: PageParams, signal: AbortSignal) => Promise<T[]>
  idOf: (item: T) => string
  pageSize?: number
  /** False until the tab is first opened (lists load lazily). */
  enabled?: boolean
}

/**
 * A skip/limit list (author tabs, own lists, the test page): pages of 12 by default, and more exist only
 * while a page returns exactly a full page. Items are kept once each by id when pages overlap.
 */
export function usePagedList<T>(
  queryKey: QueryKey,
  { fetchPage, idOf, pageSize = PROFILE_PAGE_SIZE, enabled = true }: PagedListOptions<T>,
): PagedList<T> {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage({ skip: pageParam, limit: pageSize }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length === pageSize ? pages.length * pageSize : undefined),
    enabled,
  })
  const items = useMemo(() => {
    const seen = new Set<string>()
    const unique: T[] = []
    for (const page of query.data?.pages ?? []) {
      for (const item of page) {
        const id = idOf(item)
        if (seen.has(id)) continue
        seen.add(id)
        unique.push(item)
      }
    }
    return unique
  }, [query.data, idOf])
  return pagedListState(query, items, enabled)
}

/** What a list view needs from an infinite query whose pages are already flattened into `items`. */
export function pagedListState<T>(
  query: UseInfiniteQueryResult<unknown, Error>,
  items: T[],
  enabled = true,
): PagedList<T> {
  const hasData = query.data !== undefined
  return {
    items,
    isLoading: enabled && query.isPending,
    error: !hasData && query.isError ? query.error : null,
    loadMoreError: hasData && query.isFetchNextPageError ? query.error : null,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    isRefreshing: query.isRefetching && !query.isFetchingNextPage,
    loadMore: () => {
      if (!query.isFetching) void query.fetchNextPage()
    },
    refresh: () => void query.refetch(),
    retry: () => void query.refetch(),
  }
}
