import { stemmer } from 'stemmer'

/**
 * The standard metrics of the field, written out so the figures can be checked: keyphrase
 * precision/recall/F1 at k with exact match after Porter stemming (as in the keyphrase
 * literature, e.g. Boudin's pke), and ROUGE-1/2/L F1 with stemmed tokens (as Google's
 * rouge-score with use_stemmer=True), best over the reference TLDRs (as SciTLDR reports it).
 */

const WORD = /[\p{L}\p{N}]+/gu

/** Lower-cased, stemmed tokens: "Quadratic Lyapunov-functions" → "quadrat lyapunov function". */
export function stemmedTokens(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).map((token) => stemmer(token))
}

const phraseKey = (phrase: string) => stemmedTokens(phrase).join(' ')

export interface PrecisionRecall {
  precision: number
  recall: number
  f1: number
}

const f1Of = (precision: number, recall: number) =>
  precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall)

/** P/R/F1 of the first k predictions (duplicates after stemming count once) against the gold set. */
export function keyphraseScores(predicted: string[], gold: string[], k: number): PrecisionRecall {
  const goldKeys = new Set(gold.map(phraseKey).filter(Boolean))
  const seen = new Set<string>()
  const top: string[] = []
  for (const phrase of predicted) {
    const key = phraseKey(phrase)
    if (!key || seen.has(key)) continue
    seen.add(key)
    top.push(key)
    if (top.length === k) break
  }
  const correct = top.filter((key) => goldKeys.has(key)).length
  const precision = top.length === 0 ? 0 : correct / top.length
  const recall = goldKeys.size === 0 ? 0 : correct / goldKeys.size
  return { precision, recall, f1: f1Of(precision, recall) }
}

function ngramCounts(tokens: string[], n: number) {
  const counts = new Map<string, number>()
  for (let i = 0; i + n <= tokens.length; i += 1) {
    const gram = tokens.slice(i, i + n).join(' ')
    counts.set(gram, (counts.get(gram) ?? 0) + 1)
  }
  return counts
}

function rougeN(candidate: string[], reference: string[], n: number) {
  const a = ngramCounts(candidate, n)
  const b = ngramCounts(reference, n)
  let overlap = 0
  for (const [gram, count] of a) overlap += Math.min(count, b.get(gram) ?? 0)
  const precision = candidate.length - n + 1 > 0 ? overlap / (candidate.length - n + 1) : 0
  const recall = reference.length - n + 1 > 0 ? overlap / (reference.length - n + 1) : 0
  return f1Of(precision, recall)
}

function rougeL(candidate: string[], reference: string[]) {
  if (candidate.length === 0 || reference.length === 0) return 0
  let previous = new Array<number>(reference.length + 1).fill(0)
  for (const token of candidate) {
    const row = new Array<number>(reference.length + 1).fill(0)
    for (let j = 1; j <= reference.length; j += 1)
      row[j] = token === reference[j - 1] ? previous[j - 1] + 1 : Math.max(previous[j], row[j - 1])
    previous = row
  }
  const lcs = previous[reference.length]
  return f1Of(lcs / candidate.length, lcs / reference.length)
}

export interface RougeScores {
  rouge1: number
  rouge2: number
  rougeL: number
}

/** ROUGE F1 of a candidate against each reference, the best reference per measure. */
export function rougeScores(candidate: string, references: string[]): RougeScores {
  const tokens = stemmedTokens(candidate)
  const best: RougeScores = { rouge1: 0, rouge2: 0, rougeL: 0 }
  for (const reference of references) {
    const target = stemmedTokens(reference)
    best.rouge1 = Math.max(best.rouge1, rougeN(tokens, target, 1))
    best.rouge2 = Math.max(best.rouge2, rougeN(tokens, target, 2))
    best.rougeL = Math.max(best.rougeL, rougeL(tokens, target))
  }
  return best
}
