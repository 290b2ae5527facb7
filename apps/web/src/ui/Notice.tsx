import type { ReactNode } from 'react'
import { LockIcon } from './contentIcons'
import { InfoIcon } from './icons'
import './Notice.css'

export interface NoticeProps {
  title: string
  children?: ReactNode
  /** 'private': a section the user keeps hidden; 'empty': nothing here yet. */
  tone?: 'private' | 'empty'
  /** A button or link under the text. */
  action?: ReactNode
}

/** A section's notice: the private-section message or an empty state (spec §2 texts). */
export function Notice({ title, children, tone = 'empty', action }: NoticeProps) {
  const Icon = tone === 'private' ? LockIcon : InfoIcon
  return (
    <div className={`dashed-panel profile-notice profile-notice--${tone}`}>
      <Icon size={28} className="profile-notice__icon" />
      <p className="profile-notice__title">{title}</p>
      {children && <p className="profile-notice__text">{children}</p>}
      {action && <div className="profile-notice__action">{action}</div>}
    </div>
  )
}
