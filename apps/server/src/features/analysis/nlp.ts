import type { Candidate } from './nlp.keyphrases'
import { detectLanguage, LANGUAGE_SAMPLE_CHARS } from './nlp.language'
import { analyserFor, type ReadSentence } from './nlp.sentences'
import { selectSummary } from './nlp.summary'

/**
 * The local, deterministic analysis of a post's text, in the worker thread: language detection
 * (nlp.language), sentences and their noun phrases (nlp.sentences), an extractive summary
 * (nlp.summary) and the candidate keyphrases that nlp.keyphrases later ranks against the corpus.
 */

export interface PreparedText {
  /** ISO 639-1 code, or 'und' when the text is too short or unlike any known language. */
  language: string
  summary: string[]
  candidates: Candidate[]
}

export interface TextParts {
  title: string
  /** Paragraph-like blocks in reading order; their sentences may form the summary. */
  blocks: string[]
  /** Words that describe but are not prose (file names): they count towards keyphrases only. */
  metadata: string[]
}

const TITLE_WEIGHT = 3
const MAX_CANDIDATES = 200

/** Everything about the text that needs no database: language, summary and candidate keyphrases. */
export function prepareText(parts: TextParts): PreparedText {
  const sample = [parts.title, ...parts.blocks].join('\n').slice(0, LANGUAGE_SAMPLE_CHARS)
  const { iso3, code } = detectLanguage(sample)
  const analyser = analyserFor(iso3, code, sample)

  const candidates = new Map<
    string,
    { count: number; first: number; words: number; labels: Map<string, number> }
  >()
  let position = 0
  const count = (phrases: ReadSentence['phrases'], weight: number) => {
    for (const { key, label } of phrases) {
      position += 1
      let candidate = candidates.get(key)
      if (!candidate) {
        candidate = { count: 0, first: position, words: key.split(' ').length, labels: new Map() }
        candidates.set(key, candidate)
      }
      candidate.count += weight
      candidate.labels.set(label, (candidate.labels.get(label) ?? 0) + 1)
    }
  }

  for (const sentence of analyser.read(parts.title)) count(sentence.phrases, TITLE_WEIGHT)
  const sentences: ReadSentence[] = []
  for (const block of parts.blocks) {
    for (const sentence of analyser.read(block)) {
      sentences.push(sentence)
      count(sentence.phrases, 1)
    }
  }
  for (const text of parts.metadata) for (const sentence of analyser.read(text)) count(sentence.phrases, 1)

  const ranked: Candidate[] = [...candidates.entries()]
    .map(([key, candidate]) => ({
      key,
      // The spelling people used most often (ties: the first seen).
      label: [...candidate.labels.entries()].reduce((best, next) => (next[1] > best[1] ? next : best))[0],
      count: candidate.count,
      first: candidate.first,
      words: candidate.words,
    }))
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, MAX_CANDIDATES)

  return { language: code, summary: selectSummary(sentences), candidates: ranked }
}
