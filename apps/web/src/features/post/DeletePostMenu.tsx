import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { isApiError } from '../../api/client'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { MoreIcon, PencilIcon, TrashIcon, UploadCloudIcon } from '../../ui/contentIcons'
import { refusalText } from '../../ui/errorText'
import { Menu, MenuItem } from '../../ui/Menu'
import { toast } from '../../ui/toast'
import { useDeletePost } from './usePost'

export interface DeletePostMenuProps {
  postId: string
  title: string
  /** Opens the post editor. */
  onEdit: () => void
  /** Opens "Upload new version". */
  onNewVersion?: () => void
}

/**
 * The author's menu: Edit, and Delete (spec §2, §4 "Post deletion"): confirm, delete, then the forum with a
 * toast. Shown only to the author; the server checks again (403 'Only the post author can delete this post').
 */
export function DeletePostMenu({ postId, title, onEdit, onNewVersion }: DeletePostMenuProps) {
  const { t } = useTranslation('post')
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  const remove = useDeletePost(postId)

  function confirm() {
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false)
        toast.success(t('delete.done'))
        navigate('/forum', { replace: true })
      },
      onError: (error) => {
        setConfirming(false)
        if (isApiError(error, 401)) return
        const reason = refusalText(error, t)
        toast.error(
          isApiError(error, 403)
            ? t('delete.onlyAuthor')
            : reason
              ? t('delete.failed', { detail: reason })
              : t('delete.failedGeneric'),
        )
      },
    })
  }

  return (
    <>
      <Menu label={t('menu.label')} button={<MoreIcon size={20} />}>
        <MenuItem icon={<PencilIcon size={18} />} onSelect={onEdit}>
          {t('menu.edit')}
        </MenuItem>
        {onNewVersion && (
          <MenuItem icon={<UploadCloudIcon size={18} />} onSelect={onNewVersion}>
            {t('menu.newVersion')}
          </MenuItem>
        )}
        <MenuItem icon={<TrashIcon size={18} />} onSelect={() => setConfirming(true)}>
          {t('menu.delete')}
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirming}
        title={t('delete.title')}
        message={t('delete.message', { title })}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        danger
        busy={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </>
  )
}
