import { extractFile, type FileKind } from './extract'
import { CharBudget, type ExtractionLimits, takeBlocks } from './extract.limits'
import { markdownToBlocks, squashSpaces } from './extract.text'
import type { Thumbnail } from './extract.thumbnail'
import { type PreparedText, prepareText } from './nlp'

/**
 * The CPU-heavy half of an analysis, run in a worker thread: extract the text of every file and
 * prepare it (language, summary, candidate keyphrases). It needs no database and no network.
 */

export interface PreparationFile {
  name: string
  kind: FileKind
  /** The file's bytes; null for media, which contribute only their name. */
  bytes: Uint8Array | null
  /** Whether only the beginning of the file was read. */
  cut?: boolean
}

export interface PreparationInput {
  title: string
  summary: string
  /** The post's Markdown content. */
  content: string
  files: PreparationFile[]
  /** The author's instruction for the analysis ('' for none). */
  instruction?: string
  /** The post's own tags, which lead the keyphrases. */
  authorTags?: string[]
  limits: Omit<ExtractionLimits, 'deadline'> & { timeoutMs: number }
  /** Characters of plain text handed back for an external model's prompt. */
  textBudget: number
}

export interface Preparation extends PreparedText {
  /** The post's plain text (title, summary, content, files), cut to the text budget. */
  text: string
  /** Whether any file was cut at the page or character limit. */
  truncated: boolean
  /** Per file: pages read of pages in it (PDFs), for the record. */
  files: {
    name: string
    kind: FileKind
    pages?: number
    pagesRead?: number
    characters: number
    /** A PDF's first page as a picture (extract.thumbnail). */
    thumbnail?: Thumbnail
  }[]
}

/**
 * Longest run of non-space characters the language analysis reads as a word. The tokenizer's
 * features test each word with regular expressions that backtrack over the whole word, so a
 * 300,000-character "word" (a file of random characters) cost minutes; no word is this
 * long, so longer runs are left out of the language analysis (not of the text a model is given).
 */
export const MAX_WORD_CHARS = 64
const OVERLONG_WORD = new RegExp(`\\S{${MAX_WORD_CHARS + 1},}`, 'g')

function withoutOverlongWords(block: string): string {
  const kept = block.replace(OVERLONG_WORD, ' ')
  return kept === block ? block : squashSpaces(kept)
}

/**
 * Longest block the language analysis reads at once. A text without paragraph breaks or full
 * stops (random words) was one "sentence" of 300,000 characters, and its analysis grew much
 * faster than its length (minutes): longer blocks are read in pieces cut at spaces.
 */
export const MAX_BLOCK_CHARS = 4_000

function inPieces(block: string): string[] {
  if (block.length <= MAX_BLOCK_CHARS) return [block]
  const pieces: string[] = []
  let rest = block
  while (rest.length > MAX_BLOCK_CHARS) {
    const space = rest.lastIndexOf(' ', MAX_BLOCK_CHARS)
    const cut = space > MAX_BLOCK_CHARS / 2 ? space : MAX_BLOCK_CHARS
    pieces.push(rest.slice(0, cut))
    rest = rest.slice(cut).trimStart()
  }
  if (rest) pieces.push(rest)
  return pieces
}

/**
 * Characters the language analysis reads (the first ones): its word graph grows with the distinct
 * words, so 300,000 characters of random words took seconds of CPU; a post's keyphrases and summary
 * are found well within this, and a job's cost stays bounded.
 */
export const ANALYSED_CHARS = 100_000

/** The blocks as the language analysis reads them: no overlong words, in bounded pieces, at most ANALYSED_CHARS. */
function forAnalysis(blocks: string[]): string[] {
  const budget = new CharBudget(ANALYSED_CHARS)
  const pieces = blocks.flatMap((block) => {
    const kept = withoutOverlongWords(block)
    return kept ? inPieces(kept) : []
  })
  return takeBlocks(pieces, budget)
}

/** "coral_reef-survey.2024.pdf" → "coral reef survey 2024": a file's name as words. */
function nameAsWords(name: string) {
  return squashSpaces(name.replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[_\-.+]+/g, ' '))
}

export async function prepareSource(input: PreparationInput): Promise<Preparation> {
  const limits: ExtractionLimits = { ...input.limits, deadline: Date.now() + input.limits.timeoutMs }
  const budget = new CharBudget(input.limits.maxChars)
  const blocks = [
    ...budget.take(squashSpaces(input.summary)).split('\n').filter(Boolean),
    ...markdownToBlocks(input.content)
      .map((block) => budget.take(block))
      .filter(Boolean),
  ]
  /** Where each of `blocks` comes from: null for the post's own text. */
  const origins: ({ file: number; page?: number } | null)[] = blocks.map(() => null)
  const files: Preparation['files'] = []
  const metadata: string[] = []
  for (const [index, file] of input.files.entries()) {
    metadata.push(nameAsWords(file.name))
    if (!file.bytes) {
      files.push({ name: file.name, kind: file.kind, characters: 0 })
      continue
    }
    const extracted = await extractFile(
      { name: file.name, kind: file.kind, bytes: file.bytes },
      budget,
      limits,
    )
    blocks.push(...extracted.blocks)
    for (const [at] of extracted.blocks.entries()) {
      const page = extracted.blockPages?.[at]
      origins.push(page === undefined ? { file: index } : { file: index, page })
    }
    files.push({
      name: file.name,
      kind: file.kind,
      pages: extracted.pages,
      pagesRead: extracted.pagesRead,
      characters: extracted.blocks.reduce((sum, block) => sum + block.length, 0),
      ...(extracted.thumbnail ? { thumbnail: extracted.thumbnail } : {}),
    })
  }
  const prepared = prepareText({
    title: withoutOverlongWords(squashSpaces(input.title)),
    blocks: forAnalysis(blocks),
    metadata,
    instruction: input.instruction ?? '',
    authorTags: input.authorTags ?? [],
  })
  for (const topic of prepared.topics) Object.assign(topic, placeOf(topic.sentence, blocks, origins))
  let text = [input.title, ...blocks].join('\n\n')
  if (text.length > input.textBudget) text = text.slice(0, input.textBudget)
  return { ...prepared, text, truncated: budget.truncated, files }
}

/**
 * Where a topic's sentence stands (a topic links to its sentence): the first block that
 * holds its beginning — a sentence may run on past a PDF page's last block.
 */
function placeOf(
  sentence: string,
  blocks: readonly string[],
  origins: readonly ({ file: number; page?: number } | null)[],
): { file?: number; page?: number } {
  const start = squashSpaces(sentence).slice(0, 60)
  const at = blocks.findIndex((block) => squashSpaces(block).includes(start))
  return (at >= 0 && origins[at]) || {}
}
