import type { MediaItem } from '@agora/contract'
import { type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, type ButtonProps } from '../../../ui/Button'
import { ChevronLeftIcon, ChevronRightIcon, CommentIcon } from '../../../ui/contentIcons'
import { Loading } from '../../../ui/Loading'
import { type FlashRequest, locate, type PagePassage, type PageSize, PdfPage } from './PdfPage'
import { textOfPage } from './pageTexts'
import { getDocument, type PDFDocumentProxy, setWorker } from './pdfjs'
import { QuotePassageDialog } from './QuotePassageDialog'
import type { PdfSource } from './source'
import { pointToOffset } from './textLayerMarks'
import { type PageText, quoteOf, type TextQuote } from './textQuote'
import './PdfViewer.css'

/** A passage some comment points at, as the viewer is given it. */
export interface PdfPassage {
  /** The comment's id. */
  id: string
  /** The page the quote was taken on (1-based). */
  page: number
  quote: TextQuote
  /** What its mark is called (a button that opens the comment). */
  label: string
  /** Quoted from this file (else from an earlier version's: found again by its words only). */
  sameFile: boolean
}

/** A quoted passage of this file, for a comment on it. */
export type QuotedPassage = TextQuote & { page: number }

/** Where each passage was found in this file: its page, or null (the words are not in it). */
export type PassagePlaces = ReadonlyMap<string, number | null>

export interface PdfViewerProps {
  item: MediaItem
  /** The file's bytes and pdf.js's worker, on their way since before this code arrived (source.ts). */
  source: PdfSource
  passages?: readonly PdfPassage[]
  /** A passage's mark was clicked (or Enter pressed on it): show its comment. */
  onOpenPassage?: (id: string) => void
  /** "Comment on this passage"; without it there is no such button. */
  onCommentPassage?: (passage: QuotedPassage) => void
  /** A passage to scroll to and flash (`key` changes for each request). */
  flash?: FlashRequest | null
  onPlaces?: (places: PassagePlaces) => void
}

const ZOOMS = [0.5, 0.67, 0.8, 1, 1.25, 1.5, 2, 3]
/** The space around the pages inside the scrolling area (CSS: .pdfv__pages padding). */
const GUTTER = 16
/** Pages this far outside the view (in view heights) are drawn already, and kept drawn. */
const NEAR_MARGIN = '100% 0px'

/**
 * A PDF drawn by pdf.js: pages with selectable text, drawn as they come near the view (the
 * first at once), zoom, page navigation, keys (PageUp/PageDown and ←/→ turn pages, + and − zoom, 0 fits
 * the width), passages of comments marked in the text, and "Comment on this passage" for a selection.
 */
