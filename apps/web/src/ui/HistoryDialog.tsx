import { diffWords } from 'diff'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './Button'
import { Loading } from './Loading'
import { Modal } from './Modal'
import { Timestamp } from './Timestamp'
import './HistoryDialog.css'

/** One revision as the dialog shows it: who made it, when, and its fields in a fixed order. */
export interface HistoryEntry {
  revision: number
  editorName: string
  createdAt: string
  fields: { name: string; label: string; text: string }[]
}

export interface HistoryDialogProps {
  open: boolean
  onClose: () => void
  title: string
  /** Oldest first, the current revision last; null while loading. */
  entries: HistoryEntry[] | null
  /** Why the history could not be loaded. */
  error?: string | null
}

/**
 * An edit history (issue 26): newest revision first, each shown as the words it inserted and
 * deleted against the one before it. Insertions and deletions are underlined and struck through
 * (not told by colour alone) and named for screen readers. The first revision shows as written.
 */
export default function HistoryDialog({ open, onClose, title, entries, error }: HistoryDialogProps) {
  const { t } = useTranslation()
  const id = useId()
  const newestFirst = entries ? [...entries].reverse() : []
  return (
    <Modal open={open} onClose={onClose} labelledBy={`${id}-title`} size="lg" className="history">
      <div className="history__body">
        <h2 id={`${id}-title`} className="history__title">
          {title}
        </h2>
        {error ? (
          <p role="alert">{error}</p>
        ) : !entries ? (
          <Loading block text={t('history.loading')} />
        ) : (
          <ol className="history__list">
            {newestFirst.map((entry, index) => (
              <li key={entry.revision} className="history__entry">
                <p className="history__meta">
                  <span className="history__revision">
                    {t('history.revision', { revision: entry.revision })}
                  </span>
                  <span>{entry.editorName || t('history.unknownEditor')}</span>
                  <Timestamp value={entry.createdAt} />
                </p>
                <RevisionChanges entry={entry} previous={newestFirst[index + 1]} />
              </li>
            ))}
          </ol>
        )}
        <div className="history__actions">
          <Button onClick={onClose}>{t('close')}</Button>
        </div>
      </div>
    </Modal>
  )
}

function RevisionChanges({ entry, previous }: { entry: HistoryEntry; previous?: HistoryEntry }) {
  const { t } = useTranslation()
  if (!previous) {
    return (
      <>
        <p className="history__note">{t('history.original')}</p>
        {entry.fields
          .filter((field) => field.text)
          .map((field) => (
            <section key={field.name} className="history__field">
              <h3 className="history__label">{field.label}</h3>
              <p className="history__text">{field.text}</p>
            </section>
          ))}
      </>
    )
  }
  const changed = entry.fields.filter(
    (field) => previous.fields.find((before) => before.name === field.name)?.text !== field.text,
  )
  return changed.map((field) => (
    <section key={field.name} className="history__field">
      <h3 className="history__label">{field.label}</h3>
      <WordDiff
        before={previous.fields.find((before) => before.name === field.name)?.text ?? ''}
        after={field.text}
      />
    </section>
  ))
}

/** The words `after` inserted into and deleted from `before`. */
export function WordDiff({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation()
  return (
    <p className="history__text word-diff">
      {diffWords(before, after).map((part, index) =>
        part.added ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff, never reordered.
          <ins key={index}>
            <span className="visually-hidden">{t('history.inserted')}</span>
            {part.value}
          </ins>
        ) : part.removed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff, never reordered.
          <del key={index}>
            <span className="visually-hidden">{t('history.deleted')}</span>
            {part.value}
          </del>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff, never reordered.
          <span key={index}>{part.value}</span>
        ),
      )}
    </p>
  )
}
