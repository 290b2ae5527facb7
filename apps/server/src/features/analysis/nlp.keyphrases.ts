import { KEYPHRASE_MODEL } from './nlp.keyphrases.model'

/** The post's tags: its candidate noun phrases ranked against the corpus of analysed posts. */

/** A noun phrase seen in the document: `key` groups inflections (lemmas), `label` is what people read. */
export interface Candidate {
  /** Normalised words joined by single spaces, whatever the script. */
  key: string
  label: string
  /** Weighted occurrences: title mentions count more than body mentions. */
  count: number
  /** Position of the first mention, to break ties towards what the document leads with. */
  first: number
  words: number
  /** The document's own score: the sum of its words' ranks in the position-biased word graph. */
  score: number
  /** Its place on the authors' "Keywords:" line; undefined when they did not list it. */
  author?: number
  /** Names something the author's instruction asks about. */
  focus?: boolean
  /** Where and how the document uses it, for the keyphrase model (absent: not known). */
  signals?: CandidateSignals
}

export interface CandidateSignals {
  /** Position of the last mention (the same scale as `first`). */
  last: number
  /** How many phrase words the document has: positions run from 1 to it. */
  length: number
  title: boolean
  heading: boolean
  abstract: boolean
  /** From the English tagger: opens on an adjective, holds a name, holds a verb form. */
  adjective?: boolean
  name?: boolean
  verb?: boolean
}

/**
 * Single words that every research text uses about itself: fine inside a phrase ("case study"),
 * never a tag on their own.
 */
const GENERIC_SINGLE_WORDS = new Set([
  'abstract',
  'analysis',
  'application',
  'approach',
  'article',
  'author',
  'chapter',
  'conclusion',
  'data',
  'detail',
  'discussion',
  'example',
  'figure',
  'file',
  'finding',
  'introduction',
  'list',
  'method',
  'note',
  'number',
  'page',
  'paper',
  'part',
  'point',
  'problem',
  'question',
  'result',
  'role',
  'section',
  'set',
  'solution',
  'step',
  'study',
  'sub',
  'sup',
  'table',
  'text',
  'thing',
  'time',
  'use',
  'value',
  'way',
  'work',
  'year',
])

/** How many analysed posts there are, and how many of them mention each phrase. */
export interface CorpusStats {
  documents: number
  frequency: Map<string, number>
}

/** Words that say what kind of file or page it is, not what it is about. */
/** Head nouns that name the kind of text. */
const DOCUMENT_KINDS = new Set([
  'review',
  'overview',
  'note',
  'notes',
  'report',
  'paper',
  'draft',
  'article',
  'preprint',
  'thesis',
  'manuscript',
  'slide',
  'slides',
  'summary',
  'update',
])

/** Candidates the selection looks at (and any the instruction asks about). */
const SELECTION_POOL = 60

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

/** How much a phrase's score shrinks for each chosen tag it shares a word with (tuned on the tuning half). */
const SHARED_WORD_DISCOUNT = 0.7
/**
 * The same under the model, whose features already say how a phrase overlaps the others: two-fold
 * cross-validation on the tuning half, mean F1@10 0.302 at 0.7, 0.309 at 0.85, 0.316 at 0.95 and 1.
 */
const MODEL_SHARED_WORD_DISCOUNT = 0.95

/** Units of measure, left alone when the number before them is not a word ("5 min" → "min"). */
const UNITS =
  /^(?:s|ms|min|h|hr|hrs|sec|hz|khz|mhz|ghz|nm|mm|cm|km|mg|kg|ml|kv|mv|ma|kw|mw|wt|ppm|rpm|db|kpa|mpa|gpa)$/u

const FILE_WORDS =
  /^(?:pdf|docx?|txt|md|csv|xlsx?|pptx?|png|jpe?g|gif|svg|html?|json|xml|zip|tex|bib|mime|utf-?8|ascii|page|pp|vol|doi|isbn|issn|arxiv|http|https|www|com|org|preprint|draft|copyright|licen[cs]e|fig|figure|table|eq|equation|section|appendix|et|al)$/u

/** A phrase's rarity in the forum's corpus: its IDF, and that of its words. */
function rarity(corpus: CorpusStats) {
  return (key: string) => {
    const documents = corpus.frequency.get(key) ?? 0
    return Math.log((corpus.documents + 1) / (documents + 1)) + 1
  }
}

/**
 * The hand-set score (issue 21's first two rounds): the phrase's words' ranks in the
 * position-biased word graph, times their rarity, how often the document uses it and how early,
 * lowered for lone common words and generic heads. The model's strongest feature.
 */
