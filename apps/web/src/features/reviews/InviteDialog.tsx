import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import { DialogForm } from '../../ui/DialogForm'
import { errorText } from '../../ui/errorText'
import { TextField } from '../../ui/TextField'
import { toast } from '../../ui/toast'
import { useInviteReviewer } from './useReviews'

/** "Invite a reviewer": a username, sent as an invitation to review the post. */
export default function InviteDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  const { t } = useTranslation('reviews')
  const [username, setUsername] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const invite = useInviteReviewer(postId)

  function submit(event: FormEvent) {
    event.preventDefault()
    const name = username.trim().replace(/^@/, '')
    if (!name) {
      setProblem(t('invite.empty'))
      return
    }
    setProblem(null)
    invite.mutate(name, {
      onSuccess: (request) => {
        toast.success(t('invite.sent', { name: request.reviewer.username }))
        onClose()
      },
      onError: (error) => {
        if (!isApiError(error, 401)) setProblem(errorText(error, t, t('invite.failed')))
      },
    })
  }

  return (
    <DialogForm
      title={t('invite.title')}
      lead={t('invite.lead')}
      size="sm"
      pending={invite.isPending}
      onClose={onClose}
      onSubmit={submit}
      problem={problem}
      cancelLabel={t('invite.cancel')}
      submitLabel={t('invite.submit')}
    >
      <TextField
        label={t('invite.username')}
        value={username}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setUsername(event.target.value)}
      />
    </DialogForm>
  )
}
