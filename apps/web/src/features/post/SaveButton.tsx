import { useTranslation } from 'react-i18next'
import { BookmarkIcon } from '../../ui/contentIcons'
import { PillToggle } from './PillToggle'
import { useSavePost } from './usePost'

/** "Save" / "Saved": keeps the post in My page's Saved tab. A visitor logs in first. */
export function SaveButton({ postId, saved }: { postId: string; saved: boolean }) {
  const { t } = useTranslation('post')
  const save = useSavePost(postId)
  return (
    // One name, the state in aria-pressed: "Save, pressed" reads as saved.
    <PillToggle change={save} on={saved} label={t('save.save')} className="save-button">
      <BookmarkIcon size={20} filled={saved} />
      <span>{saved ? t('save.saved') : t('save.save')}</span>
    </PillToggle>
  )
}
