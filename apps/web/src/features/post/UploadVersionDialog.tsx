import type { PostDetailResponse } from '@agora/contract'
import { UPLOAD_MAX_FILES, VERSION_CHANGELOG_MAX } from '@agora/contract/limits'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import { DialogForm } from '../../ui/DialogForm'
import { Field, TextField } from '../../ui/TextField'
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
  const [files, setFiles] = useState<File[]>([])
  const [changelog, setChangelog] = useState('')
  const [keep, setKeep] = useState<Set<string>>(() => new Set(post.media.map((file) => file.name)))
  const [problem, setProblem] = useState<string | null>(null)
  const publish = usePublishVersion(post.id)
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
    <DialogForm
      title={t('versions.dialog.title', { version: post.version_count + 1 })}
      pending={publish.isPending}
      onClose={onClose}
      onSubmit={submit}
      problem={problem}
      problemClassName="post-editor__failure"
      cancelLabel={t('versions.dialog.cancel')}
      submitLabel={t('versions.dialog.publish')}
    >
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
      <Field
        label={t('versions.dialog.files')}
        hint={t('versions.dialog.filesHint', { max: UPLOAD_MAX_FILES })}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            multiple
            onChange={(event) => setFiles([...(event.target.files ?? [])])}
          />
        )}
      </Field>
      <TextField
        label={t('versions.dialog.changelog')}
        required
        maxLength={VERSION_CHANGELOG_MAX}
        value={changelog}
        onChange={(event) => setChangelog(event.target.value)}
      />
    </DialogForm>
  )
}
