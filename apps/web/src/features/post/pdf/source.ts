/**
 * What the PDF viewer needs, started before its code has arrived (the first page is due within
 * 1.5 s): the file's bytes and pdf.js's worker, fetched and booted while the viewer's chunk downloads.
 * Light on purpose: this module is part of the post page's own code; pdf.js is not.
 */

import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import { useEffect, useState } from 'react'

export interface PdfSource {
  /** A fresh copy of the file's bytes for each call: pdf.js hands the ones it gets to its worker. */
  bytes: () => Promise<Uint8Array>
  /** pdf.js's worker, one for the page (pdf.js keeps a worker it was given for other documents too). */
  worker: Worker
}

declare global {
  interface Window {
    /** pdf.js's worker and a PDF's bytes, started by public/route-prefetch.js on a drawn page with a PDF. */
    __agoraEarlyPdf?: { worker: Worker; files: Record<string, Promise<ArrayBuffer | null>> }
  }
}

let worker: Worker | null = null
const files = new Map<string, Promise<ArrayBuffer>>()

const fetchBytes = (url: string) =>
  fetch(url, { credentials: 'same-origin' }).then((response) => {
    if (!response.ok) throw new Error(`${url} answered ${response.status}`)
    return response.arrayBuffer()
  })

/** The bytes route-prefetch.js fetched, taken once (fetched again if that failed), else a new fetch. */
function firstBytes(url: string): Promise<ArrayBuffer> {
  const early = window.__agoraEarlyPdf?.files
  const bytes = early?.[url]
  if (!bytes) return fetchBytes(url)
  delete early[url]
  return bytes.then((body) => body ?? fetchBytes(url))
}

function fileBytes(url: string): Promise<ArrayBuffer> {
  let bytes = files.get(url)
  if (!bytes) {
    bytes = firstBytes(url)
    // A failure is not kept: "Retry" fetches again.
    bytes.catch(() => files.delete(url))
    // Only the latest few files are kept (a post has at most five).
    if (files.size > 5) files.delete(files.keys().next().value as string)
    files.set(url, bytes)
  }
  return bytes
}

export function pdfSource(url: string): PdfSource {
  worker ??= window.__agoraEarlyPdf?.worker ?? new Worker(workerUrl, { type: 'module' })
  void fileBytes(url).catch(() => {})
  return { bytes: () => fileBytes(url).then((buffer) => new Uint8Array(buffer.slice(0))), worker }
}

/**
 * The PDF's source once the page has loaded (its first paint, the app's own code and the post's
 * picture come first), else null.
 */
export function usePdfSource(url: string): PdfSource | null {
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    if (document.readyState === 'complete') {
      setLoaded(true)
      return
    }
    const onLoad = () => setLoaded(true)
    window.addEventListener('load', onLoad, { once: true })
    return () => window.removeEventListener('load', onLoad)
  }, [])
  const [source, setSource] = useState<PdfSource | null>(null)
  useEffect(() => {
    if (loaded) setSource(pdfSource(url))
  }, [loaded, url])
  return source
}
