import { useMutation, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { confirmUnsubscribe, getUnsubscribe } from '../../api/account'
import { useDocumentMeta } from '../../app/useDocumentMeta'
import { Button } from '../../ui/Button'
import { errorText } from '../../ui/errorText'
import { Loading } from '../../ui/Loading'
import { AccountAlert, AccountScreen } from './AccountScreen'
import { useMailedToken } from './useMailedToken'

/**
 * /unsubscribe?token=…: the link at the foot of a notification mail. Opening it changes nothing
 * (mail scanners open links); the button stops that mail. No sign-in needed: the link is the permission.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('account')
  useDocumentMeta({ title: t('unsubscribe.title'), description: t('unsubscribe.title') })
  const token = useMailedToken()
  const info = useQuery({
    queryKey: ['mail', 'unsubscribe', token],
    queryFn: ({ signal }) => getUnsubscribe(token, signal),
    enabled: token !== '',
    retry: false,
  })
  const stop = useMutation({ mutationFn: () => confirmUnsubscribe(token) })
  const what = info.data ? t(`unsubscribe.kinds.${info.data.kind}`, { defaultValue: info.data.kind }) : ''
  const stopped = stop.isSuccess || info.data?.unsubscribed

  return (
    <AccountScreen
      title={t('unsubscribe.title')}
      links={
        <>
          <Link to="/notifications">{t('unsubscribe.settings')}</Link>
          <Link to="/">{t('toHome')}</Link>
        </>
      }
    >
      {!token ? (
        <AccountAlert message={t('unsubscribe.noToken')} />
      ) : info.isPending ? (
        <Loading text={t('unsubscribe.loading')} />
      ) : info.isError ? (
        <AccountAlert message={errorText(info.error, t, t('unsubscribe.failed'))} />
      ) : (
        <>
          <div role="status">
            {stopped && <p className="account-screen__done">{t('unsubscribe.done', { what })}</p>}
          </div>
          <AccountAlert message={stop.isError ? errorText(stop.error, t, t('unsubscribe.failed')) : null} />
          {!stopped && (
            <>
              <p>{t('unsubscribe.question', { what })}</p>
              <Button variant="primary" loading={stop.isPending} onClick={() => stop.mutate()}>
                {t('unsubscribe.confirm')}
              </Button>
            </>
          )}
        </>
      )}
    </AccountScreen>
  )
}
