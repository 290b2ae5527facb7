import type { OwnUserResponse } from '@agora/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { signInMethodsQuery, unlinkOrcid } from '../../api/auth'
import { callPath } from '../../api/client'
import { Button } from '../../ui/Button'
import { errorText } from '../../ui/errorText'
import { SectionCard } from '../../ui/SectionCard'
import { toast } from '../../ui/toast'

/**
 * The account's ORCID iD: linked by signing in at ORCID (which comes back here), or unlinked —
 * refused while ORCID is the account's only way to sign in. Shown where the site has ORCID on.
 */
export function OrcidSection({ user }: { user: OwnUserResponse }) {
  const { t } = useTranslation('account')
  const queryClient = useQueryClient()
  const methods = useQuery(signInMethodsQuery)
  const unlink = useMutation({
    mutationFn: unlinkOrcid,
    onSuccess: () => {
      toast.success(t('orcid.unlinked'), { duration: 4000 })
      void queryClient.invalidateQueries()
    },
    onError: (error) => toast.error(errorText(error, t, t('orcid.failed')), { duration: 4000 }),
  })
  if (!methods.data?.orcid) return null
  return (
    <SectionCard block="account-section" title={t('orcid.title')} lead={t('orcid.lead')}>
      {user.orcid_verified ? (
        <p className="account-section__row">
          {t('orcid.linked', { orcid: user.orcid })}{' '}
          <Button size="sm" onClick={() => unlink.mutate()} loading={unlink.isPending}>
            {t('orcid.unlink')}
          </Button>
        </p>
      ) : (
        <a
          className="btn btn--secondary btn--md"
          href={callPath('GET /auth/orcid/start', { query: { next: '/mypage?tab=account' } })}
        >
          {t('orcid.link')}
        </a>
      )}
    </SectionCard>
  )
}
