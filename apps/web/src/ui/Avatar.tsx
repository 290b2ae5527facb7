import { type CSSProperties, useState } from 'react'
import './Avatar.css'

export interface AvatarProps {
  src?: string | null
  name: string
  size?: number
  /** When the name is not shown next to the avatar, give it an accessible name. */
  labelled?: boolean
}

/** The user's picture, or the first letter of the name when there is none or it fails to load. */
export function Avatar({ src, name, size = 32, labelled = false }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const initial = (name.trim()[0] ?? '?').toUpperCase()
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) }
  if (src && failedSrc !== src) {
    return (
      <img
        className="avatar"
        src={src}
        alt={labelled ? name : ''}
        style={style}
        onError={() => setFailedSrc(src)}
        loading="lazy"
      />
    )
  }
  const initialStyle = { ...style, '--avatar-hue': hueOf(name) } as CSSProperties
  if (labelled) {
    return (
      <span className="avatar avatar--initial" style={initialStyle} role="img" aria-label={name}>
        {initial}
      </span>
    )
  }
  return (
    <span className="avatar avatar--initial" style={initialStyle} aria-hidden="true">
      {initial}
    </span>
  )
}

function hueOf(name: string): number {
  let hash = 0
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360
  return hash
}
