import { stemmer } from 'stemmer'
import type { Candidate, CorpusStats } from './nlp.keyphrases'

/**
 * What the keyphrase ranking weighs: the hand-set score of the first two rounds and the
 * features of the logistic model fitted on it (bench/src/train-keyphrases.ts).
 */

/** Weight of a one-word tag that is not an acronym or a name (tuned on the tuning half: 1 → 0.3, +0.01 F1@10). */
const SINGLE_WORD_WEIGHT = 0.3

/**
 * Heads that say how a text speaks of a thing rather than name it ("simulation results", "noise
 * level", "key factors"): a phrase ending on one is rarely a keyphrase (tuning half: 1 in 6 of those
 * the engine chose), so it weighs 0.3 (+0.005 F1@10 on paragraphs and abstracts, -0.005 on papers).
 */
const GENERIC_HEADS = new Set([
  'amount',
  'aspect',
  'case',
  'change',
  'characteristic',
  'condition',
  'content',
  'degree',
  'direction',
  'effect',
  'extent',
  'factor',
  'feature',
  'fraction',
  'impact',
  'interest',
  'issue',
  'kind',
  'length',
  'level',
  'nature',
  'number',
  'part',
  'point',
  'property',
  'range',
  'requirement',
  'result',
  'role',
  'situation',
  'size',
  'type',
  'use',
  'value',
  'way',
  'work',
])
const GENERIC_HEAD_WEIGHT = 0.3

/**
 * Bonus for a phrase's early first mention, 1 + w/√(position + 1) (position in candidate words).
 * Tuning half, 120 full papers: F1@10 0.194 → 0.206; paragraphs and abstracts within 0.002.
 */
const FIRST_MENTION_WEIGHT = 2

/** A phrase's rarity in the forum's corpus: its IDF, and that of its words. */
export function rarity(corpus: CorpusStats) {
  return (key: string) => {
    const documents = corpus.frequency.get(key) ?? 0
    return Math.log((corpus.documents + 1) / (documents + 1)) + 1
  }
}

/**
 * The hand-set score, from before the fitted model: the phrase's words' ranks in the
 * position-biased word graph, times their rarity, how often the document uses it and how early,
 * lowered for lone common words and generic heads. The model's strongest feature.
 */
export function handScore(candidate: Candidate, idf: (key: string) => number) {
  const words = candidate.key.split(' ')
  const wordIdf = words.reduce((sum, word) => sum + idf(word), 0) / words.length
  // How often the document uses the phrase: what long papers are about, they keep saying.
  const repeated = (1 + Math.log(candidate.count)) ** 2
  // A lone common word ("season", "weights") is rarely what a paper is about; an acronym may be.
  const single = candidate.words === 1 && !/\p{Lu}/u.test(candidate.label) ? SINGLE_WORD_WEIGHT : 1
  // What a long paper names first (title, abstract) it is about: PositionRank's bias works on
  // words, this on the phrase's own first mention.
  const early = 1 + FIRST_MENTION_WEIGHT / Math.sqrt(candidate.first + 1)
  // "Simulation results", "parameter values": the head says how the text speaks of a thing.
  const generic = candidate.words > 1 && GENERIC_HEADS.has(words[words.length - 1]) ? GENERIC_HEAD_WEIGHT : 1
  return candidate.score * Math.min(idf(candidate.key), wordIdf * 1.5) * repeated * single * generic * early
}

/** The features the keyphrase model weighs, by name (the model file takes this list, less any left out in training). */
export const KEYPHRASE_FEATURES = [
  'logHandScore',
  'logHandRank',
  'handShare',
  'logGraphScore',
  'logGraphPerWord',
  'idf',
  'wordIdf',
  'minWordIdf',
  'logCount',
  'logFirst',
  'firstShare',
  'spread',
  'oneWord',
  'threeWords',
  'fourWordsOrMore',
  'lowerOneWord',
  'capitals',
  'acronym',
  'digit',
  'hyphen',
  'genericHead',
  'title',
  'heading',
  'abstract',
  'insideOthers',
  'holdsOthers',
  'adjective',
  'name',
  'verb',
  'logCountByLength',
  'logFirstByLength',
  'goldRate',
  'wordGoldRate',
] as const

export type KeyphraseFeature = (typeof KEYPHRASE_FEATURES)[number]

const WORD = /[\p{L}\p{N}]+/gu

/** A phrase as the keyphrase metric matches it: lower-cased Porter stems ("Lyapunov functions" → "lyapunov function"). */
export function stemKey(text: string): string {
  return (text.toLowerCase().match(WORD) ?? []).map((token) => stemmer(token)).join(' ')
}

/** A typical document's length in phrase words (the training documents' geometric mean is near it). */
const TYPICAL_LENGTH = 500

/**
 * Each pool candidate's features, in KEYPHRASE_FEATURES order (see the model for their weights).
 * Those that need the candidate's `signals` are NaN without them (candidates made by hand, not by
 * prepareText): the model reads NaN as the feature's mean, so it neither helps nor hurts; the
 * length interactions are centred on a typical length, so without one the others read as there.
 */
