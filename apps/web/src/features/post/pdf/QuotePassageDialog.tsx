import { type KeyboardEvent, useDeferredValue, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogActions } from '../../../ui/DialogActions'
import { Modal } from '../../../ui/Modal'
import { TextField } from '../../../ui/TextField'
import type { QuotedPassage } from './PdfViewer'
import { textOfPage } from './pageTexts'
import type { PDFDocumentProxy } from './pdfjs'
import { quoteOf, quotePlaces } from './textQuote'

/** Places listed at most (the reader types more words to tell the rest apart). */
const MOST_PLACES = 20

export interface QuotePassageDialogProps {
  doc: PDFDocumentProxy
  /** A place of the words was chosen: comment on it. */
  onChoose: (passage: QuotedPassage) => void
  onClose: () => void
}

type Search = { words: string; places: QuotedPassage[]; more: boolean } | null

/**
 * Quoting a passage without a pointer: the reader types or pastes words of the document,
 * every place they are (page and the words around them) is listed, and the one chosen is quoted as a
 * selection of it would be. Enter in the field goes to the first place, ↑/↓ between places.
 */
export function QuotePassageDialog({ doc, onChoose, onClose }: QuotePassageDialogProps) {
  const { t } = useTranslation('post')
  const id = useId()
  const field = useRef<HTMLInputElement>(null)
  const list = useRef<HTMLUListElement>(null)
  const [words, setWords] = useState('')
  const wanted = useDeferredValue(words.trim())
  const [search, setSearch] = useState<Search>(null)

  useEffect(() => {
    if (wanted.length < 2) {
      setSearch(null)
      return
    }
    let cancelled = false
    void (async () => {
      const places: QuotedPassage[] = []
      for (let page = 1; page <= doc.numPages && places.length <= MOST_PLACES; page++) {
        const text = await textOfPage(doc, page)
        if (cancelled) return
        for (const { start, end } of quotePlaces(text.text, wanted, { ignoreCase: true })) {
          const quote = quoteOf(text.text, start, end)
          if (quote) places.push({ ...quote, page })
        }
      }
      if (!cancelled)
        setSearch({ words: wanted, places: places.slice(0, MOST_PLACES), more: places.length > MOST_PLACES })
    })()
    return () => {
      cancelled = true
    }
  }, [doc, wanted])

  const found = search?.words === wanted ? search : null
  // While the next words are looked for, the places found last stay listed (a place keeps its
  // button, and so the focus, when it is found again).
  const shown = wanted.length < 2 ? null : search
  const buttons = () => [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])]

  // Enter before the words as typed are looked for: to their first place once they are.
  const typed = words.trim()
  const toFirstPlace = useRef(false)
  useEffect(() => {
    if (!toFirstPlace.current || search?.words !== typed) return
    toFirstPlace.current = false
    buttons()[0]?.focus()
  })

  function onListKey(event: KeyboardEvent<HTMLUListElement>) {
    const all = buttons()
    const at = all.indexOf(document.activeElement as HTMLButtonElement)
    if (at < 0) return
    const next =
      event.key === 'ArrowDown'
        ? all[at + 1]
        : event.key === 'ArrowUp'
          ? (all[at - 1] ?? field.current)
          : event.key === 'Home'
            ? all[0]
            : event.key === 'End'
              ? all[all.length - 1]
              : undefined
    if (!next) return
    event.preventDefault()
    next.focus()
  }

  return (
    <Modal open onClose={onClose} labelledBy={`${id}-title`} describedBy={`${id}-lead`} initialFocus={field}>
      <form
        className="modal__body pdfv-quote"
        noValidate
        onSubmit={(event) => {
          // Enter: to the first place of the words (of all of them, once they are looked for).
          event.preventDefault()
          if (search?.words === typed) buttons()[0]?.focus()
          else toFirstPlace.current = true
        }}
      >
        <h2 id={`${id}-title`} className="modal__title">
          {t('pdf.quotePassage')}
        </h2>
        <p id={`${id}-lead`} className="modal__lead">
          {t('pdf.quoteLead')}
        </p>
        <TextField
          ref={field}
          label={t('pdf.quoteWords')}
          value={words}
          autoComplete="off"
          onChange={(event) => setWords(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowDown') return
            event.preventDefault()
            buttons()[0]?.focus()
          }}
        />
        <p className="pdfv-quote__status" aria-live="polite">
          {wanted.length < 2
            ? ''
            : !found
              ? t('pdf.quoteSearching')
              : found.places.length === 0
                ? t('pdf.quoteNone')
                : found.more
                  ? t('pdf.quoteMore', { count: found.places.length })
                  : t('pdf.quoteFound', { count: found.places.length })}
        </p>
        {shown && shown.places.length > 0 && (
          <ul
            ref={list}
            className="pdfv-quote__places"
            aria-label={t('pdf.quotePlaces')}
            onKeyDown={onListKey}
          >
            {shown.places.map((place) => (
              <li key={`${place.page}:${place.start}`}>
                <button type="button" className="pdfv-quote__place" onClick={() => onChoose(place)}>
                  <span className="pdfv-quote__page">{t('pdf.quotePage', { page: place.page })}</span>
                  <span className="pdfv-quote__context">
                    {place.prefix && `…${oneLine(place.prefix)}`}
                    <mark>{oneLine(place.exact)}</mark>
                    {place.suffix && `${oneLine(place.suffix)}…`}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <DialogActions cancelLabel={t('pdf.quoteCancel')} onCancel={onClose} />
      </form>
    </Modal>
  )
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ')
