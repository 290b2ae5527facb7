import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api'

/** A picture of a document's first page, for forum cards. */
export interface Thumbnail {
  image: Uint8Array
  mime: 'image/webp'
  width: number
  height: number
}

/** Cards are at most ~360 CSS px wide; twice that would be sharp on every screen but heavy. */
export const THUMBNAIL_WIDTH = 480
/** A page far taller than wide (a poster, a receipt) is cut to this height rather than drawn whole. */
const MAX_HEIGHT = THUMBNAIL_WIDTH * 2
const QUALITY = 80

/**
 * Draws page 1 of an opened PDF into a WebP picture THUMBNAIL_WIDTH px wide, with pdf.js on a
 * canvas of @napi-rs/canvas (pdf.js's own choice in Node). Runs in the analysis thread, inside its
 * deadline and memory ceiling. Answers undefined when the page cannot be drawn: a card then shows
 * the document's icon, and the analysis goes on without it.
 */
export async function drawFirstPage(document: PDFDocumentProxy): Promise<Thumbnail | undefined> {
  try {
    const { createCanvas } = await import('@napi-rs/canvas')
    const page = await document.getPage(1)
    const natural = page.getViewport({ scale: 1 })
    if (!(natural.width > 0 && natural.height > 0)) return undefined
    const viewport = page.getViewport({ scale: THUMBNAIL_WIDTH / natural.width })
    const width = THUMBNAIL_WIDTH
    const height = Math.max(1, Math.min(MAX_HEIGHT, Math.round(viewport.height)))
    const canvas = createCanvas(width, height)
    const context = canvas.getContext('2d')
    // Paper is white whatever the PDF leaves transparent.
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, width, height)
    // pdf.js is typed for the DOM's canvas; @napi-rs/canvas is the one it uses itself in Node.
    type RenderParameters = Parameters<typeof page.render>[0]
    await page.render({
      canvas: canvas as unknown as RenderParameters['canvas'],
      canvasContext: context as unknown as RenderParameters['canvasContext'],
      viewport,
      background: '#ffffff',
    }).promise
    page.cleanup()
    const image = await canvas.encode('webp', QUALITY)
    return { image: new Uint8Array(image), mime: 'image/webp', width, height }
  } catch {
    return undefined
  }
}
