import { formatCompact, useIntlLocale } from './format'
import './Card.css'
import './StatCards.css'

export interface StatCardItem {
  key: string
  label: string
  value: number
  /** The exact figure on hover, when the number is not (e.g. token amounts); default the number. */
  exact?: string
}

export interface StatCardsProps {
  items: readonly StatCardItem[]
}

/** Counters as cards: a description list, the number big, its exact value on hover. */
export function StatCards({ items }: StatCardsProps) {
  const locale = useIntlLocale()
  return (
    <dl className="stat-cards">
      {items.map((item) => (
        <div key={item.key} className="card stat-card" data-stat={item.key}>
          <dt className="stat-card__label">{item.label}</dt>
          <dd className="stat-card__value" title={item.exact ?? String(item.value)}>
            {formatCompact(item.value, locale)}
          </dd>
        </div>
      ))}
    </dl>
  )
}
