import { memo, useEffect, useRef, useState } from 'react'
import { type PDFDocumentProxy, TextLayer } from './pdfjs'
import { clearMarks, type MarkRange, markPassages, numberSpans } from './textLayerMarks'
import { findQuote, type PageText, pageTextOf, type TextQuote } from './textQuote'

/** A page's size at scale 1, in CSS pixels. */
export interface PageSize {
  width: number
  height: number
}

/** A passage to find on this page and mark (an anchored comment), by its quote. */
export interface PagePassage {
  id: string
  quote: TextQuote
  label: string
  /** The quote was taken from this very file: its position hint may stand in when the words are not found. */
  sameFile: boolean
}

/** Scroll to a passage and flash it: `key` changes for every request. */
export interface FlashRequest {
  key: number
  page: number
  quote: TextQuote
  /** The comment it belongs to, when that comment's mark is on the page. */
  id?: string
}

export interface PdfPageProps {
  doc: PDFDocumentProxy
  number: number
  scale: number
  /** The page's size as far as known (the first page's until this page has loaded). */
  size: PageSize
  /** Near the scrolled-to part of the document: draw it (else it is an empty box of its size). */
  near: boolean
  passages: readonly PagePassage[]
  flash: FlashRequest | null
  onSize: (number: number, size: PageSize) => void
  /** The page's text and its text layer, once drawn (null when it is no longer drawn). */
  onText: (number: number, text: { page: PageText; layer: HTMLElement } | null) => void
}

/** Where a passage is on a page: its words, else (same file only) its position hint. */
export function locate(page: PageText, passage: Pick<PagePassage, 'quote' | 'sameFile'>) {
  const found = findQuote(page.text, passage.quote)
  if (found) return found
  const { start, end } = passage.quote
  if (passage.sameFile && start !== undefined && end !== undefined && end > start && end <= page.text.length)
    return { start, end }
  return null
}

/**
 * One page: its canvas and pdf.js's text layer (selectable text), drawn while it is near the view and
 * at the current scale; anchored passages are marked in its text.
 */
export const PdfPage = memo(function PdfPage({
  doc,
  number,
  scale,
  size,
  near,
  passages,
  flash,
  onSize,
  onText,
}: PdfPageProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const layerRef = useRef<HTMLDivElement>(null)
  const [text, setText] = useState<PageText | null>(null)
  const [drawn, setDrawn] = useState(false)

  useEffect(() => {
    if (!near) return
    const canvas = canvasRef.current
    const layer = layerRef.current
    if (!canvas || !layer) return
    let cancelled = false
    let renderTask: { cancel: () => void; promise: Promise<void> } | null = null
    let textLayer: TextLayer | null = null
    void (async () => {
      try {
        const page = await doc.getPage(number)
        if (cancelled) return
        const viewport = page.getViewport({ scale })
        const base = page.getViewport({ scale: 1 })
        onSize(number, { width: base.width, height: base.height })
        const ratio = window.devicePixelRatio || 1
        canvas.width = Math.floor(viewport.width * ratio)
        canvas.height = Math.floor(viewport.height * ratio)
        const context = canvas.getContext('2d')
        if (!context) return
        renderTask = page.render({
          canvas,
          canvasContext: context,
          viewport,
          transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        })
        // Cancelled while the text below is read (scrolled away, zoomed): awaited only after it.
        renderTask.promise.catch(() => {})
        const content = await page.getTextContent({ includeMarkedContent: true })
        if (cancelled) return
        layer.replaceChildren()
        textLayer = new TextLayer({ textContentSource: content, container: layer, viewport })
        await textLayer.render()
        if (cancelled) return
        numberSpans(textLayer.textDivs)
        const pageText = pageTextOf(content.items)
        setText(pageText)
        onText(number, { page: pageText, layer })
        await renderTask.promise
        if (!cancelled) setDrawn(true)
      } catch (error) {
        // A cancelled render (scrolled away, zoomed) is no failure.
        if (!cancelled) console.warn(error)
      }
    })()
    return () => {
      cancelled = true
      renderTask?.cancel()
      textLayer?.cancel()
      setDrawn(false)
      setText(null)
      onText(number, null)
    }
  }, [doc, number, scale, near, onSize, onText])

  // The passages marked in the text, again whenever the text layer is drawn anew.
  useEffect(() => {
    const layer = layerRef.current
    if (!text || !layer) return
    clearMarks(layer)
    const marks: MarkRange[] = []
    for (const passage of passages) {
      const at = locate(text, passage)
      if (at) marks.push({ id: passage.id, ...at, label: passage.label })
    }
    markPassages(layer, text, marks)
  }, [text, passages])

  // A passage to show: scrolled to the middle of the view, flashed for a moment.
  useEffect(() => {
    const layer = layerRef.current
    if (!flash || !text || !layer) return
    let pieces: HTMLElement[] = flash.id
      ? [...layer.querySelectorAll<HTMLElement>(`[data-mark="${CSS.escape(flash.id)}"]`)]
      : []
    let temporary = false
    if (pieces.length === 0) {
      const at = locate(text, { quote: flash.quote, sameFile: true })
      if (!at) return
      markPassages(layer, text, [{ id: 'flash', ...at }], 'pdfv__mark--temporary')
      pieces = [...layer.querySelectorAll<HTMLElement>('[data-mark="flash"]')]
      temporary = true
    }
    pieces[0]?.scrollIntoView({ block: 'center', behavior: 'instant' })
    for (const piece of pieces) piece.classList.add('pdfv__mark--flash')
    const timer = window.setTimeout(() => {
      for (const piece of pieces) piece.classList.remove('pdfv__mark--flash')
      if (temporary) for (const piece of pieces) piece.replaceWith(...piece.childNodes)
    }, 2000)
    return () => window.clearTimeout(timer)
  }, [flash, text])

  return (
    <div
      className="pdfv__page"
      data-page={number}
      data-drawn={drawn || undefined}
      style={{
        width: `${Math.floor(size.width * scale)}px`,
        height: `${Math.floor(size.height * scale)}px`,
        ['--scale-factor' as string]: scale,
      }}
    >
      <canvas ref={canvasRef} className="pdfv__canvas" />
      <div ref={layerRef} className="textLayer" />
    </div>
  )
})