export function PdfViewer({
  item,
  source,
  passages = [],
  onOpenPassage,
  onCommentPassage,
  flash,
  onPlaces,
}: PdfViewerProps) {
  const { t } = useTranslation('post')
  const id = useId()
  const scroller = useRef<HTMLElement>(null)
  const root = useRef<HTMLDivElement>(null)
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const [firstSize, setFirstSize] = useState<PageSize | null>(null)
  const [sizes, setSizes] = useState<Record<number, PageSize>>({})
  const [zoom, setZoom] = useState<number | 'fit'>('fit')
  const [width, setWidth] = useState(0)
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set([1]))
  const [current, setCurrent] = useState(1)
  /**
   * What the reader typed in the page field, until Enter or leaving it; meanwhile the field shows
   * it, not the current page (a page drawn late may move the view between the typing and the Enter).
   */
  const [typed, setTyped] = useState<string | null>(null)
  const [selection, setSelection] = useState<(QuotedPassage & { top: number; left: number }) | null>(null)
  const [quoting, setQuoting] = useState(false)
  const texts = useRef(new Map<number, { page: PageText; layer: HTMLElement }>())

  // The document, and its first page's size (every page's until its own is known); again on "Retry".
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry.
  useEffect(() => {
    setFailed(false)
    let cancelled = false
    let task: ReturnType<typeof getDocument> | null = null
    source
      .bytes()
      .then((data) => {
        if (cancelled) return null
        setWorker(source.worker)
        task = getDocument({ data, isEvalSupported: false })
        return task.promise
      })
      .then(
        async (loaded) => {
          if (!loaded) return
          const first = await loaded.getPage(1)
          if (cancelled) return
          const viewport = first.getViewport({ scale: 1 })
          setFirstSize({ width: viewport.width, height: viewport.height })
          setDoc(loaded)
        },
        () => {
          if (!cancelled) setFailed(true)
        },
      )
    return () => {
      cancelled = true
      void task?.destroy()
      setDoc(null)
    }
  }, [source, attempt])

  useEffect(() => {
    const element = scroller.current
    if (!element) return
    const observer = new ResizeObserver(() => setWidth(element.clientWidth))
    observer.observe(element)
    setWidth(element.clientWidth)
    return () => observer.disconnect()
  }, [])

  const fitScale = firstSize && width > 0 ? Math.max(0.25, (width - 2 * GUTTER) / firstSize.width) : 1
  const scale = zoom === 'fit' ? fitScale : zoom
  const pages = doc?.numPages ?? 0

  // Which pages are near the view: drawn; the others are boxes of their size.
  useEffect(() => {
    const element = scroller.current
    if (!element || !doc) return
    const observer = new IntersectionObserver(
      (entries) =>
        setNear((previous) => {
          const next = new Set(previous)
          for (const entry of entries) {
            const number = Number((entry.target as HTMLElement).dataset.page)
            if (entry.isIntersecting) next.add(number)
            else next.delete(number)
          }
          return next
        }),
      { root: element, rootMargin: NEAR_MARGIN },
    )
    for (const page of element.querySelectorAll('.pdfv__page')) observer.observe(page)
    return () => observer.disconnect()
  }, [doc])

  // The page at the top third of the view is the current one.
  useEffect(() => {
    const element = scroller.current
    if (!element || !doc) return
    let frame = 0
    const onScroll = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => {
        const line = element.scrollTop + element.clientHeight / 3
        let page = 1
        for (const box of element.querySelectorAll<HTMLElement>('.pdfv__page')) {
          if (box.offsetTop <= line) page = Number(box.dataset.page)
          else break
        }
        setCurrent(page)
      })
    }
    element.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      element.removeEventListener('scroll', onScroll)
      cancelAnimationFrame(frame)
    }
  }, [doc])

  const goTo = useCallback(
    (page: number) => {
      const element = scroller.current
      const target = Math.min(Math.max(1, page), pages)
      const box = element?.querySelector<HTMLElement>(`.pdfv__page[data-page="${target}"]`)
      if (!element || !box) return
      element.scrollTop = box.offsetTop - GUTTER
      setCurrent(target)
    },
    [pages],
  )

  // Zooming keeps the current page in view.
  const zoomTo = (next: number | 'fit') => {
    const page = current
    setZoom(next)
    requestAnimationFrame(() => goTo(page))
  }
  const zoomIn = () => zoomTo(ZOOMS.find((step) => step > scale + 0.01) ?? ZOOMS[ZOOMS.length - 1])
  const zoomOut = () => zoomTo([...ZOOMS].reverse().find((step) => step < scale - 0.01) ?? ZOOMS[0])

  const onSize = useCallback((number: number, size: PageSize) => {
    setSizes((previous) =>
      previous[number]?.width === size.width && previous[number]?.height === size.height
        ? previous
        : { ...previous, [number]: size },
    )
  }, [])
  const onText = useCallback((number: number, text: { page: PageText; layer: HTMLElement } | null) => {
    if (text) texts.current.set(number, text)
    else texts.current.delete(number)
  }, [])

  // Where each comment's passage is: its own page, else (quoted from an earlier version) any page.
  const places = usePassagePlaces(doc, passages)
  useEffect(() => {
    if (places) onPlaces?.(places)
  }, [places, onPlaces])
  const byPage = useMemo(() => {
    const map = new Map<number, PagePassage[]>()
    for (const passage of passages) {
      const page = places?.get(passage.id)
      if (!page) continue
      map.set(page, [...(map.get(page) ?? []), passage])
    }
    return map
  }, [passages, places])

  // A passage to show: its page is scrolled to first, so that it is drawn.
  const [flashing, setFlashing] = useState<FlashRequest | null>(null)
  useEffect(() => {
    if (!flash || !doc) return
    const page = (flash.id && places?.get(flash.id)) || flash.page
    goTo(page)
    setFlashing({ ...flash, page })
  }, [flash, doc, places, goTo])

  // The selection, when it lies in one page's text: offered for a comment.
  useEffect(() => {
    if (!onCommentPassage) return
    const onChange = () => {
      const chosen = window.getSelection()
      const element = scroller.current
      if (!chosen || chosen.isCollapsed || chosen.rangeCount === 0 || !element || !root.current) {
        setSelection(null)
        return
      }
      const range = chosen.getRangeAt(0)
      const startPage = (range.startContainer.parentElement ?? null)?.closest<HTMLElement>('.pdfv__page')
      const endPage = (range.endContainer.parentElement ?? null)?.closest<HTMLElement>('.pdfv__page')
      const number = Number(startPage?.dataset.page)
      const text = texts.current.get(number)
      if (!startPage || startPage !== endPage || !element.contains(startPage) || !text) {
        setSelection(null)
        return
      }
      const start = pointToOffset(text.layer, text.page, range.startContainer, range.startOffset)
      const end = pointToOffset(text.layer, text.page, range.endContainer, range.endOffset)
      const quote = quoteOf(text.page.text, Math.min(start, end), Math.max(start, end))
      if (!quote) {
        setSelection(null)
        return
      }
      const box = range.getBoundingClientRect()
      const frame = root.current.getBoundingClientRect()
      setSelection({
        ...quote,
        page: number,
        top: Math.min(Math.max(box.bottom - frame.top + 6, 0), frame.height - 44),
        left: Math.min(Math.max(box.left - frame.left, 8), Math.max(8, frame.width - 260)),
      })
    }
    document.addEventListener('selectionchange', onChange)
    return () => document.removeEventListener('selectionchange', onChange)
  }, [onCommentPassage])

  function commentOnSelection() {
    if (!selection || !onCommentPassage) return
    const { top: _top, left: _left, ...passage } = selection
    onCommentPassage(passage)
    window.getSelection()?.removeAllRanges()
    setSelection(null)
  }

  // A passage quoted by its typed words: its page is brought into view, and it is commented on.
  function commentOnQuoted(passage: QuotedPassage) {
    setQuoting(false)
    goTo(passage.page)
    onCommentPassage?.(passage)
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement
    // Keys typed in a field or in the quoting dialog are theirs.
    if (target.closest('input, textarea, select, dialog')) return
    // A mark is a button: Enter and Space open its comment.
    const mark = target.closest<HTMLElement>('[data-mark]')
    if (mark && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault()
      event.stopPropagation()
      onOpenPassage?.(mark.dataset.mark ?? '')
      return
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return
    // Keys on the toolbar's own buttons stay theirs, but for zooming.
    const onButton = target.closest('button') !== null
    const action = keyAction(event.key, onButton, selection !== null, Boolean(doc && onCommentPassage))
    if (!action) return
    event.preventDefault()
    // The carousel around the viewer turns files with ←/→: here they turn pages.
    event.stopPropagation()
    if (action === 'next') goTo(current + 1)
    else if (action === 'previous') goTo(current - 1)
    else if (action === 'first') goTo(1)
    else if (action === 'last') goTo(pages)
    else if (action === 'zoomIn') zoomIn()
    else if (action === 'zoomOut') zoomOut()
    else if (action === 'fit') zoomTo('fit')
    else if (action === 'quote') setQuoting(true)
    else commentOnSelection()
  }

  function onClick(event: React.MouseEvent<HTMLDivElement>) {
    const mark = (event.target as HTMLElement).closest<HTMLElement>('[data-mark]')
    if (!mark || !window.getSelection()?.isCollapsed) return
    if (mark.dataset.mark && mark.dataset.mark !== 'flash') onOpenPassage?.(mark.dataset.mark)
  }

  if (failed) {
    return (
      <div className="viewer__message" role="alert">
        <p>{t('viewer.pdfFailed')}</p>
        <Button size="sm" onClick={() => setAttempt((n) => n + 1)}>
          {t('retry')}
        </Button>
      </div>
    )
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keys and clicks of the pages and the toolbar, handled together; the marks clicked are buttons with Enter.
    <div ref={root} className="pdfv" onKeyDown={onKeyDown} onClick={onClick}>
      <div
        className="pdfv__toolbar"
        role="toolbar"
        aria-label={t('pdf.toolbar')}
        aria-controls={`${id}-pages`}
      >
        <ToolButton
          label={t('pdf.previousPage')}
          icon={<ChevronLeftIcon size={18} />}
          disabled={!doc || current <= 1}
          onClick={() => goTo(current - 1)}
        />
        <form
          className="pdfv__pageform"
          onSubmit={(event) => {
            event.preventDefault()
            const wanted = Number.parseInt(typed ?? '', 10)
            if (Number.isFinite(wanted)) goTo(wanted)
            setTyped(null)
          }}
        >
          <label className="visually-hidden" htmlFor={`${id}-page`}>
            {t('pdf.pageNumber')}
          </label>
          <input
            id={`${id}-page`}
            className="pdfv__pagefield"
            inputMode="numeric"
            value={typed ?? String(current)}
            disabled={!doc}
            onChange={(event) => setTyped(event.target.value)}
            onBlur={() => setTyped(null)}
          />
          <span className="pdfv__pagecount" aria-live="polite">
            <span aria-hidden="true">/ {pages || '…'}</span>
            <span className="visually-hidden">{t('pdf.pageOf', { page: current, count: pages })}</span>
          </span>
        </form>
        <ToolButton
          label={t('pdf.nextPage')}
          icon={<ChevronRightIcon size={18} />}
          disabled={!doc || current >= pages}
          onClick={() => goTo(current + 1)}
        />
        <span className="pdfv__spacer" />
        <ToolButton
          label={t('pdf.zoomOut')}
          icon={<span aria-hidden="true">−</span>}
          disabled={!doc}
          onClick={zoomOut}
        />
        <output className="pdfv__zoom" aria-label={t('pdf.zoomLevel')}>
          {doc && `${Math.round(scale * 100)}%`}
        </output>
        <ToolButton
          label={t('pdf.zoomIn')}
          icon={<span aria-hidden="true">+</span>}
          disabled={!doc}
          onClick={zoomIn}
        />
        <Button
          size="sm"
          variant="ghost"
          disabled={!doc}
          aria-pressed={zoom === 'fit'}
          onClick={() => zoomTo('fit')}
        >
          {t('pdf.fitWidth')}
        </Button>
        {onCommentPassage && (
          <Button
            size="sm"
            variant="ghost"
            iconOnly
            label={t('pdf.quotePassage')}
            icon={<CommentIcon size={18} />}
            disabled={!doc}
            aria-haspopup="dialog"
            aria-keyshortcuts="q"
            onClick={() => setQuoting(true)}
          />
        )}
      </div>
      <section
        ref={scroller}
        id={`${id}-pages`}
        className="pdfv__scroll"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the document scrolls: reachable by keyboard, its keys turn pages.
        tabIndex={0}
        aria-label={t('pdf.document', { name: item.name })}
        aria-describedby={`${id}-keys`}
      >
        <p id={`${id}-keys`} className="visually-hidden">
          {t('pdf.keys')}
        </p>
        {!doc || !firstSize ? (
          <Loading block />
        ) : (
          <div className="pdfv__pages">
            {Array.from({ length: pages }, (_, index) => index + 1).map((number) => (
              <PdfPage
                key={number}
                doc={doc}
                number={number}
                scale={scale}
                size={sizes[number] ?? firstSize}
                near={near.has(number)}
                passages={byPage.get(number) ?? NONE}
                flash={flashing?.page === number ? flashing : null}
                onSize={onSize}
                onText={onText}
              />
            ))}
          </div>
        )}
      </section>
      {selection && onCommentPassage && (
        <button
          type="button"
          className="btn btn--primary btn--sm pdfv__comment"
          style={{ top: selection.top, left: selection.left }}
          onMouseDown={(event) => event.preventDefault()}
          onClick={commentOnSelection}
          aria-keyshortcuts="c"
        >
          <CommentIcon size={16} />
          {t('pdf.commentOnPassage')}
        </button>
      )}
      {quoting && doc && (
        <QuotePassageDialog doc={doc} onChoose={commentOnQuoted} onClose={() => setQuoting(false)} />
      )}
    </div>
  )
}

