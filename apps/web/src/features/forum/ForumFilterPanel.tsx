import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { activeFilterCount, type ForumFilters } from './forumFilters'

const ForumFilterForm = lazy(() => import('./ForumFilterForm'))

export interface ForumFilterPanelProps {
  /** The filters of the URL: what the list shows. */
  filters: ForumFilters
  onApply: (filters: ForumFilters) => void
}

/**
 * Tag, media type, author, days and reviewed works: a fold, closed by default and open while a filter is
 * set; its fields load when it first opens.
 */
export function ForumFilterPanel({ filters, onApply }: ForumFilterPanelProps) {
  const { t } = useTranslation('forum')
  const active = activeFilterCount(filters)
  const [open, setOpen] = useState(active > 0)

  return (
    <details
      className="forum-filters"
      open={open}
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="forum-filters__summary">
        {t('filters.toggle')}
        {active > 0 && <span className="forum-filters__count">{t('filters.active', { count: active })}</span>}
      </summary>
      {open && (
        <Suspense fallback={null}>
          <ForumFilterForm filters={filters} onApply={onApply} />
        </Suspense>
      )}
    </details>
  )
}
