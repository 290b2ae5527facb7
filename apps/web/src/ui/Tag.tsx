import { Link } from 'react-router'
import './Tag.css'

export interface TagProps {
  name: string
  /** Given: the tag is a link (e.g. to the forum searching for it). */
  to?: string
}

/** A post's tag, shown as #name. */
export function Tag({ name, to }: TagProps) {
  if (to) {
    return (
      <Link className="tag tag--link" to={to}>
        #{name}
      </Link>
    )
  }
  return <span className="tag">#{name}</span>
}