const NONE: PagePassage[] = []

type KeyAction = 'next' | 'previous' | 'first' | 'last' | 'zoomIn' | 'zoomOut' | 'fit' | 'comment' | 'quote'

const PAGE_KEYS: Record<string, KeyAction> = {
  PageDown: 'next',
  ArrowRight: 'next',
  PageUp: 'previous',
  ArrowLeft: 'previous',
  Home: 'first',
  End: 'last',
}
const ZOOM_KEYS: Record<string, KeyAction> = { '+': 'zoomIn', '=': 'zoomIn', '-': 'zoomOut', '0': 'fit' }

/**
 * What a key does in the viewer (on one of its buttons only zooming; C only with a selection, Q only
 * where passages can be commented on).
 */
function keyAction(key: string, onButton: boolean, selected: boolean, quotable: boolean): KeyAction | null {
  if (ZOOM_KEYS[key]) return ZOOM_KEYS[key]
  if (onButton) return null
  if (key === 'c' || key === 'C') return selected ? 'comment' : null
  if (key === 'q' || key === 'Q') return quotable ? 'quote' : null
  return PAGE_KEYS[key] ?? null
}

/**
 * The page each passage is on: the page it was quoted on when the words (or, same file, the position)
 * are there; else, for a quote from an earlier version's file, the first page holding the words.
 */
function usePassagePlaces(doc: PDFDocumentProxy | null, passages: readonly PdfPassage[]) {
  const [places, setPlaces] = useState<PassagePlaces | null>(null)
  useEffect(() => {
    if (!doc) return
    let cancelled = false
    void (async () => {
      const found = new Map<string, number | null>()
      for (const passage of passages) {
        const own = passage.page >= 1 && passage.page <= doc.numPages ? passage.page : null
        if (own && locate(await textOfPage(doc, own), passage)) {
          found.set(passage.id, own)
          continue
        }
        let place: number | null = null
        if (!passage.sameFile) {
          for (let page = 1; page <= doc.numPages && place === null; page++) {
            if (page !== own && locate(await textOfPage(doc, page), passage)) place = page
          }
        }
        found.set(passage.id, place)
      }
      if (!cancelled) setPlaces(found)
    })()
    return () => {
      cancelled = true
    }
  }, [doc, passages])
  return places
}

/** An icon button of the toolbar (page, zoom). */
function ToolButton(props: Pick<ButtonProps, 'label' | 'icon' | 'disabled' | 'onClick'>) {
  return <Button size="sm" variant="ghost" iconOnly {...props} />
}
