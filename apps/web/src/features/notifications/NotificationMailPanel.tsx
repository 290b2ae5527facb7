import type { MailModeName, MailSettings, NotificationKindName } from '@agora/contract'
import { MAIL_MODES, NOTIFICATION_KINDS } from '@agora/contract/limits'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { getMailSettings, putMailSettings } from '../../api/account'
import { notificationKeys } from '../../api/queryKeys'
import { QueryState } from '../../ui/QueryState'
import { SectionCard } from '../../ui/SectionCard'
import { SelectOptions } from '../../ui/SelectOptions'
import { toast } from '../../ui/toast'

/** Notifications by e-mail: per kind off, at once, or in a daily or weekly digest. */
export function NotificationMailPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('notifications')
  const id = useId()
  const client = useQueryClient()
  const key = notificationKeys.mail(userId)
  const settings = useQuery({ queryKey: key, queryFn: ({ signal }) => getMailSettings(signal) })
  const update = useMutation({
    mutationFn: (change: Partial<Record<NotificationKindName, MailModeName>>) =>
      putMailSettings({ kinds: change }),
    onMutate: (change) => {
      const before = client.getQueryData<MailSettings>(key)
      if (before) client.setQueryData<MailSettings>(key, { ...before, kinds: { ...before.kinds, ...change } })
      return { before }
    },
    onError: (_error, _change, context) => {
      if (context?.before) client.setQueryData(key, context.before)
      toast.error(t('mail.saveFailed'), { duration: 3000 })
    },
    onSuccess: (answer) => client.setQueryData(key, answer),
  })
  const email = settings.data?.email

  return (
    <SectionCard block="notifications-settings" title={t('mail.title')}>
      <QueryState query={settings} loading={t('settings.loading')} failed={t('mail.failed')} failure="notice">
        {(saved) => (
          <>
            <p className="notifications-page__lead">
              {!email?.email
                ? t('mail.noAddress')
                : email.bounced
                  ? t('mail.bounced', { email: email.email })
                  : email.verified
                    ? t('mail.lead', { email: email.email })
                    : t('mail.unverified', { email: email.email })}{' '}
              <Link to="/mypage?tab=account">{t('mail.account')}</Link>
            </p>
            <ul className="notifications-settings__list notifications-mail__list">
              {NOTIFICATION_KINDS.map((kind) => (
                <li key={kind} className="notifications-mail__row cluster">
                  <label className="notifications-mail__label" htmlFor={`${id}-${kind}`}>
                    {t(`settings.kinds.${kind}`)}
                  </label>
                  <select
                    id={`${id}-${kind}`}
                    className="field__input notifications-mail__select"
                    value={saved.kinds[kind]}
                    onChange={(event) => update.mutate({ [kind]: event.target.value as MailModeName })}
                  >
                    <SelectOptions values={MAIL_MODES} labelOf={(mode) => t(`mail.modes.${mode}`)} />
                  </select>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </SectionCard>
  )
}
