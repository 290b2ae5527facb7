import type { ReactNode } from 'react'
import '../../ui/Card.css'
import './AccountScreen.css'

/** The centred card of the account screens (forgot, reset, verify, unsubscribe). */
export function AccountScreen({
  title,
  lead,
  links,
  children,
}: {
  title: string
  lead?: ReactNode
  /** The ways on, at the card's foot (links). */
  links?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="account-screen">
      <div className="card card--raised account-screen__card">
        <h1 className="account-screen__title">{title}</h1>
        {lead && <p className="account-screen__lead">{lead}</p>}
        {children}
        {links && <div className="account-screen__links">{links}</div>}
      </div>
    </div>
  )
}

/** A refusal in words, announced as it appears. */
export function AccountAlert({ message }: { message: string | null }) {
  return (
    <div className="account-screen__alert" role="alert">
      {message && <p className="account-screen__error">{message}</p>}
    </div>
  )
}
