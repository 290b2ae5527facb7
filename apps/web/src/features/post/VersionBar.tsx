import type { PostDetailResponse } from '@agora/contract'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { SelectOptions } from '../../ui/SelectOptions'

export interface VersionBarProps {
  post: PostDetailResponse
  /** The version shown. */
  version: number
  onChoose: (version: number) => void
}

/**
 * "Version 3 of 3 · {changelog}" and the version picker: a native select with a visible
 * label, so it is operated by keyboard and read by screen readers as every other select; the manifest
 * CID wraps anywhere, as a 59-character CID is wider than a phone. Shown once a post has more than one
 * version. Versions keep their numbers; the picker offers only those the reader may open and says
 * how many others are not shown, so no choice leads to a 404.
 */
export function VersionBar({ post, version, onChoose }: VersionBarProps) {
  const { t } = useTranslation('post')
  const id = useId()
  if (post.version_count < 2) return null
  const numbers = [...post.visible_versions].reverse()
  const withheld = post.version_count - post.visible_versions.length
  return (
    <div className="post__versions cluster" data-testid="post-versions">
      <p className="post__version">
        {t('versions.label', { version, count: post.version_count })}
        {post.version_changelog && <span className="post__changelog"> · {post.version_changelog}</span>}
      </p>
      {withheld > 0 && (
        <p className="post__versions-withheld">{t('versions.withheld', { count: withheld })}</p>
      )}
      {numbers.length > 1 && (
        <>
          <label htmlFor={`${id}-picker`} className="post__version-picker-label">
            {t('versions.picker')}
          </label>
          <select
            id={`${id}-picker`}
            className="post__version-picker"
            value={version}
            onChange={(event) => onChoose(Number(event.target.value))}
          >
            <SelectOptions
              values={numbers}
              labelOf={(number) =>
                number === post.version_count
                  ? t('versions.optionCurrent', { version: number })
                  : t('versions.option', { version: number })
              }
            />
          </select>
        </>
      )}
      {post.manifest_cid && (
        <p className="post__manifest-line">
          <span>{t('versions.manifestLabel')}</span>{' '}
          <code className="post__manifest" title={t('versions.manifest')}>
            {post.manifest_cid}
          </code>
        </p>
      )}
    </div>
  )
}
