import type { PostUploadResponse } from '@agora/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatBytes, useIntlLocale } from '../../ui/format'
import { AlertIcon, SuccessIcon } from '../../ui/icons'
import type { UploadProgressState } from './useUploadPost'

/** The upload's bar; once the server has answered (`stored`) it says so instead of "Storing…". */
export function UploadProgressBar({
  progress,
  stored = false,
}: {
  progress: UploadProgressState
  stored?: boolean
}) {
  const { t } = useTranslation('upload')
  const locale = useIntlLocale()
  const sent = progress.percent >= 100
  const status = t('progress.status', {
    percent: progress.percent,
    loaded: formatBytes(progress.loaded, locale),
    total: formatBytes(progress.total, locale),
  })
  const speed =
    progress.bytesPerSecond !== null && !sent
      ? t('progress.speed', { speed: formatBytes(progress.bytesPerSecond, locale) })
      : null
  return (
    <div className="upload-progress">
      <div
        className="upload-progress__track"
        role="progressbar"
        aria-label={t('progress.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={speed ? `${status} · ${speed}` : status}
      >
        <div className="upload-progress__bar" style={{ width: `${progress.percent}%` }} />
      </div>
      <p className="upload-progress__text">
        <span>{status}</span>
        {speed && <span className="upload-progress__speed">{speed}</span>}
        {sent && (
          <span className="upload-progress__speed">
            {t(stored ? 'progress.stored' : 'progress.processing')}
          </span>
        )}
      </p>
    </div>
  )
}

export function UploadSuccess({ answer }: { answer: PostUploadResponse }) {
  const { t } = useTranslation('upload')
  return (
    <UploadPanel tone="success">
      <p>{t('success.text', { title: answer.post.title })}</p>
      <Link className="btn btn--primary btn--sm" to={`/forum/detail/${encodeURIComponent(answer.post_id)}`}>
        {t('success.view')}
      </Link>
    </UploadPanel>
  )
}

export function UploadError({ message }: { message: string }) {
  return (
    <UploadPanel tone="error">
      <p>{message}</p>
    </UploadPanel>
  )
}

/** How an upload ended: an icon, its title and what follows it (announced politely, an error at once). */
function UploadPanel({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  const { t } = useTranslation('upload')
  const Drawing = tone === 'success' ? SuccessIcon : AlertIcon
  return (
    <div className={`upload-panel upload-panel--${tone}`} role={tone === 'success' ? 'status' : 'alert'}>
      <Drawing size={22} />
      <div>
        <p className="upload-panel__title">{t(`${tone}.title`)}</p>
        {children}
      </div>
    </div>
  )
}
