import { POST_LICENSES } from '@agora/contract/limits'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import { UploadAbortedError, type UploadFields } from '../../api/posts'
import { useLoginModal } from '../../app/LoginModalProvider'
import { useDocumentMeta } from '../../app/useDocumentMeta'
import { useSession } from '../../app/useSession'
import { Button } from '../../ui/Button'
import { ChevronUpIcon, UploadCloudIcon } from '../../ui/contentIcons'
import { refusalText } from '../../ui/errorText'
import { ChevronDownIcon } from '../../ui/icons'
import { useDraft } from '../../ui/useDraft'
import { FileDropZone } from './FileDropZone'
import { type MetadataErrors, MetadataForm, metadataErrors, TitleField } from './MetadataForm'
import { PostingLimit } from './PostingLimit'
import { SelectedFiles } from './SelectedFiles'
import { UploadQuota } from './UploadQuota'
import { UploadError, UploadProgressBar, UploadSuccess } from './UploadStatus'
import { addToSelection, checkSubmission, MAX_FILES } from './uploadRules'
import { useUploadPost } from './useUploadPost'
import '../../app/Screen.css'
import '../../ui/Card.css'
import './UploadPage.css'

const EMPTY_FIELDS: UploadFields = {
  title: '',
  summary: '',
  content: '',
  tags: '',
  ai_instruction: '',
  visibility: 'public',
  license: POST_LICENSES[0],
  doi: '',
}

/** The form clears this long after a success; the success panel stays (spec §4: about 1 s). */
const RESET_AFTER_MS = 1000

/**
 * /upload — Decentralized Storage on IPFS (spec §2, §4 "Upload"): pick or drop up to 5 files, describe
 * the post, upload with real progress, then a link to the new post.
 */
