import { useContext } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PostVersion } from './postVersion'

/**
 * "on v2" beside a comment written on an earlier version of the post's files, a link to that
 * version; plain words when the reader may not open it (`version` null), so no link leads to a 404.
 */
export function CommentVersion({ version }: { version: number | null }) {
  const { t } = useTranslation('comments')
  const current = useContext(PostVersion)
  if (version === null)
    return (
      <span className="comment__version" title={t('item.onWithheldVersionTitle')}>
        {t('item.onWithheldVersion')}
      </span>
    )
  if (version >= current) return null
  return (
    <Link
      to={`?version=${version}`}
      className="comment__version"
      title={t('item.onVersionTitle', { version })}
      aria-label={t('item.onVersionTitle', { version })}
    >
      {t('item.onVersion', { version })}
    </Link>
  )
}
