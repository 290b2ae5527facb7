import { type ChangeEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Avatar } from '../../ui/Avatar'
import { Spinner } from '../../ui/Spinner'
import { toast } from '../../ui/toast'
import { CameraIcon } from './icons'
import { AVATAR_MAX_BYTES } from './profileLimits'

export interface AvatarUploadProps {
  name: string
  avatar: string
  /** Uploads the file; `preview` is a local object URL to show meanwhile. Resolves whether it was kept. */
  onUpload: (file: File, preview: string) => Promise<boolean>
}

/**
 * The clickable avatar (product-spec §2, §5): choose an image, see it at once (a local preview), and
 * get the old one back if the upload fails. Only image/* files are sent.
 */
export function AvatarUpload({ name, avatar, onUpload }: AvatarUploadProps) {
  const { t } = useTranslation('mypage')
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const previews = useRef(new Set<string>())

  // Object URLs live until the page goes (the cached avatar may still point at one until then).
  useEffect(() => {
    const urls = previews.current
    return () => {
      for (const url of urls) URL.revokeObjectURL(url)
    }
  }, [])

  async function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    if (!file.type.startsWith('image/')) {
      toast.error(t('avatar.invalidType'), { description: t('avatar.invalidTypeDetails') })
      return
    }
    if (file.size > AVATAR_MAX_BYTES) {
      toast.error(t('saveFailed.avatar'), {
        description: t('avatar.tooLarge', { mb: AVATAR_MAX_BYTES / (1024 * 1024) }),
      })
      return
    }
    const preview = URL.createObjectURL(file)
    previews.current.add(preview)
    setBusy(true)
    await onUpload(file, preview)
    setBusy(false)
  }

  return (
    <div className="avatar-upload">
      <button
        type="button"
        className="avatar-upload__button"
        onClick={() => input.current?.click()}
        disabled={busy}
        aria-busy={busy || undefined}
        aria-label={t('avatar.change')}
        title={t('avatar.change')}
      >
        <Avatar src={avatar} name={name} size={112} />
        <span className="avatar-upload__overlay" aria-hidden="true">
          {busy ? <Spinner /> : <CameraIcon size={22} />}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={chosen}
        data-testid="avatar-input"
      />
    </div>
  )
}
