import { type DragEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UploadCloudIcon } from '../../ui/contentIcons'
import { ACCEPTED_FILES, MAX_FILES } from './uploadRules'
import '../../ui/Notice.css'

export interface FileDropZoneProps {
  onFiles: (files: File[]) => void
  disabled?: boolean
  /** id of a message describing the selection's problem, if any. */
  errorId?: string
}

/**
 * The file picker and drag area. The real control is the native file input (a keyboard and screen
 * reader see "Choose files, button"); the whole zone is its label and takes drops.
 */
export function FileDropZone({ onFiles, disabled = false, errorId }: FileDropZoneProps) {
  const { t } = useTranslation('upload')
  const id = useId()
  const [dragging, setDragging] = useState(false)

  function onDragOver(event: DragEvent) {
    if (disabled || !event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    setDragging(true)
  }

  function onDragLeave(event: DragEvent<HTMLElement>) {
    // Moving onto a child is not leaving the zone.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
  }

  function onDrop(event: DragEvent) {
    event.preventDefault()
    setDragging(false)
    if (!disabled && event.dataTransfer.files.length > 0) onFiles([...event.dataTransfer.files])
  }

  return (
    <label
      htmlFor={id}
      className="dashed-panel dashed-panel--bold drop-zone"
      data-dragging={dragging || undefined}
      data-disabled={disabled || undefined}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <UploadCloudIcon size={40} className="drop-zone__icon" />
      <span className="drop-zone__text">
        <span className="drop-zone__choose">{dragging ? t('drop.active') : t('drop.choose')}</span>{' '}
        {!dragging && <span>{t('drop.hint')}</span>}
      </span>
      <span className="drop-zone__limits" id={`${id}-limits`}>
        {t('drop.limits', { max: MAX_FILES })}
      </span>
      <input
        id={id}
        className="drop-zone__input"
        type="file"
        multiple
        accept={ACCEPTED_FILES}
        disabled={disabled}
        aria-describedby={[`${id}-limits`, errorId].filter(Boolean).join(' ')}
        onChange={(event) => {
          const picked = [...(event.target.files ?? [])]
          // Reset, so picking the same file again after removing it still reports a change.
          event.target.value = ''
          if (picked.length > 0) onFiles(picked)
        }}
      />
    </label>
  )
}
