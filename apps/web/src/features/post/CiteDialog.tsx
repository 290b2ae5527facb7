import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type CiteFormat, citationFileUrl, getCitation } from '../../api/posts'
import { Button } from '../../ui/Button'
import { DialogActions } from '../../ui/DialogActions'
import { errorText } from '../../ui/errorText'
import { Loading } from '../../ui/Loading'
import { Modal } from '../../ui/Modal'
import { SegmentedControl } from '../../ui/SegmentedControl'
import { useCopyText } from '../../ui/useCopyText'
import './CiteDialog.css'

const FORMATS: readonly CiteFormat[] = ['apa', 'bibtex', 'ris', 'csl']

/** "Cite": the post (its version when one is shown) as APA, BibTeX, RIS or CSL-JSON, to copy or download. */
export function CiteDialog({
  postId,
  version,
  onClose,
}: {
  postId: string
  version: number | null
  onClose: () => void
}) {
  const { t } = useTranslation('post')
  const id = useId()
  const [format, setFormat] = useState<CiteFormat>('apa')
  const { copied, copy } = useCopyText(t('cite.copyFailed'))
  const citation = useQuery({
    queryKey: ['posts', 'cite', postId, format, version],
    queryFn: ({ signal }) => getCitation(postId, format, version, signal),
    staleTime: 60_000,
  })
  return (
    <Modal open onClose={onClose} labelledBy={`${id}-title`} size="md">
      <div className="cite-dialog stack">
        <h2 id={`${id}-title`} className="confirm-dialog__title">
          {version ? t('cite.titleVersion', { version }) : t('cite.title')}
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
          <a className="btn btn--secondary btn--md" href={citationFileUrl(postId, format, version)} download>
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
