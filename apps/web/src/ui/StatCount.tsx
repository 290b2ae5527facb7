import type { ReactNode } from 'react'
import { formatCompact, useIntlLocale } from './format'

export interface StatCountProps {
  icon: ReactNode
  count: number
  /** The count in words ("3 likes"): the tooltip, and what a screen reader hears. */
  words: string
  className?: string
}

/** A post's count with its icon: the short number shown ("1.2K"), the full words for the rest. */
export function StatCount({ icon, count, words, className }: StatCountProps) {
  const locale = useIntlLocale()
  return (
    <span className={className} title={words}>
      {icon}
      <span aria-hidden="true">{formatCompact(count, locale)}</span>
      <span className="visually-hidden">{words}</span>
    </span>
  )
}
