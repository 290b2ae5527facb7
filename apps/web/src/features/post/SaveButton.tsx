import type { PostDetailResponse } from '@agora/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import { setSaved } from '../../api/follows'
import { postKeys, profileKeys } from '../../api/queryKeys'
import { useLoginModal } from '../../app/LoginModalProvider'
import { useSession } from '../../app/useSession'
import { BookmarkIcon } from '../../ui/contentIcons'
import { toast } from '../../ui/toast'
import '../../ui/Button.css'

/** Saves or unsaves the post: shown at once, rolled back when the server refuses. */
function useSavePost(postId: string) {
  const client = useQueryClient()
  const { t } = useTranslation('post')
  const key = postKeys.detail(postId)
  return useMutation({
    mutationFn: (save: boolean) => setSaved(postId, save),
    onMutate: async (save) => {
      await client.cancelQueries({ queryKey: key })
      const previous = client.getQueryData<PostDetailResponse>(key)
      if (previous) client.setQueryData<PostDetailResponse>(key, { ...previous, is_saved: save })
      return { previous }
    },
    onSuccess: (answer) => {
      client.setQueryData<PostDetailResponse>(key, (post) => post && { ...post, is_saved: answer.saved })
      void client.invalidateQueries({ queryKey: profileKeys.ownList('saved') })
    },
    onError: (error, _save, context) => {
      if (context?.previous) client.setQueryData(key, context.previous)
      // A 401 opens the login card by itself.
      if (!isApiError(error, 401))
        toast.error(t('save.failed'), { description: isApiError(error) ? error.detail : undefined })
    },
  })
}

/** "Save" / "Saved" (issue 18): keeps the post in My page's Saved tab. A visitor logs in first. */
export function SaveButton({ postId, saved }: { postId: string; saved: boolean }) {
  const { t } = useTranslation('post')
  const { status } = useSession()
  const { openLogin } = useLoginModal()
  const save = useSavePost(postId)

  function press() {
    if (save.isPending) return
    if (status === 'anonymous') return openLogin({ onSuccess: () => save.mutate(true) })
    save.mutate(!saved)
  }

  return (
    <button
      type="button"
      className="pill-button save-button"
      aria-pressed={saved}
      // One name, the state in aria-pressed: "Save, pressed" reads as saved.
      aria-label={t('save.save')}
      aria-busy={save.isPending || undefined}
      onClick={press}
    >
      <BookmarkIcon size={20} filled={saved} />
      <span>{saved ? t('save.saved') : t('save.save')}</span>
    </button>
  )
}
