import type { ReadSentence } from './nlp.sentences'

/**
 * The TLDR and the extractive summary: the sentences that stand for the whole document, by
 * TextRank over TF-IDF vectors, taken from the abstract when the document has one. The TLDR is
 * the one sentence that best states the contribution: central, saying what "we propose/show",
 * sharing the title's words — and, with an instruction, about what the author asked for.
 */

/** A sentence and where it stands: in the abstract or not, and which block it came from. */
export interface PlacedSentence extends ReadSentence {
  abstract: boolean
  block: number
}

export interface SummaryOptions {
  /** Content terms of the author's instruction: sentences about them are preferred. */
  focus?: Set<string>
  /** The title's content terms, as the analyser normalises them. */
  titleTerms?: Set<string>
}

export interface Summary {
  tldr: string
  summary: string[]
  /** Whether a focus term decided the choice (some selected sentence mentions one). */
  focused: boolean
}

const MAX_RANKED_SENTENCES = 300
/** A sentence ends with its punctuation (perhaps inside quotes or brackets); headings and fragments do not. */
const CLOSED_SENTENCE = /[.!?。！？…]['"’”)\]]*$/u
/** Bullets, code, links, figure and table furniture, citations lists: never a summary sentence. */
const NOT_PROSE =
  /^[-•*·▪◦–]\s|[{}<>]|[=;]\s*$|\b(?:https?:\/\/|www\.)|^(?:fig(?:ure)?|table|algorithm|listing|eq(?:uation)?)\.?\s*\d|\[\d+(?:[,–-]\s*\d+)*\]\s*\[\d+/iu
/** "We propose…", "this paper presents…", "本文提出…": a sentence stating the contribution. */
const CONTRIBUTION =
  /\b(?:we|this (?:paper|work|study|article|thesis)|our (?:work|approach|method|results?)|here)\b[^.]{0,60}?\b(?:propose|present|introduce|show|develop|describe|demonstrate|report|find|found|design|provide|establish|prove|argue|derive|obtain)\w*|本文|我们提出|本研究/iu

type Vector = Map<string, number>

function cosine(a: Vector, b: Vector): number {
  const [small, large] = a.size < b.size ? [a, b] : [b, a]
  let dot = 0
  for (const [term, weight] of small) dot += weight * (large.get(term) ?? 0)
  return dot
}

/** How many sentences a summary gets: more for longer documents, two to four. */
function summaryLength(eligible: number) {
  if (eligible <= 2) return eligible
  if (eligible < 12) return 2
  if (eligible < 40) return 3
  return 4
}

function eligibleSentences(all: PlacedSentence[]) {
  const seen = new Set<string>()
  return all.filter((sentence) => {
    const distinct = new Set(sentence.terms).size
    const fingerprint = sentence.text.toLowerCase().replace(/\s+/g, ' ')
    const eligible =
      sentence.words >= 6 &&
      sentence.words <= 80 &&
      sentence.text.length <= 600 &&
      distinct >= 3 &&
      CLOSED_SENTENCE.test(sentence.text) &&
      !NOT_PROSE.test(sentence.text) &&
      !seen.has(fingerprint)
    seen.add(fingerprint)
    return eligible
  })
}

/** TextRank scores (summing to 1) of sentences by the cosine of their TF-IDF vectors. */
function textRank(sentences: ReadSentence[]) {
  const documentFrequency = new Map<string, number>()
  for (const sentence of sentences) {
    for (const term of new Set(sentence.terms))
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1)
  }
  const vectors = sentences.map((sentence) => {
    const vector: Vector = new Map()
    for (const term of sentence.terms) vector.set(term, (vector.get(term) ?? 0) + 1)
    let norm = 0
    for (const [term, tf] of vector) {
      const weight = tf * Math.log(1 + sentences.length / documentFrequency.get(term)!)
      vector.set(term, weight)
      norm += weight * weight
    }
    norm = Math.sqrt(norm) || 1
    for (const [term, weight] of vector) vector.set(term, weight / norm)
    return vector
  })

  let indices = sentences.map((_, i) => i)
  if (indices.length > MAX_RANKED_SENTENCES) {
    // A long document is first narrowed to the sentences closest to its centroid: bounded cost.
    const centroid: Vector = new Map()
    for (const vector of vectors)
      for (const [term, weight] of vector) centroid.set(term, (centroid.get(term) ?? 0) + weight)
    const closeness = vectors.map((vector) => cosine(vector, centroid))
    indices = indices
      .sort((a, b) => closeness[b] - closeness[a] || a - b)
      .slice(0, MAX_RANKED_SENTENCES)
      .sort((a, b) => a - b)
  }

  const n = indices.length
  const weights = indices.map((i) => indices.map((j) => (i === j ? 0 : cosine(vectors[i], vectors[j]))))
  const outgoing = weights.map((row) => row.reduce((sum, weight) => sum + weight, 0))
  const damping = 0.85
  let rank = new Array<number>(n).fill(1 / n)
  for (let iteration = 0; iteration < 50; iteration += 1) {
    const next = new Array<number>(n).fill((1 - damping) / n)
    for (let j = 0; j < n; j += 1) {
      if (outgoing[j] === 0) continue
      const share = (damping * rank[j]) / outgoing[j]
      for (let i = 0; i < n; i += 1) next[i] += weights[j][i] * share
    }
    const change = next.reduce((sum, value, i) => sum + Math.abs(value - rank[i]), 0)
    rank = next
    if (change < 1e-6) break
  }
  const scores = new Array<number>(sentences.length).fill(0)
  for (const [k, index] of indices.entries()) scores[index] = rank[k]
  return scores
}

const overlap = (terms: string[], wanted: Set<string> | undefined) => {
  if (!wanted || wanted.size === 0) return 0
  const distinct = new Set(terms)
  let shared = 0
  for (const term of wanted) if (distinct.has(term)) shared += 1
  return shared / wanted.size
}

export function selectSummary(all: PlacedSentence[], options: SummaryOptions): Summary {
  const eligible = eligibleSentences(all)
  // With an abstract, the summary is the abstract's; its own sentences rank among themselves.
  // An instruction may reach beyond it: the sentences about what the author asked for join in.
  const fromAbstract = eligible.filter(
    (sentence) => sentence.abstract || overlap(sentence.terms, options.focus) > 0,
  )
  const sentences = fromAbstract.filter((sentence) => sentence.abstract).length >= 2 ? fromAbstract : eligible
  const wanted = summaryLength(sentences.length)
  if (wanted === 0) return { tldr: '', summary: [], focused: false }

  const centrality = textRank(sentences)
  const top = Math.max(...centrality) || 1
  const focusOf = (sentence: ReadSentence) => overlap(sentence.terms, options.focus)
  const score = sentences.map((sentence, i) => centrality[i] / top + 2 * focusOf(sentence))
  // Weights chosen on the SciTLDR-A dev split (ROUGE-1 0.398 → 0.405); one sentence, so long ones lose.
  const tldrScore = sentences.map(
    (sentence, i) =>
      // The TLDR still says what the whole text is about: the instruction only tips the balance.
      centrality[i] / top +
      0.5 * focusOf(sentence) +
      (CONTRIBUTION.test(sentence.text) ? 0.6 : 0) +
      1.2 * overlap(sentence.terms, options.titleTerms) -
      (sentence.words > 35 ? 0.3 : 0),
  )
  const best = tldrScore.reduce((winner, value, i) => (value > tldrScore[winner] ? i : winner), 0)
  const chosen = sentences
    .map((_, i) => i)
    .sort((a, b) => score[b] - score[a] || a - b)
    .slice(0, wanted)
  if (!chosen.includes(best)) chosen[chosen.length - 1] = best
  chosen.sort((a, b) => a - b)
  return {
    tldr: sentences[best].text,
    summary: chosen.map((i) => sentences[i].text),
    focused: chosen.some((i) => focusOf(sentences[i]) > 0),
  }
}