export function UploadPage() {
  const { t } = useTranslation('upload')
  useDocumentMeta({ title: t('title'), description: t('common:descriptions.upload') })
  const { status, basic } = useSession()
  const { openLogin } = useLoginModal()
  const upload = useUploadPost()
  const [files, setFiles] = useState<File[]>([])
  // The text of an unsent post stays on this device (files cannot) until it is sent or discarded.
  const draft = useDraft<UploadFields>(basic?.id ? `upload:${basic.id}` : null, EMPTY_FIELDS)
  const { value: fields, setValue: setFields, forget: forgetDraft } = draft
  const [metadataOpen, setMetadataOpen] = useState(draft.restored)
  // A restored draft is shown, not left in a closed section.
  useEffect(() => {
    if (draft.restored) setMetadataOpen(true)
  }, [draft.restored])
  const [selectionProblems, setSelectionProblems] = useState<string[]>([])
  const [fieldErrors, setFieldErrors] = useState<MetadataErrors>({})
  const id = useId()
  const metadataId = `${id}-metadata`
  const titleId = `${id}-title`
  const selectionErrorId = `${id}-selection`
  const uploading = upload.isPending

  // After a success the form empties itself; the success panel and its link stay.
  useEffect(() => {
    if (!upload.isSuccess) return
    forgetDraft()
    const timer = window.setTimeout(() => {
      setFiles([])
      setFields(EMPTY_FIELDS)
      setFieldErrors({})
    }, RESET_AFTER_MS)
    return () => window.clearTimeout(timer)
  }, [upload.isSuccess, forgetDraft, setFields])

  function addFiles(incoming: File[]) {
    if (upload.isSuccess || upload.isError) upload.reset()
    const { files: next, problems } = addToSelection(files, incoming)
    setFiles(next)
    setSelectionProblems(
      problems.map((problem) =>
        problem.kind === 'tooMany'
          ? t('validation.tooMany', { max: MAX_FILES })
          : t('validation.tooLarge', { name: problem.name }),
      ),
    )
  }

  function removeFile(file: File) {
    setFiles((current) => current.filter((selected) => selected !== file))
    setSelectionProblems([])
  }

  function focusTitle() {
    document.getElementById(titleId)?.querySelector('input')?.focus()
  }

  function start() {
    const problems = checkSubmission(files.length, fields)
    const errors = metadataErrors(problems, t)
    const selection = problems.some((problem) => problem.kind === 'noFiles') ? [t('validation.noFiles')] : []
    setSelectionProblems(selection)
    setFieldErrors(errors)
    if (problems.length > 0) {
      if (errors.tags || errors.doi) setMetadataOpen(true)
      if (errors.title && selection.length === 0) focusTitle()
      return
    }
    if (status === 'anonymous') {
      openLogin({ onSuccess: () => upload.mutate({ files, fields }) })
      return
    }
    upload.mutate(
      { files, fields },
      {
        onError: (error) => {
          if (isApiError(error, 401)) openLogin({ onSuccess: () => upload.mutate({ files, fields }) })
        },
      },
    )
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!uploading) start()
  }

  const error = upload.error
  const errorText =
    !error || error instanceof UploadAbortedError
      ? null
      : isApiError(error, 401)
        ? t('loginNotice')
        : isApiError(error) && (error.code === 'network' || error.code === 'timeout')
          ? t(`common:api.${error.code}`)
          : (refusalText(error, t) ?? t('error.generic'))

  return (
    <div className="container screen upload-page">
      <header className="upload-page__header">
        <h1>{t('title')}</h1>
        <p className="screen__lead">{t('lead')}</p>
      </header>

      {status === 'anonymous' && (
        <div className="upload-panel upload-panel--info">
          <p>{t('loginNotice')}</p>
          <Button size="sm" variant="primary" onClick={() => openLogin()}>
            {t('login')}
          </Button>
        </div>
      )}

      <PostingLimit />

      <form className="upload-form stack" onSubmit={submit} noValidate>
        <FileDropZone
          onFiles={addFiles}
          disabled={uploading}
          errorId={selectionProblems.length > 0 ? selectionErrorId : undefined}
        />
        {selectionProblems.length > 0 && (
          <div id={selectionErrorId} className="upload-form__problems" role="alert">
            {selectionProblems.map((problem) => (
              <p key={problem}>{problem}</p>
            ))}
          </div>
        )}
        <SelectedFiles files={files} onRemove={removeFile} disabled={uploading} />
        <UploadQuota />

        {/* Required, so never inside the collapsed section below. */}
        <fieldset id={titleId} className="upload-form__title" disabled={uploading}>
          <TitleField fields={fields} onChange={setFields} error={fieldErrors.title} />
        </fieldset>
        <div className="card upload-form__metadata">
          <button
            type="button"
            className="upload-form__toggle"
            aria-expanded={metadataOpen}
            aria-controls={metadataId}
            onClick={() => setMetadataOpen((open) => !open)}
          >
            {metadataOpen ? <ChevronUpIcon size={18} /> : <ChevronDownIcon size={18} />}
            {metadataOpen ? t('metadata.hide') : t('metadata.show')}
          </button>
          {metadataOpen && (
            <fieldset className="upload-form__fieldset" disabled={uploading}>
              <MetadataForm
                id={metadataId}
                fields={fields}
                onChange={setFields}
                errors={fieldErrors}
                withTitle={false}
                draft={draft}
              />
            </fieldset>
          )}
        </div>

        {/* After success the whole body was sent: the bar stays, full, until the form resets. */}
        {(uploading || upload.isSuccess) && upload.progress && (
          <UploadProgressBar
            progress={
              upload.isSuccess
                ? { ...upload.progress, percent: 100, loaded: upload.progress.total }
                : upload.progress
            }
            stored={upload.isSuccess}
          />
        )}
        {upload.isSuccess && <UploadSuccess answer={upload.data} />}
        {errorText && <UploadError message={errorText} />}
        {error instanceof UploadAbortedError && <p className="upload-form__note">{t('error.cancelled')}</p>}

        <div className="upload-form__actions">
          <Button
            type="submit"
            variant="primary"
            size="lg"
            loading={uploading}
            icon={<UploadCloudIcon size={20} />}
          >
            {t('submit')}
          </Button>
          {uploading && <Button onClick={upload.cancel}>{t('cancel')}</Button>}
        </div>
      </form>
    </div>
  )
}
