import { handScore, type KeyphraseModel, modelScores, rarity } from './nlp.keyphrases.features'
import { KEYPHRASE_MODEL } from './nlp.keyphrases.model'

export type { KeyphraseModel } from './nlp.keyphrases.features'

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

/** Scripts where one character is a syllable or a word, so two of them make a tag. */
const SYLLABIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u

/**
 * Whether a suggested tag reads as a word: at least two letters and three characters (two in
 * Chinese, Japanese or Korean); a variable such as `dT` or a symbol is not a subject.
 */
export function isTagShaped(tag: string): boolean {
  const letters = tag.match(/\p{L}/gu)?.length ?? 0
  return letters >= 2 && (SYLLABIC.test(tag) || [...tag.trim()].length >= 3)
}

/** The candidates that may become tags: no file-format noise, units, kinds of text or generic words. */
export function keyphrasePool(candidates: Candidate[]): Candidate[] {
  return candidates.filter((candidate) => {
    if (candidate.author === undefined && !isTagShaped(candidate.label)) return false
    const words = candidate.key.split(' ')
    if (words.every((word) => FILE_WORDS.test(word) || UNITS.test(word) || /^\p{N}+$/u.test(word)))
      return false
    // "Pesticides review", "field notes": what kind of text it is, not what it is about.
    if (candidate.author === undefined && DOCUMENT_KINDS.has(words[words.length - 1])) return false
    return candidate.author !== undefined || candidate.words > 1 || !GENERIC_SINGLE_WORDS.has(candidate.key)
  })
}

/**
 * Keyphrases: the author's keywords first, then the candidates by a logistic model of
 * keyphraseness (KEA-style, fitted on the tuning halves of public keyphrase datasets; its
 * strongest feature is the hand-set score: the position-biased word graph weighted by how rare the
 * words are in the forum's corpus; two more are how often those documents had the phrase, and its
 * words, as a keyphrase: nlp.keyphrases.lexicon.ts). Generic single words and file-format noise are dropped;
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
