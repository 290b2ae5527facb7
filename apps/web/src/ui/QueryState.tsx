import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './Button'
import { Loading } from './Loading'
import { Notice } from './Notice'
import { ListError } from './PagedListView'

/** What QueryState reads of a query (a useQuery result, or one with more fields). */
interface LoadingQuery<T> {
  isPending: boolean
  isError: boolean
  data: T | undefined
  refetch: () => unknown
}

export interface QueryStateProps<T> {
  query: LoadingQuery<T>
  /** What the loading indicator says (default 'Loading'). */
  loading?: string
  /** The failure's words; Retry loads again. */
  failed: string
  /**
   * How a failure shows: 'line', an alert line with Retry (default); 'notice', the empty-state notice
   * with a Retry button, where the data is the whole of its section.
   */
  failure?: 'line' | 'notice'
  /** What the loaded data shows. */
  children: (data: T) => ReactNode
}

/** A query's loading and failed states, then what its data shows. */
export function QueryState<T>({ query, loading, failed, failure = 'line', children }: QueryStateProps<T>) {
  const { t } = useTranslation()
  const retry = () => void query.refetch()
  if (query.isPending) return <Loading text={loading} />
  if (query.isError)
    return failure === 'notice' ? (
      <Notice title={failed} action={<Button onClick={retry}>{t('list.retry')}</Button>} />
    ) : (
      <ListError message={failed} onRetry={retry} />
    )
  // Neither pending nor failed: the data is there.
  return <>{children(query.data as T)}</>
}
