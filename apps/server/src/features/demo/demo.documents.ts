import PDFDocument from 'pdfkit'

export interface PaperSpec {
  title: string
  authors: string
  abstract: string
  sections: { heading: string; text: string }[]
  /** Draw a small line chart of these values after the first section. */
  chart?: number[]
}

/** A fixed date so the same spec gives the same bytes (and so the same CID) every time. */
const FIXED_DATE = new Date('2026-01-15T09:00:00Z')

/** A short paper-like PDF: title, authors, abstract, sections, an optional vector chart. */
export function paperPdf(spec: PaperSpec): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 64,
    info: { Title: spec.title, Author: spec.authors, CreationDate: FIXED_DATE, ModDate: FIXED_DATE },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  doc.font('Times-Bold').fontSize(20).text(spec.title, { align: 'center' })
  doc.moveDown(0.5).font('Times-Italic').fontSize(12).text(spec.authors, { align: 'center' })
  doc.moveDown(1.2).font('Helvetica-Bold').fontSize(10).text('Abstract')
  doc.font('Helvetica').fontSize(10).text(spec.abstract, { align: 'justify' })
  spec.sections.forEach((section, index) => {
    doc
      .moveDown(1)
      .font('Times-Bold')
      .fontSize(13)
      .text(`${index + 1}. ${section.heading}`)
    doc.moveDown(0.3).font('Times-Roman').fontSize(11).text(section.text, { align: 'justify' })
    if (index === 0 && spec.chart) drawChart(doc, spec.chart)
  })
  doc.end()
  return done
}

function drawChart(doc: PDFKit.PDFDocument, values: number[]) {
  doc.moveDown(1)
  const left = 100
  const top = doc.y
  const width = 380
  const height = 140
  doc.lineWidth(0.5).strokeColor('#94a3b8')
  for (let i = 0; i <= 4; i++) {
    doc
      .moveTo(left, top + (height * i) / 4)
      .lineTo(left + width, top + (height * i) / 4)
      .stroke()
  }
  const max = Math.max(...values)
  const min = Math.min(...values)
  doc.lineWidth(1.5).strokeColor('#4f46e5')
  values.forEach((value, i) => {
    const x = left + (width * i) / (values.length - 1)
    const y = top + height - ((value - min) / (max - min || 1)) * height
    if (i === 0) doc.moveTo(x, y)
    else doc.lineTo(x, y)
  })
  doc.stroke()
  doc.y = top + height + 8
  doc
    .font('Helvetica-Oblique')
    .fontSize(9)
    .fillColor('#334155')
    .text('Figure 1. Synthetic values for illustration.', {
      align: 'center',
    })
  doc.fillColor('#000000')
}
