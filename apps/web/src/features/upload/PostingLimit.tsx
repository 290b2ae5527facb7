import { useTranslation } from 'react-i18next'
import { formatFull, parseTimestamp, useIntlLocale } from '../../ui/format'
import { useUploadQuota } from './useUploadQuota'

/**
 * A new account's posting limit, said before the form is filled: "New accounts may publish 3 posts
 * a day; you have 2 left." Members have no limit and see nothing.
 */
export function PostingLimit() {
  const { t } = useTranslation('upload')
  const locale = useIntlLocale()
  const quota = useUploadQuota()
  const allowance = quota.data
  if (!allowance || allowance.posts_per_day === null || allowance.posts_left === null) return null
  const again = parseTimestamp(allowance.posts_again_at)
  return (
    <div className="upload-panel upload-panel--info" data-testid="posting-limit">
      <p>
        {t('postingLimit.limit', { count: allowance.posts_per_day })}{' '}
        {allowance.posts_left > 0 || !again
          ? t('postingLimit.left', { count: allowance.posts_left })
          : t('postingLimit.none', { when: formatFull(again, locale) })}
      </p>
    </div>
  )
}
