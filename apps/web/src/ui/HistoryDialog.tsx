import { diffWords } from 'diff'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../api/client'
import { DialogActions } from './DialogActions'
import { Loading } from './Loading'
import { Modal } from './Modal'
import { Timestamp } from './Timestamp'
import './HistoryDialog.css'
import { errorText } from './errorText'

/** A revision as the API answers it: its number, who made it and when (and its fields). */
export interface Revision {
  revision: number
  editor_name: string
  created_at: string
}

/** One field of a revision, in the order the dialog shows them. */
export interface HistoryField {
  name: string
  label: string
  text: string
}

export interface HistoryDialogProps<Item extends Revision> {
  onClose: () => void
  title: string
  /** The revisions' query: oldest first, the current revision last. */
  revisions: { data?: { items: Item[] }; isError: boolean; error: unknown }
  fieldsOf: (item: Item) => HistoryField[]
}

/**
 * An edit history: newest revision first, each shown as the words it inserted and
 * deleted against the one before it. Insertions and deletions are underlined and struck through
 * (not told by colour alone) and named for screen readers. The first revision shows as written.
 */
export default function HistoryDialog<Item extends Revision>({
  onClose,
  title,
  revisions,
  fieldsOf,
}: HistoryDialogProps<Item>) {
  const { t } = useTranslation()
  const id = useId()
  const newestFirst = [...(revisions.data?.items ?? [])].reverse()
  return (
    <Modal open onClose={onClose} labelledBy={`${id}-title`} size="lg">
      <div className="modal__body">
        <h2 id={`${id}-title`} className="modal__title">
          {title}
        </h2>
        {revisions.isError ? (
          <p role="alert">
            {isApiError(revisions.error, 404)
              ? t('history.withheld')
              : errorText(revisions.error, t, t('history.failed'))}
          </p>
        ) : !revisions.data ? (
          <Loading block text={t('history.loading')} />
        ) : (
          <ol className="history__list">
            {newestFirst.map((item, index) => (
              <li key={item.revision} className="history__entry">
                <p className="history__meta">
                  <span className="history__revision">
                    {t('history.revision', { revision: item.revision })}
                  </span>
                  <span>{item.editor_name || t('history.unknownEditor')}</span>
                  <Timestamp value={item.created_at} />
                </p>
                <RevisionChanges
                  fields={fieldsOf(item)}
                  previous={newestFirst[index + 1] && fieldsOf(newestFirst[index + 1])}
                />
              </li>
            ))}
          </ol>
        )}
        <DialogActions cancelLabel={t('close')} onCancel={onClose} />
      </div>
    </Modal>
  )
}

function RevisionChanges({ fields, previous }: { fields: HistoryField[]; previous?: HistoryField[] }) {
  const { t } = useTranslation()
  const before = (name: string) => previous?.find((field) => field.name === name)?.text ?? ''
  const shown = previous
    ? fields.filter((field) => before(field.name) !== field.text)
    : fields.filter((f) => f.text)
  return (
    <>
      {!previous && <p className="history__label">{t('history.original')}</p>}
      {shown.map((field) => (
        <section key={field.name}>
          <h3 className="history__label">{field.label}</h3>
          {previous ? (
            <WordDiff before={before(field.name)} after={field.text} />
          ) : (
            <p className="history__text">{field.text}</p>
          )}
        </section>
      ))}
    </>
  )
}

/** The words `after` inserted into and deleted from `before`. */
export function WordDiff({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation()
  return (
    <p className="history__text word-diff">
      {diffWords(before, after).map((part, index) => {
        const Mark = part.added ? 'ins' : part.removed ? 'del' : 'span'
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff, never reordered.
          <Mark key={index}>
            {Mark !== 'span' && (
              <span className="visually-hidden">
                {t(part.added ? 'history.inserted' : 'history.deleted')}
              </span>
            )}
            {part.value}
          </Mark>
        )
      })}
    </p>
  )
}

/**
 * "Changed meanwhile": what a text says now, beside the author's edit marked against it, so the
 * author can choose instead of overwriting unseen.
 */
export function CompareVersions({ current, mine, label }: { current: string; mine: string; label?: string }) {
  const { t } = useTranslation()
  return (
    <section className="versions">
      {label && <h3 className="history__label">{label}</h3>}
      <div className="versions__pair">
        <div>
          <h4 className="history__label">{t('history.current')}</h4>
          <p className="history__text">{current}</p>
        </div>
        <div>
          <h4 className="history__label">{t('history.mine')}</h4>
          <WordDiff before={current} after={mine} />
        </div>
      </div>
    </section>
  )
}
