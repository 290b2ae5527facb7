import type { ReadSentence } from './nlp.sentences'

/** The extractive summary: the sentences that stand for the whole document, by TextRank. */

const MAX_RANKED_SENTENCES = 300
/** A sentence ends with its punctuation (perhaps inside quotes or brackets); headings and fragments do not. */
const CLOSED_SENTENCE = /[.!?。！？…]['"’”)\]]*$/u

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

/**
 * TextRank over TF-IDF sentence vectors: the sentences most similar to the rest of the document
 * win, and are returned in document order. A long document is first narrowed to the sentences
 * closest to its centroid, so the cost stays bounded whatever the page count.
 */
export function selectSummary(all: ReadSentence[]): string[] {
  const seen = new Set<string>()
  const sentences = all.filter((sentence) => {
    const distinct = new Set(sentence.terms).size
    const fingerprint = sentence.text.toLowerCase().replace(/\s+/g, ' ')
    const eligible =
      sentence.words >= 6 &&
      sentence.words <= 80 &&
      sentence.text.length <= 600 &&
      distinct >= 3 &&
      CLOSED_SENTENCE.test(sentence.text) &&
      !seen.has(fingerprint)
    seen.add(fingerprint)
    return eligible
  })
  const wanted = summaryLength(sentences.length)
  if (wanted === 0) return []

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

  return indices
    .map((sentenceIndex, k) => ({ sentenceIndex, score: rank[k] }))
    .sort((a, b) => b.score - a.score || a.sentenceIndex - b.sentenceIndex)
    .slice(0, wanted)
    .sort((a, b) => a.sentenceIndex - b.sentenceIndex)
    .map(({ sentenceIndex }) => sentences[sentenceIndex].text)
}
