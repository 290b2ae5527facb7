import { Document, HeadingLevel, Packer, Paragraph } from 'docx'
import PDFDocument from 'pdfkit'

/** Test documents written by the tests themselves (pdfkit, docx), about subjects we know. */

export const CORAL_TITLE = 'Coral bleaching under rising ocean temperatures'
export const CORAL_PARAGRAPHS = [
  'Coral reefs are among the most diverse ecosystems on Earth, and they shelter a quarter of all marine species.',
  'Rising ocean temperatures cause coral bleaching, in which corals expel the symbiotic algae that live in their tissues.',
  'Without these algae, coral reefs lose their main source of food, turn white and often die within weeks.',
  'Marine biologists combine satellite data with underwater surveys to track coral bleaching across the Great Barrier Reef.',
  'Repeated coral bleaching events leave coral reefs too little time to recover between heat waves.',
  'Ocean acidification further weakens the calcium carbonate skeletons that corals build.',
  'Protecting coral reefs requires cutting greenhouse gas emissions and reducing local pollution from farms.',
  'Shaded coral reefs bleached less often than exposed coral reefs during the marine heat waves we surveyed.',
]

export const BEES_TITLE = 'Neonicotinoid pesticides and honey bee colonies'
export const BEES_PARAGRAPHS = [
  'Honey bees pollinate a large share of the crops that people eat, from almonds to apples.',
  'Neonicotinoid pesticides are absorbed by plants and reach the nectar and pollen that honey bees collect.',
  'Field studies link neonicotinoid pesticides to weaker honey bee colonies and fewer new queens.',
  'Foraging honey bees exposed to neonicotinoid pesticides lose their way back to the hive more often.',
  'Several countries have restricted neonicotinoid pesticides on flowering crops to protect honey bee colonies.',
  'Beekeepers also fight varroa mites, which spread viruses between honey bee colonies.',
  'Wild pollinators such as bumblebees suffer from the same neonicotinoid pesticides as honey bees.',
]

/**
 * A PDF with `pages` pages, each holding the given paragraphs (`{page}` in them replaced by its number),
 * then those `onPage` gives for that page alone.
 */
export function makePdf(options: {
  title?: string
  paragraphs: string[]
  pages?: number
  onPage?: Record<number, string[]>
}): Promise<Buffer> {
  const document = new PDFDocument({ autoFirstPage: false, info: { Title: options.title ?? 'Test' } })
  const chunks: Buffer[] = []
  document.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve) => document.on('end', () => resolve(Buffer.concat(chunks))))
  for (let page = 1; page <= (options.pages ?? 1); page += 1) {
    document.addPage()
    if (options.title && page === 1) document.fontSize(18).text(options.title).moveDown()
    document.fontSize(11)
    for (const paragraph of options.paragraphs)
      document.text(paragraph.replaceAll('{page}', String(page))).moveDown()
    for (const paragraph of options.onPage?.[page] ?? []) document.text(paragraph).moveDown()
  }
  document.end()
  return done
}

export function makeDocx(options: { title: string; paragraphs: string[] }): Promise<Buffer> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: options.title, heading: HeadingLevel.HEADING_1 }),
          ...options.paragraphs.map((text) => new Paragraph({ text })),
        ],
      },
    ],
  })
  return Packer.toBuffer(document)
}

/** Whitespace-insensitive form of a text, for "this sentence is in that document" checks. */
export function squash(text: string) {
  return text.replace(/\s+/g, ' ').trim()
}
