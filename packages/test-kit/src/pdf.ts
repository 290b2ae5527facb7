// Real PDFs for tests and benchmarks: a one-page file written by hand (no dependency), and a paper
// of many pages set by pdfkit, as a researcher's would be.
import PDFDocument from 'pdfkit'

/** Where and how large the one line of `minimalPdf` stands, in PDF points. */
export interface MinimalPdfBox {
  width: number
  height: number
  fontSize: number
  x: number
  y: number
}

const LETTER: MinimalPdfBox = { width: 612, height: 792, fontSize: 24, x: 72, y: 720 }

/** A one-page PDF with a line of text, with a correct cross-reference table. */
export function minimalPdf(text: string, box: MinimalPdfBox = LETTER): Buffer {
  const stream = `BT /F1 ${box.fontSize} Tf ${box.x} ${box.y} Td (${text}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${box.width} ${box.height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let pdf = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, index) => {
    offsets.push(pdf.length)
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}

/**
 * A paper of `pages` A4 pages titled "Cooling the hive": each page a heading saying which section it
 * is, then the paragraphs `paragraphsOf(page)` gives it (page numbers from 1).
 */
export function paperPdf(
  pages: number,
  paragraphsOf: (page: number) => string[],
  fontSize = 12,
): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 64, info: { Title: 'Cooling the hive' } })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  for (let page = 1; page <= pages; page++) {
    if (page > 1) doc.addPage()
    doc.font('Times-Bold').fontSize(18).text(`Section ${page} of the hive paper`)
    doc.moveDown().font('Times-Roman').fontSize(fontSize)
    for (const paragraph of paragraphsOf(page)) doc.text(paragraph).moveDown()
  }
  doc.end()
  return done
}
