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

/** Units of measure, left alone when the number before them is not a word ("5 min" → "min"). */
const UNITS =
  /^(?:s|ms|min|h|hr|hrs|sec|hz|khz|mhz|ghz|nm|mm|cm|km|mg|kg|ml|kv|mv|ma|kw|mw|wt|ppm|rpm|db|kpa|mpa|gpa)$/u

const FILE_WORDS =
  /^(?:pdf|docx?|txt|md|csv|xlsx?|pptx?|png|jpe?g|gif|svg|html?|json|xml|zip|tex|bib|mime|utf-?8|ascii|page|pp|vol|doi|isbn|issn|arxiv|http|https|www|com|org|preprint|draft|copyright|licen[cs]e|fig|figure|table|eq|equation|section|appendix|et|al)$/u

/**
 * Keyphrases: the author's keywords first, then the candidates by their score in the document
 * (position-biased word graph) weighted by how rare their words are in the forum's corpus (a
 * phrase every post uses says little about this one). Generic single words and file-format noise
 * are dropped; near-duplicates make way: each chosen tag discounts the phrases sharing its words
 * ("lyapunov function" rarely follows "quadratic lyapunov function"), and a single word inside a
 * chosen phrase never stands alone.
 */
export function rankKeyphrases(candidates: Candidate[], corpus: CorpusStats, limit = 8): string[] {
  const idf = (key: string) => {
    const documents = corpus.frequency.get(key) ?? 0
    return Math.log((corpus.documents + 1) / (documents + 1)) + 1
  }
  const scoreOf = (candidate: Candidate) => {
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
    const generic =
      candidate.words > 1 && GENERIC_HEADS.has(words[words.length - 1]) ? GENERIC_HEAD_WEIGHT : 1
    return candidate.score * Math.min(idf(candidate.key), wordIdf * 1.5) * repeated * single * generic * early
  }
  const pool = candidates.filter((candidate) => {
    const words = candidate.key.split(' ')
    if (words.every((word) => FILE_WORDS.test(word) || UNITS.test(word) || /^\p{N}+$/u.test(word)))
      return false
    // "Pesticides review", "field notes": what kind of text it is, not what it is about.
    if (candidate.author === undefined && DOCUMENT_KINDS.has(words[words.length - 1])) return false
    return candidate.author !== undefined || candidate.words > 1 || !GENERIC_SINGLE_WORDS.has(candidate.key)
  })
  const ordered = pool
    .map((candidate) => ({ candidate, score: scoreOf(candidate) }))
    .sort(
      (a, b) =>
        (a.candidate.author ?? Infinity) - (b.candidate.author ?? Infinity) ||
        b.score - a.score ||
        a.candidate.first - b.candidate.first,
    )
    .map(({ candidate }) => candidate)

  const contains = (outer: string, inner: string) => ` ${outer} `.includes(` ${inner} `)
  const chosen: Candidate[] = []
  const remaining = ordered
    .filter((candidate, index) => index < SELECTION_POOL || candidate.focus)
    .map((candidate) => ({ candidate, score: scoreOf(candidate) }))
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
          : (candidate.focus ? 1e6 : 0) + score * SHARED_WORD_DISCOUNT ** shared
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
