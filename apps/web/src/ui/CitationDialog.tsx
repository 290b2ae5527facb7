import type { CiteFormat } from '@agora/contract'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './Button'
import { DialogActions } from './DialogActions'
import { errorText } from './errorText'
import { Loading } from './Loading'
import { Modal } from './Modal'
import { SegmentedControl } from './SegmentedControl'
import { useCopyText } from './useCopyText'
import './CitationDialog.css'

const FORMATS: readonly CiteFormat[] = ['apa', 'bibtex', 'ris', 'csl']

export interface CitationDialogProps {
  title: string
  /** The namespace whose `cite.*` texts the dialog speaks (a post's or a review's). */
  namespace: 'post' | 'reviews'
  queryKey: (format: CiteFormat) => readonly unknown[]
  load: (format: CiteFormat, signal: AbortSignal) => Promise<string>
  fileUrl: (format: CiteFormat) => string
  onClose: () => void
}

/** "Cite" something as APA, BibTeX, RIS or CSL-JSON, to copy or download. */
export function CitationDialog({ title, namespace, queryKey, load, fileUrl, onClose }: CitationDialogProps) {
  const { t } = useTranslation(namespace)
  const id = useId()
  const [format, setFormat] = useState<CiteFormat>('apa')
  const { copied, copy } = useCopyText(t('cite.copyFailed'))
  const citation = useQuery({
    queryKey: queryKey(format),
    queryFn: ({ signal }) => load(format, signal),
    staleTime: 60_000,
  })
  return (
    <Modal open onClose={onClose} labelledBy={`${id}-title`} size="md">
      <div className="cite-dialog stack">
        <h2 id={`${id}-title`} className="confirm-dialog__title">
          {title}
        </h2>
        <SegmentedControl
          legend={t('cite.format')}
          value={format}
          options={FORMATS.map((value) => ({ value, label: t(`cite.formats.${value}`) }))}
          onChange={setFormat}
        />
        {citation.isPending ? (
          <Loading text={t('cite.loading')} />
        ) : citation.isError ? (
          <p role="alert">{errorText(citation.error, t, t('cite.failed'))}</p>
        ) : (
          <section
            className="cite-dialog__text"
            aria-label={t('cite.text', { format: t(`cite.formats.${format}`) })}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
            tabIndex={0}
          >
            <pre>{citation.data}</pre>
          </section>
        )}
        <DialogActions cancelLabel={t('cite.close')} onCancel={onClose}>
          <a className="btn btn--secondary btn--md" href={fileUrl(format)} download>
            {t('cite.download')}
          </a>
          <Button
            variant="primary"
            disabled={!citation.data}
            onClick={() => citation.data && void copy(citation.data)}
          >
            {copied ? t('cite.copied') : t('cite.copy')}
          </Button>
        </DialogActions>
      </div>
    </Modal>
  )
}