export function keyphraseFeatures(
  pool: Candidate[],
  corpus: CorpusStats,
  lexicon?: KeyphraseLexicon,
): number[][] {
  const idf = rarity(corpus)
  const keys = pool.map((candidate) => ` ${candidate.key} `)
  const hand = pool.map((candidate) => handScore(candidate, idf))
  const best = Math.max(...hand, 1e-12)
  const handRank = new Array<number>(pool.length)
  for (const [rank, index] of [...pool.keys()].sort((a, b) => hand[b] - hand[a] || a - b).entries())
    handRank[index] = rank
  return pool.map((candidate, index) => {
    const words = candidate.key.split(' ')
    const wordIdfs = words.map(idf)
    const signals = candidate.signals
    const length = signals ? Math.max(signals.length, candidate.first + 1, 1) : Number.NaN
    const logLength = signals ? Math.log(length / TYPICAL_LENGTH) / 10 : 0
    const flag = (value: boolean | undefined) => (signals ? (value ? 1 : 0) : Number.NaN)
    let insideOthers = 0
    let holdsOthers = 0
    for (const [other, key] of keys.entries()) {
      if (other === index) continue
      if (key.includes(keys[index])) insideOthers += 1
      else if (keys[index].includes(key)) holdsOthers += 1
    }
    const stems = stemKey(candidate.label)
    const wordRates = stems.split(' ').map((word) => goldRate(lexicon?.words.get(word)))
    const features: Record<KeyphraseFeature, number> = {
      logHandScore: Math.log(hand[index] + 1e-6),
      logHandRank: Math.log(1 + handRank[index]),
      handShare: hand[index] / best,
      logGraphScore: Math.log(candidate.score + 1e-6),
      logGraphPerWord: Math.log(candidate.score / candidate.words + 1e-6),
      idf: idf(candidate.key),
      wordIdf: wordIdfs.reduce((sum, value) => sum + value, 0) / words.length,
      minWordIdf: Math.min(...wordIdfs),
      logCount: Math.log(candidate.count),
      logFirst: Math.log(candidate.first + 1),
      firstShare: candidate.first / length,
      spread: signals ? Math.max(0, signals.last - candidate.first) / length : Number.NaN,
      oneWord: candidate.words === 1 ? 1 : 0,
      threeWords: candidate.words === 3 ? 1 : 0,
      fourWordsOrMore: candidate.words >= 4 ? 1 : 0,
      lowerOneWord: candidate.words === 1 && !/\p{Lu}/u.test(candidate.label) ? 1 : 0,
      capitals: /\p{Lu}/u.test(candidate.label) ? 1 : 0,
      acronym: /(?:^|\s)\p{Lu}{2,}s?(?:\s|$)/u.test(candidate.label) ? 1 : 0,
      digit: /\p{N}/u.test(candidate.label) ? 1 : 0,
      hyphen: /[-\u2010\u2013]/u.test(candidate.label) ? 1 : 0,
      genericHead: candidate.words > 1 && GENERIC_HEADS.has(words[words.length - 1]) ? 1 : 0,
      title: flag(signals?.title),
      heading: flag(signals?.heading),
      abstract: flag(signals?.abstract),
      insideOthers: Math.log(1 + insideOthers),
      holdsOthers: Math.log(1 + holdsOthers),
      adjective: flag(signals?.adjective),
      name: flag(signals?.name),
      verb: flag(signals?.verb),
      logCountByLength: Math.log(candidate.count) * logLength,
      logFirstByLength: Math.log(candidate.first + 1) * logLength,
      goldRate: goldRate(lexicon?.phrases.get(stems)),
      wordGoldRate: wordRates.reduce((sum, rate) => sum + rate, 0) / wordRates.length,
    }
    return KEYPHRASE_FEATURES.map((name) => features[name])
  })
}

/** A logistic model of keyphraseness over named features, standardised (see bench/src/train-keyphrases.ts). */
export interface KeyphraseModel {
  features: readonly string[]
  mean: readonly number[]
  scale: readonly number[]
  weights: readonly number[]
  bias: number
  /** What the training documents said of phrases and words (goldRate, wordGoldRate); absent: nothing. */
  lexicon?: KeyphraseLexicon
}

/**
 * KEA's keyphraseness (Frank et al. 1999), as a rate: in how many training documents a phrase (by
 * its stems, as the metric matches them) was a candidate, and in how many of those a gold
 * keyphrase; for words, a candidate holding the word, and a gold candidate holding it.
 */
export interface KeyphraseLexicon {
  phrases: ReadonlyMap<string, KeyphraseEvidence>
  words: ReadonlyMap<string, KeyphraseEvidence>
}
export type KeyphraseEvidence = readonly [seen: number, gold: number]

/** A lexicon from its generated text: a line per stemmed phrase or word, `key|seen|gold`. */
export function lexiconFrom(phrases: string, words: string): KeyphraseLexicon {
  const parse = (text: string) =>
    new Map(
      text.split('\n').map((line): [string, KeyphraseEvidence] => {
        const [key, seen, gold] = line.split('|')
        return [key, [Number(seen), Number(gold)]]
      }),
    )
  return { phrases: parse(phrases), words: parse(words) }
}

/** The share of the training documents where a candidate was gold, smoothed (unseen: 0.1). */
export function goldRate(evidence: KeyphraseEvidence | undefined) {
  return evidence ? (evidence[1] + 0.1) / (evidence[0] + 1) : 0.1
}

/** The model's probability that each pool candidate is a keyphrase. */
export function modelScores(model: KeyphraseModel, pool: Candidate[], corpus: CorpusStats): number[] {
  const columns = model.features.map((name) => KEYPHRASE_FEATURES.indexOf(name as KeyphraseFeature))
  if (columns.some((column) => column < 0)) throw new Error('keyphrase model: unknown feature')
  return keyphraseFeatures(pool, corpus, model.lexicon).map((row) => {
    let logit = model.bias
    for (const [i, column] of columns.entries())
      if (!Number.isNaN(row[column]))
        logit += (model.weights[i] * (row[column] - model.mean[i])) / model.scale[i]
    return 1 / (1 + Math.exp(-logit))
  })
}
