import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useMyBlocks, useSetBlock } from '../../app/useBlocks'
import { useSession } from '../../app/useSession'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { toast } from '../../ui/toast'
import type { AuthorProfile } from './authorProfile'

/**
 * "Block" / "Unblock" on someone else's page, for a signed-in reader. Blocking asks first
 * and says what it does; unblocking is at once (it only gives back what blocking took).
 */
export function BlockAuthor({ profile }: { profile: AuthorProfile }) {
  const { t } = useTranslation('author')
  const { isAuthenticated } = useSession()
  const blocks = useMyBlocks()
  const setBlock = useSetBlock()
  const [confirming, setConfirming] = useState(false)
  if (!isAuthenticated || profile.isSelf || blocks.isPending) return null
  const blocked = blocks.isBlocked(profile.id)

  function block() {
    setBlock.mutate(
      { userId: profile.id, block: true },
      {
        onSuccess: () => toast.success(t('block.done', { name: profile.name }), { duration: 3000 }),
        onSettled: () => setConfirming(false),
      },
    )
  }

  return (
    <>
      <Button
        size="sm"
        variant={blocked ? 'secondary' : 'ghost'}
        aria-label={t(blocked ? 'block.unblockLabel' : 'block.blockLabel', { name: profile.name })}
        aria-busy={(setBlock.isPending && !confirming) || undefined}
        onClick={() => {
          if (setBlock.isPending) return
          if (blocked) setBlock.mutate({ userId: profile.id, block: false })
          else setConfirming(true)
        }}
      >
        {blocked ? t('block.unblock') : t('block.block')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('block.confirmTitle', { name: profile.name })}
        message={t('block.confirmMessage', { name: profile.name })}
        confirmLabel={t('block.block')}
        cancelLabel={t('block.cancel')}
        danger
        busy={setBlock.isPending}
        onConfirm={block}
        onCancel={() => setConfirming(false)}
      />
    </>
  )
}
