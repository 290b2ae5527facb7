import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { makePdf } from '../../apps/server/src/features/analysis/analysis.fixtures'
import { DEFAULT_LIMITS } from '../../apps/server/src/features/analysis/extract.limits'
import {
  composeAnalysis,
  type LocalInput,
  localAnalysis,
} from '../../apps/server/src/features/analysis/nlp.local'
import { prepareSource } from '../../apps/server/src/features/analysis/prepare'
import { leadSentence, textRankKeyphrases } from './eval-analysis.baselines'
import {
  KEYPHRASE_DATASETS,
  type KeyphraseDocument,
  keyphraseScriptOptions,
  readKeyphraseDataset,
} from './eval-analysis.data'
import { keyphraseScores, type RougeScores, rougeScores } from './eval-analysis.metrics'
import { ROOT } from './processes'

/**
 * `npm run eval:analysis`: the local analysis engine — the code the server runs — on public
 * research text, beside classic baselines. Keyphrases: F1@5/@10 (exact match after Porter
 * stemming). TLDR: ROUGE-1/2/L F1 against the authors' TLDRs. See docs/analysis.md.
 *
 * Each dataset is cut in two by document order (even positions held out, odd ones for tuning);
 * the reported figures are on the held-out half, which no rule of the engine was tuned on.
 */

const USAGE = `npm run eval:analysis -- [--keyphrases <dir>] [--scitldr <file.jsonl>] [--split held-out|tune] [--limit 100]

  --keyphrases  folder holding SemEval2017/, Inspec/ and SemEval2010/ in the layout of
                github.com/LIAAD/KeywordExtractor-Datasets (docsutf8/*.txt, keys/*.key);
                default $ANALYSIS_KEYPHRASE_DATA or $TMPDIR/kpdata (see bench/data/analysis/README.md)
  --scitldr     SciTLDR-A lines (the committed held-out sample by default)
  --split       held-out (reported) or tune (the half rules may be tuned on)
  --limit       documents per dataset (SemEval-2010 papers: a quarter of it)`

const options = keyphraseScriptOptions(USAGE, {
  scitldr: { type: 'string', default: join(ROOT, 'bench/data/analysis/scitldr-a-test.sample.jsonl') },
  split: { type: 'string', default: 'held-out' },
  limit: { type: 'string', default: '100' },
})

const limit = Number(options.limit)
const heldOut = options.split !== 'tune'

