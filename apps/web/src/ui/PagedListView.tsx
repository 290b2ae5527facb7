import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './Button'
import { errorText } from './errorText'
import { RefreshIcon } from './icons'
import { Loading } from './Loading'
import type { PagedList } from './usePagedList'
import './PagedList.css'

export interface PagedListViewProps<T> {
  list: PagedList<T>
  /** Names the list for assistive technology. */
  label: string
  loadingText: string
  /** Shown when the first page came back empty. */
  empty: ReactNode
  /** Replaces the generic error box, e.g. a private-section notice for a 403. */
  renderError?: (error: Error) => ReactNode | null
  idOf: (item: T) => string
  renderItem: (item: T) => ReactNode
}

/**
 * A profile list's states (spec §2, §4): loading text, error with Retry, empty state, the items, and
 * Load more while the last page came back full. A failed later page keeps what was loaded.
 */
export function PagedListView<T>({
  list,
  label,
  loadingText,
  empty,
  renderError,
  idOf,
  renderItem,
}: PagedListViewProps<T>) {
  const { t } = useTranslation()
  if (list.isLoading) return <Loading text={loadingText} />
  if (list.error) {
    const custom = renderError?.(list.error)
    if (custom) return custom
    return <ListError message={errorText(list.error, t, t('list.loadFailed'))} onRetry={list.retry} />
  }
  if (list.items.length === 0) return empty
  return (
    <>
      <ul className="profile-list" aria-label={label} aria-busy={list.isRefreshing || undefined}>
        {list.items.map((item) => (
          <li key={idOf(item)} className="profile-list__item">
            {renderItem(item)}
          </li>
        ))}
      </ul>
      {list.loadMoreError && (
        <ListError message={errorText(list.loadMoreError, t, t('list.loadFailed'))} onRetry={list.loadMore} />
      )}
      {list.hasMore && !list.loadMoreError && (
        <div className="profile-list__more">
          <Button onClick={list.loadMore} loading={list.isLoadingMore}>
            {list.isLoadingMore ? t('list.loadingMore') : t('list.loadMore')}
          </Button>
        </div>
      )}
    </>
  )
}

export interface ListErrorProps {
  message: string
  onRetry: () => void
}

export function ListError({ message, onRetry }: ListErrorProps) {
  const { t } = useTranslation()
  return (
    <div className="profile-list__error cluster" role="alert">
      <p>{message}</p>
      <Button size="sm" icon={<RefreshIcon size={16} />} onClick={onRetry}>
        {t('list.retry')}
      </Button>
    </div>
  )
}

export interface ListHeadingProps {
  title: string
  /** id of the heading, for the section's aria-labelledby. */
  id?: string
  /** "12", "12+" — what is known of the total. */
  count?: string | null
  onRefresh?: () => void
  refreshing?: boolean
  /** Extra controls at the end (e.g. New Post). */
  children?: ReactNode
}

/** A tab's heading with its count and a Refresh button. */
export function ListHeading({ title, id, count, onRefresh, refreshing = false, children }: ListHeadingProps) {
  const { t } = useTranslation()
  return (
    <div className="section-heading">
      <h2 id={id} className="profile-list__title">
        {title}
        {count != null && <span className="profile-list__count"> ({count})</span>}
      </h2>
      <div className="profile-list__actions cluster">
        {onRefresh && (
          <Button
            size="sm"
            variant="ghost"
            icon={<RefreshIcon size={16} />}
            onClick={onRefresh}
            loading={refreshing}
            aria-label={t('list.refreshNamed', { name: title })}
          >
            {t('list.refresh')}
          </Button>
        )}
        {children}
      </div>
    </div>
  )
}

/** The count a heading shows: the known total, else what is loaded with a "+" while more exist. */
export function countLabel(total: number | null | undefined, list: PagedList<unknown>): string | null {
  if (total != null) return String(total)
  if (list.isLoading || list.error) return null
  return `${list.items.length}${list.hasMore ? '+' : ''}`
}
