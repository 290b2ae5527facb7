import type { ModUserResponse } from '@agora/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export interface PeopleListProps {
  users: ModUserResponse[]
  /** The list's accessible name. */
  label: string
  /** What the section tells of each person beside their name and role. */
  details?: (user: ModUserResponse) => ReactNode
  /** The section's control for each person. */
  action: (user: ModUserResponse) => ReactNode
}

/** People as the moderators' sections list them: name, role, the section's details and its control. */
export function PeopleList({ users, label, details, action }: PeopleListProps) {
  const { t } = useTranslation('moderation')
  return (
    <ul className="mod-people" aria-label={label}>
      {users.map((user) => (
        <li key={user.id} className="mod-person">
          <span className="mod-person__name">{user.username}</span>
          <span className="mod-badge">{t(`moderators.roles.${user.role}`)}</span>
          {details?.(user)}
          <div className="mod-person__action">{action(user)}</div>
        </li>
      ))}
    </ul>
  )
}