interface Row {
  system: string
  values: number[]
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / (values.length || 1)
const format = (value: number) => value.toFixed(3)

function cpuMs<T>(run: () => T): { result: T; ms: number } {
  const before = process.cpuUsage()
  const result = run()
  const used = process.cpuUsage(before)
  return { result, ms: (used.user + used.system) / 1000 }
}

function evaluateKeyphrases(label: string, documents: KeyphraseDocument[], corpusDocuments: LocalInput[]) {
  const corpus = corpusFrom(corpusDocuments)
  const engine: number[][] = [[], [], [], []]
  const baseline: number[][] = [[], [], [], []]
  const times: number[] = []
  for (const document of documents) {
    const { result, ms } = cpuMs(() => localAnalysis(document.input, corpus, { tagLimit: 10 }))
    times.push(ms)
    const ranked = textRankKeyphrases(document.text, 10)
    for (const [i, k] of [5, 10].entries()) {
      const mine = keyphraseScores(result.tags, document.gold, k)
      const theirs = keyphraseScores(ranked, document.gold, k)
      engine[i * 2].push(mine.f1)
      engine[i * 2 + 1].push(mine.precision)
      baseline[i * 2].push(theirs.f1)
      baseline[i * 2 + 1].push(theirs.precision)
    }
  }
  const rows: Row[] = [
    { system: 'Agora local engine', values: engine.map(mean) },
    { system: 'TextRank (baseline)', values: baseline.map(mean) },
  ]
  return { label, count: documents.length, rows, cpuMs: mean(times), maxCpuMs: Math.max(...times) }
}

/** Document frequencies of the candidate keyphrases of other documents: the forum's corpus. */
function corpusFrom(documents: LocalInput[]) {
  const frequency = new Map<string, number>()
  for (const document of documents) {
    for (const key of new Set(localAnalysis(document, null).terms))
      frequency.set(key, (frequency.get(key) ?? 0) + 1)
  }
  return { documents: documents.length, frequency }
}

interface TldrDocument {
  id: string
  title: string
  sentences: string[]
  tldrs: string[]
}

function readScitldr(path: string): TldrDocument[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .map((record) => ({
      id: record.id ?? record.paper_id,
      title: record.title ?? '',
      sentences: record.sentences ?? record.source,
      tldrs: record.tldrs ?? record.target,
    }))
}

function evaluateTldr(documents: TldrDocument[]) {
  const engine: RougeScores[] = []
  const lead: RougeScores[] = []
  for (const document of documents) {
    const abstract = document.sentences.join(' ')
    const result = localAnalysis({ title: document.title, blocks: [abstract], instruction: '' }, null)
    engine.push(rougeScores(result.tldr, document.tldrs))
    lead.push(rougeScores(leadSentence(abstract), document.tldrs))
  }
  const row = (system: string, scores: RougeScores[]): Row => ({
    system,
    values: [
      mean(scores.map((s) => s.rouge1)),
      mean(scores.map((s) => s.rouge2)),
      mean(scores.map((s) => s.rougeL)),
    ],
  })
  return [row('Agora local engine', engine), row('Lead-1 (baseline)', lead)]
}

const split = heldOut ? 'held-out half' : 'tuning half'
console.log(`\n## Keyphrases (${split}; F1 and precision at 5 and 10, exact match after Porter stemming)\n`)
console.log('| Dataset | Docs | System | F1@5 | P@5 | F1@10 | P@10 | CPU ms/doc |')
console.log('| --- | --: | --- | --: | --: | --: | --: | --: |')
let longest = 0
let longestPaper: LocalInput | null = null
for (const [folder, label, read, share] of KEYPHRASE_DATASETS) {
  const count = Math.ceil(limit * share)
  const dataset = readKeyphraseDataset(options.keyphrases, folder, read, heldOut)
  if (!dataset) {
    console.log(`| ${label} | – | not found under ${options.keyphrases} | | | | | |`)
    continue
  }
  const corpus = dataset.other.slice(0, count).map((file) => dataset.load(file).input)
  const result = evaluateKeyphrases(label, dataset.documents.slice(0, count), corpus)
  for (const row of result.rows) {
    const cpu = row.system.startsWith('Agora') ? result.cpuMs.toFixed(0) : ''
    console.log(
      `| ${label} | ${result.count} | ${row.system} | ${row.values.map(format).join(' | ')} | ${cpu} |`,
    )
  }
  if (folder === 'SemEval2010') {
    longest = result.maxCpuMs
    longestPaper = dataset.documents
      .slice(0, count)
      .reduce((a, b) => (a.text.length >= b.text.length ? a : b)).input
  }
}

if (existsSync(options.scitldr)) {
  const documents = readScitldr(options.scitldr).slice(0, limit)
  console.log(
    `\n## TLDR (SciTLDR-A, ${documents.length} abstracts; ROUGE F1, best over the authors' TLDRs)\n`,
  )
  console.log('| System | ROUGE-1 | ROUGE-2 | ROUGE-L |')
  console.log('| --- | --: | --: | --: |')
  for (const row of evaluateTldr(documents))
    console.log(`| ${row.system} | ${row.values.map(format).join(' | ')} |`)
} else console.log(`\nSciTLDR file not found: ${options.scitldr}`)

if (longest > 0)
  console.log(`\nLongest SemEval-2010 paper: ${longest.toFixed(0)} ms CPU for the text analysis.`)

/**
 * The whole local path on a PDF: the longest SemEval-2010 paper typeset by pdfkit, then read by
 * pdf.js, prepared and composed as the worker and the server do (in this thread, so its CPU counts).
 */
if (longestPaper) {
  const paper: LocalInput = longestPaper
  const pdf = await makePdf({ title: paper.title, paragraphs: paper.blocks })
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length
  const before = process.cpuUsage()
  const preparation = await prepareSource({
    title: paper.title,
    summary: '',
    content: '',
    files: [{ name: 'paper.pdf', kind: 'pdf', bytes: new Uint8Array(pdf) }],
    limits: { ...DEFAULT_LIMITS },
    textBudget: 24_000,
  })
  composeAnalysis(preparation, { documents: 0, frequency: new Map() })
  const used = process.cpuUsage(before)
  const seconds = (used.user + used.system) / 1e6
  console.log(
    `A ${pages}-page PDF (that paper typeset): ${seconds.toFixed(2)} s CPU from its bytes to the analysis.`,
  )
}
