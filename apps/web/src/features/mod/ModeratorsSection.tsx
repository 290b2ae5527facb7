import type { ModUserResponse } from '@agora/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { errorText } from '../../ui/errorText'
import { QueryState } from '../../ui/QueryState'
import { SectionCard } from '../../ui/SectionCard'
import { toast } from '../../ui/toast'
import { PeopleList } from './PeopleList'
import { PersonSearch } from './PersonSearch'
import { useModUsers, useSetRole } from './useModeration'

/** Admins: who moderates, and finding a person by name to grant or revoke the role. */
export function ModeratorsSection({ viewerId }: { viewerId: string }) {
  const { t } = useTranslation('moderation')
  const moderators = useModUsers(viewerId, { role: 'moderator' })
  const [change, setChange] = useState<{ user: ModUserResponse; role: 'user' | 'moderator' } | null>(null)
  const setRole = useSetRole()

  function confirm() {
    if (!change) return
    const { user, role } = change
    setRole.mutate(
      { userId: user.id, role },
      {
        onSuccess: () => {
          toast.success(
            t(role === 'moderator' ? 'moderators.granted' : 'moderators.revoked', { name: user.username }),
          )
          setChange(null)
        },
        onError: (error) => {
          if (!isApiError(error, 401))
            toast.error(t('moderators.roleFailed'), { description: errorText(error, t, '') || undefined })
          setChange(null)
        },
      },
    )
  }

  const roleButton = (user: ModUserResponse) =>
    user.role === 'admin' || user.id === viewerId ? null : user.role === 'moderator' ? (
      <Button
        size="sm"
        aria-label={t('moderators.revokeLabel', { name: user.username })}
        onClick={() => setChange({ user, role: 'user' })}
      >
        {t('moderators.revoke')}
      </Button>
    ) : (
      <Button
        size="sm"
        variant="primary"
        aria-label={t('moderators.grantLabel', { name: user.username })}
        onClick={() => setChange({ user, role: 'moderator' })}
      >
        {t('moderators.grant')}
      </Button>
    )

  return (
    <SectionCard
      block="mod-section"
      className="stack"
      title={t('moderators.title')}
      lead={t('moderators.lead')}
    >
      <QueryState
        query={moderators}
        loading={t('moderators.loading')}
        failed={t('moderators.failed')}
        failure="notice"
      >
        {({ items }) =>
          items.length === 0 ? (
            <p className="mod-page__lead">{t('moderators.none')}</p>
          ) : (
            <PeopleList users={items} label={t('moderators.title')} action={roleButton} />
          )
        }
      </QueryState>
      <PersonSearch viewerId={viewerId} action={roleButton} />
      <ConfirmDialog
        open={change !== null}
        title={
          change
            ? t(
                change.role === 'moderator'
                  ? 'moderators.confirmGrantTitle'
                  : 'moderators.confirmRevokeTitle',
                {
                  name: change.user.username,
                },
              )
            : ''
        }
        message={
          change
            ? t(change.role === 'moderator' ? 'moderators.confirmGrantText' : 'moderators.confirmRevokeText')
            : ''
        }
        confirmLabel={change?.role === 'user' ? t('moderators.revoke') : t('moderators.grant')}
        cancelLabel={t('moderators.cancel')}
        danger={change?.role === 'user'}
        busy={setRole.isPending}
        onConfirm={confirm}
        onCancel={() => setChange(null)}
      />
    </SectionCard>
  )
}
