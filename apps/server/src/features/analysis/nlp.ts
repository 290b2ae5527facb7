import type { Candidate } from './nlp.keyphrases'
import { detectLanguage, LANGUAGE_SAMPLE_CHARS } from './nlp.language'
import { analyserFor, type PhraseShape, type ReadSentence } from './nlp.sentences'
import { structureOf } from './nlp.structure'
import { type PlacedSentence, selectSummary } from './nlp.summary'
import { buildTopics, type GroundedTopic } from './nlp.topics'

/**
 * The local, deterministic analysis of a post's text, in the worker thread: language detection
 * (nlp.language), the document's structure (nlp.structure: headings, abstract, keywords line,
 * references cut), sentences and their noun phrases (nlp.sentences), a TLDR and an extractive
 * summary (nlp.summary), and the candidate keyphrases that nlp.keyphrases later ranks against the
 * corpus, scored here by a position-biased word graph (PositionRank, Florescu & Caragea 2017).
 */

export interface PreparedText {
  /** ISO 639-1 code, or 'und' when the text is too short or unlike any known language. */
  language: string
  /** One sentence of the text that says what it is about ('' when none qualifies). */
  tldr: string
  summary: string[]
  candidates: Candidate[]
  /** Questions grounded in the text's own claims, each with its sentence. */
  topics: GroundedTopic[]
  /** The instruction's words the text talks about, which steered the choices; empty without. */
  focus: string[]
}

export interface TextParts {
  title: string
  /** Paragraph-like blocks in reading order; their sentences may form the summary. */
  blocks: string[]
  /** Words that describe but are not prose (file names): they count towards keyphrases only. */
  metadata: string[]
  /** The author's instruction ("Focus on the security implications"): it steers what is picked. */
  instruction?: string
  /** The post's own tags: first among the keyphrases, before a "Keywords:" line's. */
  authorTags?: string[]
}

/** Words of an instruction that ask rather than name a subject. */
const INSTRUCTION_WORDS = new Set([
  'focus',
  'emphasis',
  'emphasise',
  'emphasize',
  'highlight',
  'summary',
  'summarise',
  'summarize',
  'explain',
  'describe',
  'discuss',
  'mention',
  'attention',
  'aspect',
  'point',
  'please',
  'paper',
  'post',
  'text',
  'document',
  'reader',
  '关注',
  '重点',
  '强调',
  '总结',
  '请',
])

const TITLE_WEIGHT = 3
const HEADING_WEIGHT = 2
const MAX_CANDIDATES = 200
/** Words either side that link two words of the graph. */
const GRAPH_WINDOW = 3

type Place = 'title' | 'heading' | 'abstract' | 'body'

interface Occurrences {
  count: number
  first: number
  last: number
  words: string[]
  labels: Map<string, number>
  places: Set<Place>
  shape?: PhraseShape
}

/** PageRank over the word co-occurrence graph, biased towards words seen early and in titles. */
function rankWords(sequences: string[][], bias: Map<string, number>) {
  const edges = new Map<string, Map<string, number>>()
  const link = (a: string, b: string) => {
    if (a === b) return
    for (const [from, to] of [
      [a, b],
      [b, a],
    ]) {
      const row = edges.get(from) ?? new Map<string, number>()
      edges.set(from, row)
      row.set(to, (row.get(to) ?? 0) + 1)
    }
  }
  for (const words of sequences)
    for (let i = 0; i < words.length; i += 1)
      for (let j = i + 1; j < Math.min(words.length, i + GRAPH_WINDOW); j += 1) link(words[i], words[j])
  const nodes = [...bias.keys()]
  const totalBias = nodes.reduce((sum, node) => sum + bias.get(node)!, 0) || 1
  const prior = new Map(nodes.map((node) => [node, bias.get(node)! / totalBias]))
  const outgoing = new Map(
    nodes.map((node) => [
      node,
      [...(edges.get(node)?.values() ?? [])].reduce((sum, weight) => sum + weight, 0),
    ]),
  )
  let rank = new Map(prior)
  for (let iteration = 0; iteration < 40; iteration += 1) {
    const next = new Map<string, number>()
    for (const node of nodes) next.set(node, 0.15 * prior.get(node)!)
    for (const node of nodes) {
      const row = edges.get(node)
      if (!row) continue
      const share = (0.85 * rank.get(node)!) / outgoing.get(node)!
      for (const [other, weight] of row) next.set(other, next.get(other)! + share * weight)
    }
    rank = next
  }
  return rank
}

