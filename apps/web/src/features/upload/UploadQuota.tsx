import { useTranslation } from 'react-i18next'
import { formatBytes, useIntlLocale } from '../../ui/format'
import { useUploadQuota } from './useUploadQuota'

/** "Storage: 12 MB of 1 GB used · Up to 60 uploads an hour", under the drop zone. */
export function UploadQuota() {
  const { t } = useTranslation('upload')
  const locale = useIntlLocale()
  const quota = useUploadQuota()
  if (!quota.data) return null
  const { used_bytes, quota_bytes, uploads_per_hour } = quota.data
  const used = formatBytes(used_bytes, locale)
  return (
    <p className="upload-form__note" data-testid="upload-quota">
      {quota_bytes === null
        ? t('quota.unlimited', { used })
        : t('quota.used', { used, quota: formatBytes(quota_bytes, locale) })}
      {' · '}
      {t('quota.rate', { count: uploads_per_hour })}
    </p>
  )
}
