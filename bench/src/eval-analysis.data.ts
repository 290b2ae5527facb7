import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ParseArgsConfig, parseArgs } from 'node:util'
import { linesToBlocks } from '../../apps/server/src/features/analysis/extract.text'
import type { LocalInput } from '../../apps/server/src/features/analysis/nlp.local'

/**
 * The keyphrase datasets in the layout of LIAAD/KeywordExtractor-Datasets (docsutf8/*.txt,
 * keys/*.key), read the same way by `npm run eval:analysis` and `npm run train:keyphrases`.
 * Each dataset is cut in two by file order (natural sort): even positions are the held-out half
 * that is reported, odd positions the tuning half (rules and the keyphrase model are fitted on it).
 */

/**
 * The `--keyphrases <dir>` option of every script that reads these datasets: the folder holding
 * them, by default $ANALYSIS_KEYPHRASE_DATA or $TMPDIR/kpdata (bench/data/analysis/README.md).
 */
export const KEYPHRASES_OPTION = {
  type: 'string',
  default: process.env.ANALYSIS_KEYPHRASE_DATA ?? join(tmpdir(), 'kpdata'),
} as const

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>
const HELP_OPTION = { type: 'boolean', default: false } as const
type KeyphraseScriptConfig<T extends ParseArgsOptionsConfig> = {
  options: T & { keyphrases: typeof KEYPHRASES_OPTION; help: typeof HELP_OPTION }
}

/**
 * The command line of a script that reads these datasets: `options`, `--keyphrases <dir>` and
 * `--help`, which prints `usage` and exits.
 */
export function keyphraseScriptOptions<const T extends ParseArgsOptionsConfig>(
  usage: string,
  options: T,
): ReturnType<typeof parseArgs<KeyphraseScriptConfig<T>>>['values'] {
  const { values } = parseArgs<KeyphraseScriptConfig<T>>({
    options: { ...options, keyphrases: KEYPHRASES_OPTION, help: HELP_OPTION },
  })
  if ((values as { help?: boolean }).help) {
    console.log(usage)
    process.exit(0)
  }
  return values
}

export interface KeyphraseDocument {
  id: string
  input: LocalInput
  text: string
  gold: string[]
}

type Reader = (raw: string) => { title: string; blocks: string[] }

const byNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true })

/** A dataset's half (held out or tuning) and the file names of the other half, to load on demand. */
export function readKeyphraseDataset(root: string, name: string, read: Reader, heldOut: boolean) {
  const folder = join(root, name)
  if (!existsSync(join(folder, 'docsutf8'))) return null
  const files = readdirSync(join(folder, 'docsutf8'))
    .filter((file) => file.endsWith('.txt'))
    .sort(byNumber)
  const load = (file: string): KeyphraseDocument => {
    const raw = readFileSync(join(folder, 'docsutf8', file), 'utf8')
    const { title, blocks } = read(raw)
    const keyFile = join(folder, 'keys', file.replace(/\.txt$/, '.key'))
    const gold = readFileSync(keyFile, 'utf8')
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
    return { id: file, input: { title, blocks, instruction: '' }, text: [title, ...blocks].join('\n'), gold }
  }
  const mine = files.filter((_, index) => index % 2 === (heldOut ? 0 : 1))
  const other = files.filter((_, index) => index % 2 === (heldOut ? 1 : 0))
  return { documents: mine.map(load), load, other }
}

/** Inspec: the title on the first line, the abstract below it. */
export const readAbstract: Reader = (raw) => {
  const [title, ...rest] = raw.split('\n')
  return { title: title.trim(), blocks: [rest.join(' ').replace(/\s+/g, ' ').trim()] }
}
/** SemEval-2017 (ScienceIE): one paragraph of a paper, no title. */
export const readParagraph: Reader = (raw) => ({ title: '', blocks: [raw.replace(/\s+/g, ' ').trim()] })
/** SemEval-2010: a whole paper as text lines, joined into paragraphs as the PDF reader joins them. */
export const readPaper: Reader = (raw) => {
  const lines = raw.split('\n')
  return { title: lines[0].trim(), blocks: linesToBlocks(lines.slice(1)) }
}

/** The three datasets: folder, label, reader, and the share of `--limit` documents each gets. */
export const KEYPHRASE_DATASETS: [string, string, Reader, number][] = [
  ['SemEval2017', 'SemEval-2017 (ScienceIE paragraphs)', readParagraph, 1],
  ['Inspec', 'Inspec (abstracts)', readAbstract, 1],
  ['SemEval2010', 'SemEval-2010 (full papers)', readPaper, 0.25],
]