/** Everything about the text that needs no database: language, TLDR, summary and candidate keyphrases. */
export function prepareText(parts: TextParts): PreparedText {
  const sample = [parts.title, ...parts.blocks].join('\n').slice(0, LANGUAGE_SAMPLE_CHARS)
  const { iso3, code } = detectLanguage(sample)
  const analyser = analyserFor(iso3, code, sample)
  const structure = structureOf(parts.blocks)

  const candidates = new Map<string, Occurrences>()
  const sequences: string[][] = []
  const bias = new Map<string, number>()
  let position = 0
  const count = (phrases: ReadSentence['phrases'], weight: number, place: Place) => {
    const sequence: string[] = []
    for (const { key, label, words, shape } of phrases) {
      let candidate = candidates.get(key)
      if (!candidate) {
        candidate = {
          count: 0,
          first: position + 1,
          last: 0,
          words,
          labels: new Map(),
          places: new Set(),
          shape,
        }
        candidates.set(key, candidate)
      }
      candidate.count += 1
      candidate.last = position + 1
      candidate.places.add(place)
      candidate.labels.set(label, (candidate.labels.get(label) ?? 0) + 1)
      for (const word of words) {
        position += 1
        sequence.push(word)
        bias.set(word, (bias.get(word) ?? 0) + weight / position)
      }
    }
    sequences.push(sequence)
  }

  const titleTerms = new Set<string>()
  for (const sentence of analyser.read(parts.title)) {
    count(sentence.phrases, TITLE_WEIGHT, 'title')
    for (const term of sentence.terms) titleTerms.add(term)
  }
  const sentences: PlacedSentence[] = []
  for (const [index, block] of structure.body.entries()) {
    for (const sentence of analyser.read(block.text)) {
      if (!block.heading && !block.caption)
        sentences.push({ ...sentence, abstract: block.abstract, block: index })
      count(
        sentence.phrases,
        block.heading ? HEADING_WEIGHT : 1,
        block.heading ? 'heading' : block.abstract ? 'abstract' : 'body',
      )
    }
  }
  for (const text of parts.metadata)
    for (const sentence of analyser.read(text)) count(sentence.phrases, 1, 'body')
  // The authors' keywords as they wrote them, in their order; a body phrase with the same words is the same tag.
  const authorOrder = new Map<string, { index: number; label: string }>()
  const authorKeywords = [...(parts.authorTags ?? []), ...structure.authorKeywords]
  for (const [index, keyword] of authorKeywords.entries()) {
    const terms = analyser.read(keyword).flatMap((sentence) => sentence.terms)
    const words = terms.length > 0 ? terms : [keyword.trim().toLowerCase()]
    const key = words.join(' ')
    if (!key || authorOrder.has(key)) continue
    authorOrder.set(key, { index, label: keyword })
    if (!candidates.has(key))
      candidates.set(key, {
        count: 1,
        first: 0,
        last: 0,
        words,
        labels: new Map([[keyword, 1]]),
        places: new Set(),
      })
    for (const word of words) bias.set(word, (bias.get(word) ?? 0) + TITLE_WEIGHT)
  }

  // The instruction's subject words that the text uses: a loose match (first five letters) lets
  // "secure" find "security"; words the text never uses cannot steer anything.
  const stemOf = (term: string) => (code === 'zh' ? term : term.slice(0, 5))
  const textStems = new Map<string, string>()
  for (const sentence of sentences) for (const term of sentence.terms) textStems.set(stemOf(term), term)
  const focusStems = new Set<string>()
  const focus: string[] = []
  for (const sentence of analyser.read(parts.instruction ?? '')) {
    for (const term of sentence.terms) {
      const stem = stemOf(term)
      if (INSTRUCTION_WORDS.has(term) || focusStems.has(stem) || !textStems.has(stem)) continue
      focusStems.add(stem)
      focus.push(textStems.get(stem)!)
    }
  }
  const focusTerms = new Set(
    sentences.flatMap((sentence) => sentence.terms.filter((term) => focusStems.has(stemOf(term)))),
  )
  if (focusTerms.size > 0)
    for (const [word, weight] of bias) if (focusStems.has(stemOf(word))) bias.set(word, weight * 4 + 1)

  const wordRank = rankWords(sequences, bias)
  const ranked: Candidate[] = [...candidates.entries()]
    .map(([key, candidate]) => ({
      key,
      // The authors' spelling, else the one people used most often (ties: the first seen).
      label:
        authorOrder.get(key)?.label ??
        [...candidate.labels.entries()].reduce((best, next) => (next[1] > best[1] ? next : best))[0],
      count: candidate.count,
      first: candidate.first,
      words: candidate.words.length,
      score: candidate.words.reduce((sum, word) => sum + (wordRank.get(word) ?? 0), 0),
      author: authorOrder.get(key)?.index,
      focus: candidate.words.some((word) => focusStems.has(stemOf(word))),
      signals: {
        last: candidate.last,
        length: position,
        title: candidate.places.has('title'),
        heading: candidate.places.has('heading'),
        abstract: candidate.places.has('abstract'),
        ...candidate.shape,
      },
    }))
    .sort((a, b) => (a.author ?? Infinity) - (b.author ?? Infinity) || b.score - a.score || a.first - b.first)
    .slice(0, MAX_CANDIDATES)

  const { tldr, summary } = selectSummary(sentences, { titleTerms, focus: focusTerms })
  const rankOf = new Map(ranked.map((candidate, index) => [candidate.key, index]))
  const phraseOf = (sentence: ReadSentence) => {
    const best = sentence.phrases
      .filter((phrase) => rankOf.has(phrase.key) && phrase.words.length > 1)
      .sort((a, b) => rankOf.get(a.key)! - rankOf.get(b.key)!)[0]
    return best ? ranked[rankOf.get(best.key)!].label : null
  }
  const prose = sentences.filter((sentence) => sentence.words >= 6 && sentence.words <= 80)
  const topics = buildTopics(prose, code, phraseOf)
  return { language: code, tldr, summary, candidates: ranked, topics, focus }
}
