import { MAX_PHRASE_WORDS } from './nlp.sentences'

/** The post's tags: its candidate noun phrases ranked against the corpus of analysed posts. */

const MIN_TAGS = 5

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
}

/**
 * Single words that every research text uses about itself: fine inside a phrase ("case study"),
 * never a tag on their own.
 */
const GENERIC_SINGLE_WORDS = new Set([
  'abstract',
  'analysis',
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
  'question',
  'result',
  'section',
  'step',
  'study',
  'table',
  'text',
  'thing',
  'use',
  'way',
  'work',
  'year',
])

/** How many analysed posts there are, and how many of them mention each phrase. */
export interface CorpusStats {
  documents: number
  frequency: Map<string, number>
}

/**
 * Keyphrases by TF-IDF against the corpus of posts: a phrase many posts share (a field's common
 * vocabulary) scores low, one this post is about scores high. Longer phrases get a small bonus
 * (they say more). Phrases the document repeats come first; one-off phrases only fill up to a
 * minimum. A phrase inside one already chosen is not repeated; a phrase containing chosen ones
 * replaces them.
 */
export function rankKeyphrases(candidates: Candidate[], corpus: CorpusStats, limit = 8): string[] {
  const scoreOf = (candidate: Candidate) => {
    const documents = corpus.frequency.get(candidate.key) ?? 0
    const idf = Math.log((corpus.documents + 1) / (documents + 1)) + 1
    const lengthBonus = 1 + 0.3 * (Math.min(candidate.words, MAX_PHRASE_WORDS) - 1)
    return candidate.count * idf * lengthBonus
  }
  const byScore = (list: Candidate[]) =>
    list
      .map((candidate) => ({ candidate, score: scoreOf(candidate) }))
      .sort((a, b) => b.score - a.score || a.candidate.first - b.candidate.first)
      .map(({ candidate }) => candidate)
  const pool = candidates.filter(
    (candidate) => candidate.words > 1 || !GENERIC_SINGLE_WORDS.has(candidate.key),
  )
  const repeated = pool.filter((candidate) => candidate.count >= 2)
  const enoughRepeated = repeated.length >= 3
  const ordered = enoughRepeated
    ? [...byScore(repeated), ...byScore(pool.filter((candidate) => candidate.count < 2))]
    : byScore(pool)

  const contains = (outer: string, inner: string) => ` ${outer} `.includes(` ${inner} `)
  let chosen: Candidate[] = []
  for (const candidate of ordered) {
    if (enoughRepeated && candidate.count < 2 && chosen.length >= MIN_TAGS) break
    if (chosen.some((taken) => contains(taken.key, candidate.key) || taken.label === candidate.label))
      continue
    const inside = chosen.filter((taken) => contains(candidate.key, taken.key))
    if (inside.length > 0) {
      chosen[chosen.indexOf(inside[0])] = candidate
      chosen = chosen.filter((taken) => !inside.includes(taken) || taken === candidate)
    } else if (chosen.length < limit) chosen.push(candidate)
  }
  return chosen.map((candidate) => candidate.label)
}
