import { useTranslation } from 'react-i18next'
import { useSignedInToggle } from '../../app/useSignedInToggle'
import { BookmarkIcon } from '../../ui/contentIcons'
import { useSavePost } from './usePost'
import '../../ui/Button.css'

/** "Save" / "Saved" (issue 18): keeps the post in My page's Saved tab. A visitor logs in first. */
export function SaveButton({ postId, saved }: { postId: string; saved: boolean }) {
  const { t } = useTranslation('post')
  const save = useSavePost(postId)
  const press = useSignedInToggle(save, saved)

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
