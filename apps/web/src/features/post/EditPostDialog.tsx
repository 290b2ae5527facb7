import type { PostDetailResponse } from '@agora/contract'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import { type PostEdit, postConflictOf, type UploadFields } from '../../api/posts'
import { useSession } from '../../app/useSession'
import { Button } from '../../ui/Button'
import { DialogForm } from '../../ui/DialogForm'
import { errorText } from '../../ui/errorText'
import { CompareVersions } from '../../ui/HistoryDialog'
import { Modal } from '../../ui/Modal'
import { toast } from '../../ui/toast'
import { useDraft } from '../../ui/useDraft'
import { checkMetadata, type MetadataErrors, MetadataForm } from '../upload/MetadataForm'
import { useEditPost } from './usePost'
import './EditPostDialog.css'

type EditableFields = Omit<PostEdit, 'base_revision'>
const FIELD_NAMES = ['title', 'summary', 'content', 'tags', 'visibility', 'license', 'doi'] as const

function fieldsOf(post: PostDetailResponse): EditableFields {
  return {
    title: post.title,
    summary: post.Summary || post.summary,
    content: post.content,
    tags: post.tags.join(', '),
    visibility: post.visibility === 'private' ? 'private' : 'public',
    license: post.license,
    doi: post.doi,
  }
}

export interface EditPostDialogProps {
  post: PostDetailResponse
  onClose: () => void
}

/**
 * The post editor: the upload form's fields, filled with the post as it is. Saving sends
 * the revision the edit started from; when someone changed the post meanwhile the dialog shows both
 * versions instead of overwriting, and the author chooses.
 */
export default function EditPostDialog({ post, onClose }: EditPostDialogProps) {
  const { t } = useTranslation('post')
  const { t: tUpload } = useTranslation('upload')
  const id = useId()
  const { basic } = useSession()
  // An unsent edit stays on this device, with the revision it started from, until saved or discarded.
  const draft = useDraft(basic?.id ? `post-edit:${basic.id}:${post.id}` : null, {
    fields: fieldsOf(post),
    baseRevision: post.revision,
  })
  const { fields, baseRevision } = draft.value
  const setFields = (next: EditableFields) => draft.setValue((current) => ({ ...current, fields: next }))
  const setBaseRevision = (revision: number) =>
    draft.setValue((current) => ({ ...current, baseRevision: revision }))
  const [errors, setErrors] = useState<MetadataErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [conflict, setConflict] = useState<PostDetailResponse | null>(null)
  // Made public, a post shows others only what was written while public unless the author shares the rest.
  const [sharePrivateHistory, setSharePrivateHistory] = useState(false)
  const goingPublic = post.visibility === 'private' && fields.visibility === 'public'
  const edit = useEditPost(post.id)

  function save(event: FormEvent) {
    event.preventDefault()
    const problems = checkMetadata(fields, tUpload)
    setErrors(problems)
    setFailure(null)
    if (problems.title || problems.tags || problems.doi) return
    edit.mutate(
      {
        ...fields,
        base_revision: baseRevision,
        ...(goingPublic && sharePrivateHistory ? { share_private_history: true } : {}),
      },
      {
        onSuccess: (saved) => {
          draft.forget()
          toast.success(saved.revision === baseRevision ? t('edit.unchanged') : t('edit.saved'))
          onClose()
        },
        onError: (error) => {
          const current = postConflictOf(error)
          if (current) setConflict(current)
          else if (!isApiError(error, 401)) setFailure(errorText(error, t, t('edit.failed')))
        },
      },
    )
  }

  if (conflict)
    return (
      <Modal open onClose={onClose} labelledBy={`${id}-title`} size="lg">
        <div className="modal__body">
          <h2 id={`${id}-title`} className="modal__title">
            {t('edit.conflict.title')}
          </h2>
          <EditConflict
            current={conflict}
            mine={fields}
            onKeepMine={() => {
              setBaseRevision(conflict.revision)
              setConflict(null)
            }}
            onTakeTheirs={() => {
              setFields(fieldsOf(conflict))
              setBaseRevision(conflict.revision)
              setConflict(null)
            }}
          />
        </div>
      </Modal>
    )
  return (
    <DialogForm
      title={t('edit.title')}
      size="lg"
      pending={edit.isPending}
      onClose={onClose}
      onSubmit={save}
      problem={failure}
      problemClassName="post-editor__failure"
      cancelLabel={t('edit.cancel')}
      submitLabel={t('edit.save')}
    >
      <MetadataForm
        id={`${id}-fields`}
        fields={{ ...fields, ai_instruction: '' } satisfies UploadFields}
        onChange={({ ai_instruction: _, ...next }) => setFields(next)}
        errors={errors}
        withAiInstruction={false}
        draft={draft}
      />
      {goingPublic && (
        <label className="post-editor__share">
          <input
            type="checkbox"
            checked={sharePrivateHistory}
            onChange={(event) => setSharePrivateHistory(event.target.checked)}
          />{' '}
          {t('edit.sharePrivateHistory')}
        </label>
      )}
    </DialogForm>
  )
}

/** "This was changed meanwhile": what the post says now against the author's edit, field by field. */
function EditConflict({
  current,
  mine,
  onKeepMine,
  onTakeTheirs,
}: {
  current: PostDetailResponse
  mine: EditableFields
  onKeepMine: () => void
  onTakeTheirs: () => void
}) {
  const { t } = useTranslation('post')
  const now = fieldsOf(current)
  const differing = FIELD_NAMES.filter((name) => now[name] !== mine[name])
  const shown = (fields: EditableFields, name: (typeof FIELD_NAMES)[number]) =>
    name === 'visibility'
      ? t(`edit.visibility.${fields.visibility}`)
      : name === 'license'
        ? t(`license.names.${fields.license.replaceAll('.', '_')}`)
        : fields[name]
  return (
    <div className="modal__body">
      <p role="alert">{t('edit.conflict.message', { revision: current.revision })}</p>
      <p className="post-editor__legend">{t('edit.conflict.legend')}</p>
      {differing.map((name) => (
        <CompareVersions
          key={name}
          label={t(`edit.fields.${name}`)}
          current={shown(now, name)}
          mine={shown(mine, name)}
        />
      ))}
      <div className="modal__actions">
        <Button onClick={onTakeTheirs}>{t('edit.conflict.takeCurrent')}</Button>
        <Button variant="primary" onClick={onKeepMine}>
          {t('edit.conflict.keepMine')}
        </Button>
      </div>
    </div>
  )
}
