import { writeFileSync } from 'node:fs'
import type {
  KeyphraseEvidence,
  KeyphraseLexicon,
} from '../../apps/server/src/features/analysis/nlp.keyphrases.features'

/**
 * The keyphraseness lexicon of `npm run train:keyphrases` (KEA, Frank et al. 1999; KEA++,
 * Medelyan & Witten 2006), as rates: for each stemmed candidate phrase, in how many training
 * documents it was a candidate and in how many of those a gold keyphrase; for each stemmed word,
 * the same over the candidates holding it. A training document's own features are read from the
 * lexicon of the OTHER training documents (its own evidence taken out), so it never sees its gold.
 */

export interface LexiconDocument {
  /** Pool candidates' stemmed labels (as the metric matches them) and whether each is gold. */
  stems: string[]
  labels: number[]
}

type Counts = Map<string, [number, number]>

/** A document's own evidence: each phrase and word it has as a candidate, and whether gold. */
function evidenceOf(document: LexiconDocument) {
  const phrases: Counts = new Map()
  const words: Counts = new Map()
  for (const [index, stem] of document.stems.entries()) {
    const gold = document.labels[index]
    phrases.set(stem, [1, Math.max(gold, phrases.get(stem)?.[1] ?? 0)])
    for (const word of stem.split(' ')) words.set(word, [1, Math.max(gold, words.get(word)?.[1] ?? 0)])
  }
  return { phrases, words }
}

/** The documents' evidence, summed. */
export function countEvidence(documents: LexiconDocument[]) {
  const phrases: Counts = new Map()
  const words: Counts = new Map()
  for (const document of documents) {
    const own = evidenceOf(document)
    for (const [total, mine] of [
      [phrases, own.phrases],
      [words, own.words],
    ])
      for (const [key, [seen, gold]] of mine) {
        const entry = total.get(key) ?? [0, 0]
        total.set(key, [entry[0] + seen, entry[1] + gold])
      }
  }
  return { phrases, words }
}

/**
 * What a lexicon keeps: phrases seen as candidates in `minSeen` documents or gold in `minGold`,
 * words seen in `minSeen`. Rarer ones read as unseen (the feature's prior).
 */
export function keptLexicon(
  counts: ReturnType<typeof countEvidence>,
  minSeen: number,
  minGold: number,
): KeyphraseLexicon {
  return {
    phrases: new Map([...counts.phrases].filter(([, [seen, gold]]) => seen >= minSeen || gold >= minGold)),
    words: new Map([...counts.words].filter(([, [seen]]) => seen >= minSeen)),
  }
}

/** The lexicon a training document sees: the others' evidence only, kept by the same rule. */
export function outOfDocument(
  counts: ReturnType<typeof countEvidence>,
  document: LexiconDocument,
  minSeen: number,
  minGold: number,
): KeyphraseLexicon {
  const own = evidenceOf(document)
  const without = (total: Counts, mine: Counts, isKept: (entry: KeyphraseEvidence) => boolean) => {
    const result = new Map<string, KeyphraseEvidence>()
    for (const [key, [seen, gold]] of mine) {
      const entry = total.get(key) ?? [0, 0]
      const others = [entry[0] - seen, entry[1] - gold] as const
      if (isKept(others)) result.set(key, others)
    }
    return result
  }
  return {
    phrases: without(counts.phrases, own.phrases, ([seen, gold]) => seen >= minSeen || gold >= minGold),
    words: without(counts.words, own.words, ([seen]) => seen >= minSeen),
  }
}

/** Writes the lexicon as a TS module: one `stems|seen|gold` line per entry, parsed once on load. */
export function writeLexicon(path: string, lexicon: KeyphraseLexicon, documents: number) {
  const lines = (map: ReadonlyMap<string, KeyphraseEvidence>) =>
    [...map]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, [seen, gold]]) => `${key}|${seen}|${gold}`)
      .join('\n')
  for (const key of [...lexicon.phrases.keys(), ...lexicon.words.keys()])
    if (/[`$\\|\n]/.test(key)) throw new Error(`lexicon: unexpected character in ${key}`)
  writeFileSync(
    path,
    `import { type KeyphraseLexicon, lexiconFrom } from './nlp.keyphrases.features'

/**
 * The keyphraseness lexicon, written by \`npm run train:keyphrases\` (bench/src/train-keyphrases.ts)
 * from the tuning half of SemEval-2017, Inspec and SemEval-2010 (${documents} documents): per stemmed
 * phrase and word, in how many documents it was a candidate and in how many of those a gold
 * keyphrase (${lexicon.phrases.size} phrases, ${lexicon.words.size} words). Do not edit by hand.
 */

const PHRASES = \`${lines(lexicon.phrases)}\`

const WORDS = \`${lines(lexicon.words)}\`

export const KEYPHRASE_LEXICON: KeyphraseLexicon = lexiconFrom(PHRASES, WORDS)
`,
  )
}
