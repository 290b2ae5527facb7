import './AuthorName.css'

export interface AuthorNameProps {
  /** Their display name (their nickname, else their username). */
  displayName: string
  username: string
  className?: string
}

/**
 * A person as every list names them: their display name, with @username beside it when
 * the two differ, so "Ada Lindqvist" on a profile is "Ada Lindqvist @ada_lab" on a card or a comment.
 */
export function AuthorName({ displayName, username, className }: AuthorNameProps) {
  const name = displayName || username
  return (
    <span className={['author-name', className].filter(Boolean).join(' ')}>
      <span className="author-name__display">{name}</span>
      {name !== username && <span className="author-name__handle">@{username}</span>}
    </span>
  )
}
