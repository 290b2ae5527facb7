import { type ReactNode, useId } from 'react'

export interface SectionCardProps {
  /** The section's class, a BEM block: its heading is `${block}__title`, its lead `${block}__lead`. */
  block: string
  /** More classes on the section: a modifier, `stack`. */
  className?: string
  title: ReactNode
  /** The line under the heading. */
  lead?: ReactNode
  children: ReactNode
}

/**
 * One card of a settings or tools screen (account, notifications, moderators): a section named by its
 * h2 (aria-labelledby), the lead under the heading, then its content. The look is the block's own CSS.
 */
export function SectionCard({ block, className, title, lead, children }: SectionCardProps) {
  const headingId = useId()
  return (
    <section
      className={className ? `card ${block} ${className}` : `card ${block}`}
      aria-labelledby={headingId}
    >
      <div>
        <h2 id={headingId} className={`${block}__title`}>
          {title}
        </h2>
        {lead && <p className={`${block}__lead`}>{lead}</p>}
      </div>
      {children}
    </section>
  )
}
