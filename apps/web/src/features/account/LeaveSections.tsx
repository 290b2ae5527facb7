import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { deleteAccount, getExports, requestExport } from '../../api/account'
import { accountKeys, meKey } from '../../api/queryKeys'
import { Button } from '../../ui/Button'
import { DialogForm } from '../../ui/DialogForm'
import { errorText } from '../../ui/errorText'
import { formatBytes, useIntlLocale } from '../../ui/format'
import { QueryState } from '../../ui/QueryState'
import { RadioGroup } from '../../ui/RadioGroup'
import { SectionCard } from '../../ui/SectionCard'
import { Timestamp } from '../../ui/Timestamp'
import { toast } from '../../ui/toast'
import { AccountAlert } from './AccountScreen'
import { CurrentPasswordField } from './PasswordFields'

/** "Download your data": ask for an export, see it being made, download it for 7 days. */
export function ExportSection({ userId }: { userId: string }) {
  const { t } = useTranslation('account')
  const locale = useIntlLocale()
  const client = useQueryClient()
  const key = accountKeys.exports(userId)
  const exports = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getExports(signal),
    // While one is being made, look again every few seconds.
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'pending') ? 3000 : false,
  })
  const ask = useMutation({
    mutationFn: requestExport,
    onSuccess: () => {
      toast.success(t('export.asked'), { duration: 4000 })
      void client.invalidateQueries({ queryKey: key })
    },
    onError: (error) => toast.error(errorText(error, t, t('export.failed')), { duration: 4000 }),
  })
  const latest = exports.data?.items[0]
  return (
    <SectionCard block="account-section" title={t('export.title')} lead={t('export.lead')}>
      <QueryState query={exports} loading={t('export.loading')} failed={t('export.loadFailed')}>
        {() => (
          <div className="stack">
            <div role="status">
              {latest?.status === 'pending' && <p>{t('export.pending')}</p>}
              {latest?.status === 'ready' && latest.download_url && latest.expires_at && (
                <p>
                  <a href={latest.download_url} download>
                    {t('export.download', { size: formatBytes(latest.size ?? 0, locale) })}
                  </a>{' '}
                  <span className="account-section__lead">
                    {t('export.until')} <Timestamp value={latest.expires_at} />
                  </span>
                </p>
              )}
              {latest?.status === 'failed' && <p>{t('export.buildFailed')}</p>}
            </div>
            <div>
              <Button
                loading={ask.isPending}
                disabled={latest?.status === 'pending'}
                onClick={() => ask.mutate()}
              >
                {t('export.ask')}
              </Button>
            </div>
          </div>
        )}
      </QueryState>
    </SectionCard>
  )
}

/** "Delete your account": says what happens first, then asks for the password and a choice. */
export function DeleteSection() {
  const { t } = useTranslation('account')
  const [open, setOpen] = useState(false)
  return (
    <SectionCard
      block="account-section"
      className="account-section--danger"
      title={t('delete.title')}
      lead={t('delete.lead')}
    >
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('delete.open')}
      </Button>
      {open && <DeleteDialog onClose={() => setOpen(false)} />}
    </SectionCard>
  )
}

function DeleteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('account')
  const navigate = useNavigate()
  const client = useQueryClient()
  const [password, setPassword] = useState('')
  const [content, setContent] = useState<'delete' | 'keep'>('keep')
  const [problem, setProblem] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const remove = useMutation({
    mutationFn: () => deleteAccount(password, content),
    onSuccess: () => {
      client.removeQueries({ queryKey: meKey })
      void client.invalidateQueries()
      toast.info(t('delete.done'), { duration: 6000 })
      navigate('/', { replace: true })
    },
    onError: (error) => setFailure(errorText(error, t, t('delete.failed'))),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    if (!password) {
      setProblem(t('delete.passwordRequired'))
      return
    }
    remove.mutate()
  }

  return (
    <DialogForm
      title={t('delete.dialogTitle')}
      lead={
        <>
          <p>{t('delete.forfeit')}</p>
          <p>{t('delete.name')}</p>
        </>
      }
      size="sm"
      pending={remove.isPending}
      onClose={onClose}
      onSubmit={submit}
      cancelLabel={t('delete.cancel')}
      submitLabel={t('delete.confirm')}
      danger
    >
      <RadioGroup
        legend={t('delete.contentLegend')}
        className="account-choice"
        optionClassName="account-choice__option"
        options={['keep', 'delete'] as const}
        value={content}
        onChange={setContent}
        labelOf={(choice) => t(`delete.content.${choice}`)}
        disabled={remove.isPending}
      />
      <AccountAlert message={failure} />
      <CurrentPasswordField
        label={t('delete.password')}
        name="delete-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value)
          setProblem(null)
        }}
        error={problem}
        disabled={remove.isPending}
      />
    </DialogForm>
  )
}
