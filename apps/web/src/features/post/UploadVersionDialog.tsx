import type { PostDetailResponse } from '@agora/contract'
import { UPLOAD_MAX_FILES, VERSION_CHANGELOG_MAX } from '@agora/contract/limits'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import { DialogForm } from '../../ui/DialogForm'
import { errorText } from '../../ui/errorText'
import { Field, TextField } from '../../ui/TextField'
import { toast } from '../../ui/toast'
import { usePublishVersion } from './useVersions'

export interface UploadVersionDialogProps {
  post: PostDetailResponse
  onClose: () => void
}

/**
 * "Upload new version": new files, a one-line changelog, and which current files to keep
 * (all checked at first). A new file named like a current file replaces it, kept or not, and the
 * dialog says so before it is sent. The Modal traps focus and closes on Escape.
 */
export default function UploadVersionDialog({ post, onClose }: UploadVersionDialogProps) {
  const { t } = useTranslation('post')
  const [files, setFiles] = useState<File[]>([])
  const [changelog, setChangelog] = useState('')
  const [keep, setKeep] = useState<Set<string>>(() => new Set(post.media.map((file) => file.name)))
  const [problem, setProblem] = useState<string | null>(null)
  const publish = usePublishVersion(post.id)
  // A new file named like a current one replaces it, so that one is no longer kept (the dialog says so).
  const currentNames = new Set(post.media.map((file) => file.name))
  const replaced = new Set(files.map((file) => file.name).filter((name) => currentNames.has(name)))
  const kept = [...keep].filter((name) => !replaced.has(name))
  const total = files.length + kept.length

  function submit(event: FormEvent) {
    event.preventDefault()
    const line = changelog.trim()
    if (!line) return setProblem(t('versions.dialog.needsChangelog'))
    if (total === 0) return setProblem(t('versions.dialog.needsFile'))
    if (total > UPLOAD_MAX_FILES) return setProblem(t('versions.dialog.tooMany', { max: UPLOAD_MAX_FILES }))
    setProblem(null)
    publish.mutate(
      { files, changelog: line, keep: kept },
      {
        onSuccess: (next) => {
          toast.success(t('versions.dialog.done', { version: next.version }))
          onClose()
        },
        onError: (error) => {
          if (!isApiError(error, 401)) setProblem(errorText(error, t, t('versions.dialog.failed')))
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
              checked={keep.has(file.name) && !replaced.has(file.name)}
              disabled={replaced.has(file.name)}
              onChange={(event) => {
                const next = new Set(keep)
                if (event.target.checked) next.add(file.name)
                else next.delete(file.name)
                setKeep(next)
              }}
            />{' '}
            {file.name}
            {replaced.has(file.name) && (
              <span className="version-dialog__replaced"> {t('versions.dialog.replacedMark')}</span>
            )}
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
      <p className="version-dialog__replacing" role="status">
        {replaced.size > 0 &&
          t('versions.dialog.replacing', { count: replaced.size, names: [...replaced].join(', ') })}
      </p>
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
