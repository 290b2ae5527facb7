import { parseArgs } from 'node:util'
import { prepareText } from '../../apps/server/src/features/analysis/nlp'
import { keyphrasePool } from '../../apps/server/src/features/analysis/nlp.keyphrases'
import { KEYPHRASE_DATASETS, KEYPHRASES_OPTION, readKeyphraseDataset } from './eval-analysis.data'
import { stemmedTokens } from './eval-analysis.metrics'

/**
 * `npx tsx bench/src/keyphrase-coverage.ts`: how many gold keyphrases the engine's candidates hold
 * (the ceiling of any ranking), on the TUNING half only (odd file positions), and what the missed
 * ones that the text does contain look like (an "of" inside, one word, part of a candidate...).
 * `--show N` prints N missed phrases per dataset.
 */

const { values: options } = parseArgs({
  options: {
    keyphrases: KEYPHRASES_OPTION,
    show: { type: 'string', default: '0' },
  },
})

const key = (phrase: string) => stemmedTokens(phrase).join(' ')
const padded = (text: string) => ` ${text} `

for (const [folder, label, read] of KEYPHRASE_DATASETS) {
  const dataset = readKeyphraseDataset(options.keyphrases, folder, read, false)
  if (!dataset) continue
  let gold = 0
  let inText = 0
  let inPool = 0
  let candidatesPerDocument = 0
  const missed = new Map<string, number>()
  const examples: string[] = []
  for (const document of dataset.documents) {
    const { candidates } = prepareText({
      title: document.input.title,
      blocks: document.input.blocks,
      metadata: [],
      instruction: '',
      authorTags: [],
    })
    const pool = keyphrasePool(candidates).filter((candidate) => candidate.author === undefined)
    candidatesPerDocument += pool.length / dataset.documents.length
    const poolKeys = new Set(pool.map((candidate) => key(candidate.label)))
    const text = padded(stemmedTokens(document.text).join(' '))
    const poolText = [...poolKeys].map(padded)
    for (const phrase of new Set(document.gold.map(key))) {
      if (!phrase) continue
      gold += 1
      if (!text.includes(padded(phrase))) continue
      inText += 1
      if (poolKeys.has(phrase)) {
        inPool += 1
        continue
      }
      const words = phrase.split(' ')
      const kind =
        words.length === 1
          ? 'one word'
          : words.includes('of')
            ? 'X of Y'
            : words.some((word) => ['and', 'for', 'in', 'on', 'to', 'with', 'the', 'a', 'by'].includes(word))
              ? 'other function word'
              : poolText.some((candidate) => candidate.includes(padded(phrase)))
                ? 'inside a candidate'
                : poolText.some((candidate) => padded(phrase).includes(candidate))
                  ? 'holds a candidate'
                  : 'other'
      missed.set(kind, (missed.get(kind) ?? 0) + 1)
      if (examples.length < Number(options.show)) examples.push(`${kind}: ${phrase}`)
    }
  }
  const share = (n: number) => (n / gold).toFixed(3)
  console.log(
    `${label}: ${dataset.documents.length} tuning docs, ${gold} gold, in text ${share(inText)}, in candidates ${share(inPool)}, ${candidatesPerDocument.toFixed(0)} candidates/doc`,
  )
  for (const [kind, n] of [...missed.entries()].sort((a, b) => b[1] - a[1]))
    console.log(`  missed, in text, ${kind}: ${n} (${share(n)})`)
  for (const example of examples) console.log(`    ${example}`)
}
