import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { prepareText } from '../../apps/server/src/features/analysis/nlp'
import {
  type Candidate,
  type CorpusStats,
  corpusKeys,
  type KeyphraseModel,
  keyphrasePool,
  rankKeyphrases,
} from '../../apps/server/src/features/analysis/nlp.keyphrases'
import {
  KEYPHRASE_FEATURES,
  keyphraseFeatures,
} from '../../apps/server/src/features/analysis/nlp.keyphrases.features'
import {
  KEYPHRASE_DATASETS,
  type KeyphraseDocument,
  keyphraseScriptOptions,
  readKeyphraseDataset,
} from './eval-analysis.data'
import { keyphraseScores, stemmedTokens } from './eval-analysis.metrics'
import { ROOT } from './processes'
import { countEvidence, keptLexicon, outOfDocument, writeLexicon } from './train-keyphrases.lexicon'

/**
 * `npm run train:keyphrases`: fits the local engine's keyphrase model (KEA-style logistic
 * regression over each candidate's features, nlp.keyphrases.ts) on the TUNING half of the keyphrase
 * datasets only (odd file positions; the held-out half that eval:analysis reports is never read).
 * A candidate is a positive when its label matches a gold keyphrase as the metric matches them
 * (exact, after Porter stemming). Each tuning document's corpus (document frequencies) is other
 * tuning documents, as many as the eval gives the held-out half (100 / 100 / 25).
 *
 * It prints a two-fold cross-validation on the tuning half (hand-set score against the model, F1@5
 * and F1@10), then fits on the whole tuning half and writes the model as a TS module. Deterministic:
 * documents in file order, Newton's method from zero weights.
 */

const USAGE = `npm run train:keyphrases -- [--keyphrases <dir>] [--lambda 1] [--weighting datasets|documents|rows] [--dry-run]

  --keyphrases  the datasets' folder, as for eval:analysis (bench/data/analysis/README.md)
  --lambda      L2 penalty on the standardised weights
  --drop        features left out of the model, comma-separated
  --min-seen    the keyphraseness lexicon keeps a phrase or word seen as a candidate in this many training documents
  --min-gold    … or a phrase gold in this many
  --weighting   each dataset weighs the same (datasets), each document (documents), or each candidate (rows)
  --dry-run     cross-validate only; leave the model file alone`

const options = keyphraseScriptOptions(USAGE, {
  out: { type: 'string', default: join(ROOT, 'apps/server/src/features/analysis/nlp.keyphrases.model.ts') },
  lambda: { type: 'string', default: '1' },
  weighting: { type: 'string', default: 'datasets' },
  drop: { type: 'string', default: '' },
  'min-gold': { type: 'string', default: '2' },
  'min-seen': { type: 'string', default: '3' },
  'dry-run': { type: 'boolean', default: false },
})

const lambda = Number(options.lambda)
const minGold = Number(options['min-gold'])
const minSeen = Number(options['min-seen'])
const dropped = new Set(options.drop.split(',').filter(Boolean))
for (const name of dropped)
  if (!(KEYPHRASE_FEATURES as readonly string[]).includes(name)) throw new Error(`unknown feature ${name}`)
/** The columns the model is fitted on. */
const COLUMNS = KEYPHRASE_FEATURES.flatMap((name, index) => (dropped.has(name) ? [] : [index]))
/** Documents the eval gives the held-out half as its corpus, per dataset share (see eval-analysis.ts). */
const CORPUS_DOCUMENTS = 100
const TERMS_PER_POST = 100

const phraseKey = (phrase: string) => stemmedTokens(phrase).join(' ')

interface Prepared {
  dataset: number
  document: KeyphraseDocument
  candidates: Candidate[]
  corpus: CorpusStats
  /** Pool candidates' features and labels. */
  features: number[][]
  labels: number[]
  /** Pool candidates and their stemmed labels, as the metric matches them. */
  pool: Candidate[]
  stems: string[]
}