function handScore(candidate: Candidate, idf: (key: string) => number) {
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

/** The candidates that may become tags: no file-format noise, units, kinds of text or generic words. */
export function keyphrasePool(candidates: Candidate[]): Candidate[] {
  return candidates.filter((candidate) => {
    const words = candidate.key.split(' ')
    if (words.every((word) => FILE_WORDS.test(word) || UNITS.test(word) || /^\p{N}+$/u.test(word)))
      return false
    // "Pesticides review", "field notes": what kind of text it is, not what it is about.
    if (candidate.author === undefined && DOCUMENT_KINDS.has(words[words.length - 1])) return false
    return candidate.author !== undefined || candidate.words > 1 || !GENERIC_SINGLE_WORDS.has(candidate.key)
  })
}

/** The features the keyphrase model weighs, by name (the model file lists those it was fitted on). */
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
] as const

export type KeyphraseFeature = (typeof KEYPHRASE_FEATURES)[number]

/** A typical document's length in phrase words (the training documents' geometric mean is near it). */
const TYPICAL_LENGTH = 500

/**
 * Each pool candidate's features, in KEYPHRASE_FEATURES order (see the model for their weights).
 * Those that need the candidate's `signals` are NaN without them (candidates made by hand, not by
 * prepareText): the model reads NaN as the feature's mean, so it neither helps nor hurts; the
 * length interactions are centred on a typical length, so without one the others read as there.
 */
export function keyphraseFeatures(pool: Candidate[], corpus: CorpusStats): number[][] {
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
}

/** The model's probability that each pool candidate is a keyphrase. */
export function modelScores(model: KeyphraseModel, pool: Candidate[], corpus: CorpusStats): number[] {
  const columns = model.features.map((name) => KEYPHRASE_FEATURES.indexOf(name as KeyphraseFeature))
  if (columns.some((column) => column < 0)) throw new Error('keyphrase model: unknown feature')
  return keyphraseFeatures(pool, corpus).map((row) => {
    let logit = model.bias
    for (const [i, column] of columns.entries())
      if (!Number.isNaN(row[column]))
        logit += (model.weights[i] * (row[column] - model.mean[i])) / model.scale[i]
    return 1 / (1 + Math.exp(-logit))
  })
}

/**
 * Keyphrases: the author's keywords first, then the candidates by a logistic model of
 * keyphraseness (KEA-style, fitted on the tuning halves of public keyphrase datasets; its
 * strongest feature is the hand-set score: the position-biased word graph weighted by how rare the
 * words are in the forum's corpus). Generic single words and file-format noise are dropped;
 * near-duplicates make way: each chosen tag discounts the phrases sharing its words ("lyapunov
 * function" rarely follows "quadratic lyapunov function"), and a single word inside a chosen phrase
 * never stands alone. `model: null` ranks by the hand-set score alone (as before the model).
 */
export function rankKeyphrases(
  candidates: Candidate[],
  corpus: CorpusStats,
  limit = 8,
  model: KeyphraseModel | null = KEYPHRASE_MODEL,
): string[] {
  const pool = keyphrasePool(candidates)
  const idf = rarity(corpus)
  const scores = model ? modelScores(model, pool, corpus) : pool.map((candidate) => handScore(candidate, idf))
  const discount = model ? MODEL_SHARED_WORD_DISCOUNT : SHARED_WORD_DISCOUNT
  const ordered = pool
    .map((candidate, index) => ({ candidate, score: scores[index] }))
    .sort(
      (a, b) =>
        (a.candidate.author ?? Infinity) - (b.candidate.author ?? Infinity) ||
        b.score - a.score ||
        a.candidate.first - b.candidate.first,
    )

  const contains = (outer: string, inner: string) => ` ${outer} `.includes(` ${inner} `)
  const chosen: Candidate[] = []
  const remaining = ordered.filter(({ candidate }, index) => index < SELECTION_POOL || candidate.focus)
  while (chosen.length < limit && remaining.length > 0) {
    // Each pick lowers the phrases that share its words: ten tags about ten things, not one.
    let bestIndex = 0
    let bestValue = -1
    for (const [index, { candidate, score }] of remaining.entries()) {
      const words = candidate.key.split(' ')
      const shared = chosen.filter((taken) =>
        taken.key.split(' ').some((word) => words.includes(word)),
      ).length
      // The authors' keywords come first, in their order, then what the instruction asks about.
      const value =
        candidate.author !== undefined
          ? 1e12 - candidate.author
          : (candidate.focus ? 1e6 : 0) + score * discount ** shared
      if (value > bestValue) {
        bestValue = value
        bestIndex = index
      }
    }
    const [{ candidate }] = remaining.splice(bestIndex, 1)
    if (chosen.some((taken) => taken.label.toLowerCase() === candidate.label.toLowerCase())) continue
    // A single word inside a chosen phrase never stands alone.
    if (chosen.some((taken) => contains(taken.key, candidate.key) && candidate.words === 1)) continue
    chosen.push(candidate)
  }
  return chosen.map((candidate) => candidate.label)
}

/** The keys the corpus is asked about: each candidate phrase and each of its words. */
export function corpusKeys(candidates: Candidate[]): string[] {
  const keys = new Set<string>()
  for (const candidate of candidates) {
    keys.add(candidate.key)
    for (const word of candidate.key.split(' ')) keys.add(word)
  }
  return [...keys]
}
