import type { ComponentProps } from 'react'
import './InlineList.css'

export interface InlineListProps extends ComponentProps<'ul'> {
  /** Space between items: tight (tags on a card), normal, or wide (contact details). */
  gap?: 'tight' | 'normal' | 'wide'
  /** Set apart from the line above it, long words wrapping (under a name or title). */
  spaced?: boolean
  /** One item a line instead of a wrapping row. */
  stacked?: boolean
}

/** A wrapping row (or a column) of short items without bullets: tags, contact details, links, files. */
export function InlineList({
  gap = 'normal',
  spaced = false,
  stacked = false,
  className,
  ...props
}: InlineListProps) {
  const classes = [
    'inline-list',
    stacked && 'inline-list--stacked',
    gap !== 'normal' && `inline-list--${gap}`,
    spaced && 'inline-list--spaced',
    className,
  ]
  return <ul className={classes.filter(Boolean).join(' ')} {...props} />
}