const prepared: Prepared[] = []
for (const [datasetIndex, [folder, label, read, share]] of KEYPHRASE_DATASETS.entries()) {
  const dataset = readKeyphraseDataset(options.keyphrases, folder, read, false)
  if (!dataset) {
    console.log(`${label}: not found under ${options.keyphrases}`)
    continue
  }
  const corpusSize = Math.ceil(CORPUS_DOCUMENTS * share)
  const documents = dataset.documents
  const started = Date.now()
  const candidateLists = documents.map(
    (document) =>
      prepareText({
        title: document.input.title,
        blocks: document.input.blocks,
        metadata: [],
        instruction: '',
        authorTags: [],
      }).candidates,
  )
  const terms = candidateLists.map((candidates) => new Set(corpusKeys(candidates.slice(0, TERMS_PER_POST))))
  // Each document's corpus: the first corpusSize other tuning documents.
  const corpusOf = (index: number): CorpusStats => {
    const frequency = new Map<string, number>()
    let documentsIn = 0
    for (let other = 0; other < terms.length && documentsIn < corpusSize; other += 1) {
      if (other === index) continue
      documentsIn += 1
      for (const key of terms[other]) frequency.set(key, (frequency.get(key) ?? 0) + 1)
    }
    return { documents: documentsIn, frequency }
  }
  const shared = corpusOf(-1)
  for (const [index, document] of documents.entries()) {
    const corpus = index < corpusSize ? corpusOf(index) : shared
    const candidates = candidateLists[index]
    const pool = keyphrasePool(candidates).filter((candidate) => candidate.author === undefined)
    const gold = new Set(document.gold.map(phraseKey))
    const features = keyphraseFeatures(pool, corpus)
    if (features.some((row) => row.some(Number.isNaN)))
      throw new Error(`${document.id}: a feature is missing`)
    prepared.push({
      dataset: datasetIndex,
      document,
      candidates,
      corpus,
      features,
      labels: pool.map((candidate) => (gold.has(phraseKey(candidate.label)) ? 1 : 0)),
      pool,
      stems: pool.map((candidate) => phraseKey(candidate.label)),
    })
  }
  console.log(
    `${label}: ${documents.length} tuning documents read in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
}

/** Solves A x = b (A symmetric positive definite, small) by Gaussian elimination with pivoting. */
function solve(matrix: number[][], vector: number[]) {
  const n = vector.length
  const a = matrix.map((row, i) => [...row, vector[i]])
  for (let column = 0; column < n; column += 1) {
    let pivot = column
    for (let row = column + 1; row < n; row += 1)
      if (Math.abs(a[row][column]) > Math.abs(a[pivot][column])) pivot = row
    ;[a[column], a[pivot]] = [a[pivot], a[column]]
    for (let row = column + 1; row < n; row += 1) {
      const factor = a[row][column] / a[column][column]
      for (let k = column; k <= n; k += 1) a[row][k] -= factor * a[column][k]
    }
  }
  const x = new Array<number>(n).fill(0)
  for (let row = n - 1; row >= 0; row -= 1) {
    let sum = a[row][n]
    for (let k = row + 1; k < n; k += 1) sum -= a[row][k] * x[k]
    x[row] = sum / a[row][row]
  }
  return x
}

const RATES = [KEYPHRASE_FEATURES.indexOf('goldRate'), KEYPHRASE_FEATURES.indexOf('wordGoldRate')]
const USES_LEXICON = RATES.some((column) => COLUMNS.includes(column))

/** L2-penalised logistic regression by Newton's method on standardised features. */
function fit(documents: Prepared[]): KeyphraseModel {
  // Keyphraseness out of the document's own gold: the lexicon of the other training documents.
  const counts = countEvidence(documents)
  const rows: number[][] = []
  const labels: number[] = []
  const weights: number[] = []
  const perDataset = new Map<number, { rows: number; documents: number }>()
  for (const document of documents) {
    const entry = perDataset.get(document.dataset) ?? { rows: 0, documents: 0 }
    entry.rows += document.labels.length
    entry.documents += 1
    perDataset.set(document.dataset, entry)
  }
  for (const document of documents) {
    const entry = perDataset.get(document.dataset)!
    const weight =
      options.weighting === 'rows'
        ? 1
        : options.weighting === 'documents'
          ? 1 / Math.max(1, document.labels.length)
          : 1 / entry.rows
    const lexicon = outOfDocument(counts, document, minSeen, minGold)
    const own = keyphraseFeatures(document.pool, document.corpus, lexicon)
    for (const [index, row] of document.features.entries()) {
      const copy = [...row]
      for (const column of RATES) copy[column] = own[index][column]
      rows.push(COLUMNS.map((column) => copy[column]))
    }
    labels.push(...document.labels)
    for (let i = 0; i < document.labels.length; i += 1) weights.push(weight)
  }
  // Normalise the weights to the row count, so lambda means the same whatever the weighting.
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  for (let i = 0; i < weights.length; i += 1) weights[i] *= rows.length / total
  const d = COLUMNS.length
  const mean = new Array<number>(d).fill(0)
  const scale = new Array<number>(d).fill(0)
  for (const row of rows) for (let j = 0; j < d; j += 1) mean[j] += row[j] / rows.length
  for (const row of rows) for (let j = 0; j < d; j += 1) scale[j] += (row[j] - mean[j]) ** 2 / rows.length
  for (let j = 0; j < d; j += 1) scale[j] = Math.sqrt(scale[j]) || 1
  const x = rows.map((row) => [1, ...row.map((value, j) => (value - mean[j]) / scale[j])])
  const beta = new Array<number>(d + 1).fill(0)
  for (let iteration = 0; iteration < 30; iteration += 1) {
    const gradient = beta.map((value, j) => (j === 0 ? 0 : lambda * value))
    const hessian = beta.map((_, i) => beta.map((__, j) => (i === j && i > 0 ? lambda : 0)))
    for (const [i, row] of x.entries()) {
      let logit = 0
      for (let j = 0; j <= d; j += 1) logit += beta[j] * row[j]
      const p = 1 / (1 + Math.exp(-logit))
      const residual = weights[i] * (p - labels[i])
      const curvature = weights[i] * p * (1 - p)
      for (let j = 0; j <= d; j += 1) {
        gradient[j] += residual * row[j]
        const cj = curvature * row[j]
        for (let k = j; k <= d; k += 1) hessian[j][k] += cj * row[k]
      }
    }
    for (let j = 0; j <= d; j += 1) for (let k = 0; k < j; k += 1) hessian[j][k] = hessian[k][j]
    const step = solve(hessian, gradient)
    for (let j = 0; j <= d; j += 1) beta[j] -= step[j]
    if (Math.max(...step.map(Math.abs)) < 1e-7) break
  }
  const round = (value: number) => Number(value.toPrecision(6))
  return {
    features: COLUMNS.map((column) => KEYPHRASE_FEATURES[column]),
    mean: mean.map(round),
    scale: scale.map(round),
    weights: beta.slice(1).map(round),
    bias: round(beta[0]),
    ...(USES_LEXICON ? { lexicon: keptLexicon(counts, minSeen, minGold) } : {}),
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / (values.length || 1)

/** F1@5 and F1@10 per dataset of a ranking (model null: the hand-set score). */
function scoreDocuments(documents: Prepared[], modelOf: (document: Prepared) => KeyphraseModel | null) {
  return KEYPHRASE_DATASETS.map((_, datasetIndex) => {
    const mine = documents.filter((document) => document.dataset === datasetIndex)
    const at = (k: number) =>
      mean(
        mine.map(
          (document) =>
            keyphraseScores(
              rankKeyphrases(document.candidates, document.corpus, 10, modelOf(document)),
              document.document.gold,
              k,
            ).f1,
        ),
      )
    return { documents: mine.length, f1at5: at(5), f1at10: at(10) }
  })
}

// Two folds by document position within each dataset's tuning half.
const folds = [0, 1].map((fold) => fit(prepared.filter((_, index) => index % 2 !== fold)))
const foldOf = new Map(prepared.map((document, index) => [document, index % 2]))
const hand = scoreDocuments(prepared, () => null)
const crossValidated = scoreDocuments(prepared, (document) => folds[foldOf.get(document)!])
console.log(
  `\nTwo-fold cross-validation on the tuning half (lambda ${lambda}, weighting ${options.weighting}, dropped: ${[...dropped].join(', ') || 'none'}):\n`,
)
console.log('| Dataset | Docs | Hand-set F1@5 | F1@10 | Model F1@5 | F1@10 |')
console.log('| --- | --: | --: | --: | --: | --: |')
for (const [index, [, label]] of KEYPHRASE_DATASETS.entries()) {
  const a = hand[index]
  const b = crossValidated[index]
  console.log(
    `| ${label} | ${a.documents} | ${a.f1at5.toFixed(3)} | ${a.f1at10.toFixed(3)} | ${b.f1at5.toFixed(3)} | ${b.f1at10.toFixed(3)} |`,
  )
}
const meanOf = (rows: { f1at10: number }[]) => mean(rows.map((row) => row.f1at10))
console.log(`Mean F1@10: hand-set ${meanOf(hand).toFixed(4)}, model ${meanOf(crossValidated).toFixed(4)}`)

const model = fit(prepared)
console.log(`Lexicon: ${model.lexicon?.phrases.size ?? 0} phrases, ${model.lexicon?.words.size ?? 0} words`)
console.log('\nWeights (standardised features):')
for (const [index, name] of model.features.entries())
  console.log(`  ${name.padEnd(18)} ${model.weights[index].toFixed(3)}`)
console.log(`  ${'(bias)'.padEnd(18)} ${model.bias.toFixed(3)}`)

if (!options['dry-run']) {
  const list = (values: readonly (number | string)[]) => JSON.stringify(values)
  // The fitted features by reference to their list in nlp.keyphrases.features.ts, not a copy of it.
  const features =
    dropped.size > 0
      ? `KEYPHRASE_FEATURES.filter((name) => !${list([...dropped])}.includes(name))`
      : 'KEYPHRASE_FEATURES'
  writeFileSync(
    options.out,
    `import { KEYPHRASE_FEATURES, type KeyphraseModel } from './nlp.keyphrases.features'
${model.lexicon ? "import { KEYPHRASE_LEXICON } from './nlp.keyphrases.lexicon'\n" : ''}
/**
 * The keyphrase model, written by \`npm run train:keyphrases\` (bench/src/train-keyphrases.ts):
 * logistic regression fitted on the tuning half of SemEval-2017, Inspec and SemEval-2010 (odd file
 * positions; ${prepared.length} documents), lambda ${lambda}, weighting ${options.weighting}${dropped.size > 0 ? `, without ${[...dropped].join(', ')}` : ''}${model.lexicon ? `; keyphraseness lexicon: min seen ${minSeen}, min gold ${minGold}` : ''}.
 * Do not edit by hand.
 */
export const KEYPHRASE_MODEL: KeyphraseModel | null = {
  features: ${features},
  mean: ${list(model.mean)},
  scale: ${list(model.scale)},
  weights: ${list(model.weights)},
  bias: ${model.bias},${model.lexicon ? '\n  lexicon: KEYPHRASE_LEXICON,' : ''}
}
`,
  )
  const lexiconFile = join(dirname(options.out), 'nlp.keyphrases.lexicon.ts')
  if (model.lexicon) writeLexicon(lexiconFile, model.lexicon, prepared.length)
  // In the repository's format, so that a new fit shows as changed numbers only.
  const written = model.lexicon ? [options.out, lexiconFile] : [options.out]
  execFileSync(join(ROOT, 'node_modules/.bin/biome'), ['format', '--write', ...written], { stdio: 'ignore' })
  console.log(`\nWrote ${written.join(', ')}`)
}
