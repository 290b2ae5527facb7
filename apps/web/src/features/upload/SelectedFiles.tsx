import { useTranslation } from 'react-i18next'
import { AudioIcon, FileIcon, ImageIcon, TrashIcon, VideoIcon } from '../../ui/contentIcons'
import { formatBytes, useIntlLocale } from '../../ui/format'
import { IconButton } from '../../ui/IconButton'
import { InlineList } from '../../ui/InlineList'

export interface SelectedFilesProps {
  files: File[]
  onRemove: (file: File) => void
  disabled?: boolean
}

function iconFor(type: string) {
  if (type.startsWith('image/')) return ImageIcon
  if (type.startsWith('video/')) return VideoIcon
  if (type.startsWith('audio/')) return AudioIcon
  return FileIcon
}

/** The chosen files with their sizes, each with a remove button. */
export function SelectedFiles({ files, onRemove, disabled = false }: SelectedFilesProps) {
  const { t } = useTranslation('upload')
  const locale = useIntlLocale()
  if (files.length === 0) return null
  return (
    <div className="selected-files">
      <h2 className="selected-files__heading">{t('files.heading', { count: files.length })}</h2>
      <InlineList stacked>
        {files.map((file) => {
          const Icon = iconFor(file.type)
          return (
            <li key={`${file.name}:${file.size}:${file.lastModified}`} className="selected-files__item">
              <Icon size={20} className="selected-files__icon" />
              <span className="selected-files__name">{file.name}</span>
              <span className="selected-files__size">{formatBytes(file.size, locale)}</span>
              <IconButton
                className="selected-files__remove"
                label={t('files.remove', { name: file.name })}
                disabled={disabled}
                onClick={() => onRemove(file)}
              >
                <TrashIcon size={18} />
              </IconButton>
            </li>
          )
        })}
      </InlineList>
    </div>
  )
}
