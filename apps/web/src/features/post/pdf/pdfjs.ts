/**
 * pdf.js, imported only by the PDF viewer's own chunk (loaded after the page has: DocumentViewer). Its
 * worker is started by source.ts before this code has arrived; pdf.js is handed it as its port.
 */
import { GlobalWorkerOptions } from 'pdfjs-dist'

/** Every document pdf.js opens on this page goes to `port` (pdf.js keeps one handle per port). */
export function setWorker(port: Worker) {
  GlobalWorkerOptions.workerPort = port
}

export type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist'
export { getDocument, TextLayer } from 'pdfjs-dist'
