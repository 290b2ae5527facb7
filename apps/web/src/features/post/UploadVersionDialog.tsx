import type { PostDetailResponse } from '@agora/contract'
import { UPLOAD_MAX_FILES, VERSION_CHANGELOG_MAX } from '@agora/contract/limits'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import { Button } from '../../ui/Button'
import { Modal } from '../../ui/Modal'
import { toast } from '../../ui/toast'
import { usePublishVersion } from './useVersions'

export interface UploadVersionDialogProps {
  post: PostDetailResponse
  onClose: () => void
}

/**
 * "Upload new version" (issue 26): new files, a one-line changelog, and which current files to keep
 * (all checked at first). A new file named like a file not kept replaces it. The Modal traps focus
 * and closes on Escape.
 */
export default function UploadVersionDialog({ post, onClose }: UploadVersionDialogProps) {
  const { t } = useTranslation('post')
  const id = useId()
  const [files, setFiles] = useState<File[]>([])
  const [changelog, setChangelog] = useState('')
  const [keep, setKeep] = useState<Set<string>>(() => new Set(post.media.map((file) => file.name)))
  const [problem, setProblem] = useState<string | null>(null)
  const publish = usePublishVersion(post.id)
  const close = () => {
    if (!publish.isPending) onClose()
  }
  const total = files.length + post.media.filter((file) => keep.has(file.name)).length

  function submit(event: FormEvent) {
    event.preventDefault()
    const line = changelog.trim()
    if (!line) return setProblem(t('versions.dialog.needsChangelog'))
    if (total === 0) return setProblem(t('versions.dialog.needsFile'))
    if (total > UPLOAD_MAX_FILES) return setProblem(t('versions.dialog.tooMany', { max: UPLOAD_MAX_FILES }))
    setProblem(null)
    publish.mutate(
      { files, changelog: line, keep: [...keep] },
      {
        onSuccess: (next) => {
          toast.success(t('versions.dialog.done', { version: next.version }))
          onClose()
        },
        onError: (error) => {
          if (!isApiError(error, 401))
            setProblem(isApiError(error) ? error.detail : t('versions.dialog.failed'))
        },
      },
    )
  }

  return (
    <Modal open onClose={close} labelledBy={`${id}-title`} size="md">
      <form className="modal__body stack version-dialog" onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} className="modal__title">
          {t('versions.dialog.title', { version: post.version_count + 1 })}
        </h2>
        <fieldset className="version-dialog__keep stack">
          <legend>{t('versions.dialog.keep')}</legend>
          {post.media.map((file) => (
            <label key={`${file.cid}-${file.name}`} className="version-dialog__file">
              <input
                type="checkbox"
                checked={keep.has(file.name)}
                onChange={(event) => {
                  const next = new Set(keep)
                  if (event.target.checked) next.add(file.name)
                  else next.delete(file.name)
                  setKeep(next)
                }}
              />{' '}
              {file.name}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-files`}>
            {t('versions.dialog.files')}
          </label>
          <input
            id={`${id}-files`}
            type="file"
            multiple
            onChange={(event) => setFiles([...(event.target.files ?? [])])}
          />
          <p className="field__hint">{t('versions.dialog.filesHint', { max: UPLOAD_MAX_FILES })}</p>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-changelog`}>
            {t('versions.dialog.changelog')}
          </label>
          <input
            id={`${id}-changelog`}
            className="field__input"
            type="text"
            required
            maxLength={VERSION_CHANGELOG_MAX}
            value={changelog}
            onChange={(event) => setChangelog(event.target.value)}
          />
        </div>
        {problem && (
          <p className="post-editor__failure" role="alert">
            {problem}
          </p>
        )}
        <div className="modal__actions">
          <Button onClick={close} disabled={publish.isPending}>
            {t('versions.dialog.cancel')}
          </Button>
          <Button type="submit" variant="primary" loading={publish.isPending}>
            {t('versions.dialog.publish')}
          </Button>
        </div>
      </form>
    </Modal>
  )
}
