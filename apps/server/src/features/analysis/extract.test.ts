import JSZip from 'jszip'
import { describe, expect, it } from 'vitest'
import { BEES_PARAGRAPHS, BEES_TITLE, CORAL_PARAGRAPHS, makeDocx, makePdf, squash } from './analysis.fixtures'
import { fileKind } from './extract'
import { extractDocx } from './extract.docx'
import { CharBudget, DEFAULT_LIMITS, ExtractionError, type ExtractionLimits } from './extract.limits'
import { extractPdf, markParagraphs } from './extract.pdf'
import { linesToBlocks, markdownToBlocks } from './extract.text'

function limits(overrides: Partial<ExtractionLimits> = {}): ExtractionLimits {
  return { ...DEFAULT_LIMITS, deadline: Date.now() + 20_000, ...overrides }
}

/** Rewrites the sizes a zip declares for one entry, as a zip bomb would (the data stays as it is). */
function lieAboutSize(zip: Buffer, fileName: string, declared: number): Buffer {
  const patched = Buffer.from(zip)
  const name = Buffer.from(fileName)
  for (let at = 0; at < patched.length - 4; at += 1) {
    const signature = patched.readUInt32LE(at)
    if (signature === 0x04034b50 && patched.subarray(at + 30, at + 30 + name.length).equals(name)) {
      patched.writeUInt32LE(declared, at + 22)
    }
    if (signature === 0x02014b50 && patched.subarray(at + 46, at + 46 + name.length).equals(name)) {
      patched.writeUInt32LE(declared, at + 24)
    }
  }
  return patched
}

