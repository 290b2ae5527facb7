import type { PostUploadResponse } from '@agora/contract'
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
    <div className="upload-panel upload-panel--success" role="status">
      <SuccessIcon size={22} />
      <div>
        <p className="upload-panel__title">{t('success.title')}</p>
        <p>{t('success.text', { title: answer.post.title })}</p>
        <Link className="btn btn--primary btn--sm" to={`/forum/detail/${encodeURIComponent(answer.post_id)}`}>
          {t('success.view')}
        </Link>
      </div>
    </div>
  )
}

export function UploadError({ message }: { message: string }) {
  const { t } = useTranslation('upload')
  return (
    <div className="upload-panel upload-panel--error" role="alert">
      <AlertIcon size={22} />
      <div>
        <p className="upload-panel__title">{t('error.title')}</p>
        <p>{message}</p>
      </div>
    </div>
  )
}