describe('file kinds', () => {
  it('reads the sniffed type first and the extension only for generic types', () => {
    expect(fileKind('paper.pdf', 'application/pdf')).toBe('pdf')
    expect(fileKind('paper.bin', 'application/pdf')).toBe('pdf')
    expect(fileKind('paper.pdf', 'application/octet-stream')).toBe('pdf')
    expect(
      fileKind('notes.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    ).toBe('docx')
    expect(fileKind('notes.docx', 'application/zip')).toBe('docx')
    expect(fileKind('readme.md', 'text/plain')).toBe('markdown')
    expect(fileKind('data.txt', 'text/plain; charset=utf-8')).toBe('text')
    // A file claiming .pdf that sniffs as text is read as text, never handed to the PDF parser.
    expect(fileKind('fake.pdf', 'text/plain')).toBe('text')
    expect(fileKind('clip.mp4', 'video/mp4')).toBe('media')
    expect(fileKind('photo.png', 'image/png')).toBe('media')
    expect(fileKind('old.doc', 'application/msword')).toBe('media')
  })
})

describe('PDF lines to paragraphs', () => {
  it('joins wrapped lines, re-joins hyphenated words and keeps headings apart', () => {
    const blocks = linesToBlocks([
      'Introduction',
      'Coral reefs are among the most diverse ecosys-',
      'tems on Earth and shelter a quarter of all marine species.',
      '',
      '12',
      'Rising ocean temperatures cause coral bleaching.',
    ])
    expect(blocks).toEqual([
      'Introduction',
      'Coral reefs are among the most diverse ecosystems on Earth and shelter a quarter of all marine species.',
      '12',
      'Rising ocean temperatures cause coral bleaching.',
    ])
  })
})

describe('PDF layout to paragraphs', () => {
  const line = (text: string, y: number, font = 'body') => ({ text, y, font, fontChars: text.length })

  it('ends a paragraph at a wide gap and after a heading set in another font', () => {
    const marked = markParagraphs([
      line('Abstract', 700, 'bold'),
      line('A protocol that produced crystals in 9 of 10 drops, written up', 688),
      line('step by step for the lab.', 676),
      line('Lysozyme was dissolved in sodium acetate buffer at pH 4.5 before', 652),
      line('mixing with the reservoir.', 640),
    ])
    expect(linesToBlocks(marked)).toEqual([
      'Abstract',
      'A protocol that produced crystals in 9 of 10 drops, written up step by step for the lab.',
      'Lysozyme was dissolved in sodium acetate buffer at pH 4.5 before mixing with the reservoir.',
    ])
  })
})

describe('Markdown', () => {
  it('keeps paragraphs, headings and list items as blocks and drops code and HTML', () => {
    const blocks = markdownToBlocks(
      '# Method\n\nWe **measured** the [reef](https://example.org) daily.\n\n- first item\n- second item\n\n```js\nconst secret = 1\n```\n\n<script>alert(1)</script>\n',
    )
    expect(blocks).toEqual(['Method', 'We measured the reef daily.', 'first item', 'second item'])
  })
})

describe('PDF extraction', () => {
  it('reads the text layer page by page', async () => {
    const pdf = await makePdf({ paragraphs: CORAL_PARAGRAPHS, pages: 2 })
    const result = await extractPdf('coral.pdf', new Uint8Array(pdf), new CharBudget(100_000), limits())
    expect(result.pages).toBe(2)
    expect(result.pagesRead).toBe(2)
    expect(result.truncated).toBe(false)
    const text = squash(result.blocks.join(' '))
    for (const paragraph of CORAL_PARAGRAPHS) expect(text).toContain(paragraph)
  })

  it('stops at the page limit and says the text was truncated', async () => {
    const pdf = await makePdf({
      paragraphs: ['This is page {page} of a long report about coral reefs.'],
      pages: 30,
    })
    const result = await extractPdf(
      'long.pdf',
      new Uint8Array(pdf),
      new CharBudget(100_000),
      limits({ maxPages: 10 }),
    )
    expect(result.pages).toBe(30)
    expect(result.pagesRead).toBe(10)
    expect(result.truncated).toBe(true)
    expect(result.blocks.join(' ')).toContain('page 10 of')
    expect(result.blocks.join(' ')).not.toContain('page 11 of')
  })

  it('stops at the character budget', async () => {
    const pdf = await makePdf({ paragraphs: CORAL_PARAGRAPHS, pages: 5 })
    const budget = new CharBudget(500)
    const result = await extractPdf('coral.pdf', new Uint8Array(pdf), budget, limits())
    expect(result.blocks.join('').length).toBe(500)
    expect(result.truncated).toBe(true)
    expect(result.pagesRead).toBe(1)
  })

  it('rejects a damaged PDF with a reason a person can read', async () => {
    const pdf = await makePdf({ paragraphs: CORAL_PARAGRAPHS })
    const damaged = new Uint8Array(pdf.subarray(0, 300))
    const error = await extractPdf('broken.pdf', damaged, new CharBudget(1000), limits()).catch((e) => e)
    expect(error).toBeInstanceOf(ExtractionError)
    expect(error.message).toMatch(/^The PDF file "broken.pdf" could not be read: it is damaged or not a PDF/)
  })

  it('gives up at the deadline', async () => {
    const pdf = await makePdf({ paragraphs: CORAL_PARAGRAPHS, pages: 3 })
    const error = await extractPdf(
      'slow.pdf',
      new Uint8Array(pdf),
      new CharBudget(100_000),
      limits({ deadline: Date.now() - 1 }),
    ).catch((e) => e)
    expect(error).toBeInstanceOf(ExtractionError)
    expect(error.message).toMatch(/took too long/)
  })
})

describe('DOCX extraction', () => {
  it('reads the paragraphs of a Word document', async () => {
    const docx = await makeDocx({ title: BEES_TITLE, paragraphs: BEES_PARAGRAPHS })
    const result = await extractDocx('bees.docx', new Uint8Array(docx), new CharBudget(100_000), limits())
    expect(result.blocks).toEqual([BEES_TITLE, ...BEES_PARAGRAPHS])
  })

  it('refuses a document that unpacks to more than the cap', async () => {
    const docx = await makeDocx({ title: BEES_TITLE, paragraphs: Array(2000).fill(BEES_PARAGRAPHS[0]) })
    const error = await extractDocx(
      'big.docx',
      new Uint8Array(docx),
      new CharBudget(100_000),
      limits({ maxZipXmlBytes: 64 * 1024 }),
    ).catch((e) => e)
    expect(error).toBeInstanceOf(ExtractionError)
    expect(error.message).toBe('The Word file "big.docx" unpacks to more than we analyse.')
  })

  it('refuses a zip bomb whose entry inflates beyond the size it declares', async () => {
    const zip = new JSZip()
    zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types/>')
    zip.file('word/document.xml', `${'<w:document>'.padEnd(20_000_000, ' ')}</w:document>`)
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })
    expect(bomb.length).toBeLessThan(100_000)
    const error = await extractDocx(
      'bomb.docx',
      new Uint8Array(lieAboutSize(bomb, 'word/document.xml', 1000)),
      new CharBudget(1000),
      limits(),
    ).catch((e) => e)
    expect(error).toBeInstanceOf(ExtractionError)
    expect(error.message).toMatch(
      /^The Word file "bomb.docx" could not be read: it is damaged or not a .docx file/,
    )
  })

  it('rejects a file that is not a zip', async () => {
    const error = await extractDocx(
      'fake.docx',
      new TextEncoder().encode('plain text'),
      new CharBudget(1000),
      limits(),
    ).catch((e) => e)
    expect(error).toBeInstanceOf(ExtractionError)
    expect(error.message).toMatch(/not a .docx file/)
  })
})
