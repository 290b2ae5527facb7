import { franc } from 'franc-min'
import { iso6393To1 } from 'iso-639-3'
import * as stopwords from 'stopword'
import model from 'wink-eng-lite-web-model'
import winkNLP, { type ItemSentence } from 'wink-nlp'

/**
 * The local, deterministic analysis: language detection (franc), sentence splitting and part of
 * speech tagging (wink-nlp's English model; the platform's ICU segmenter for other languages),
 * an extractive summary by TextRank, keyphrases scored against the corpus, and discussion topics.
 */

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

export interface ReadSentence {
  text: string
  /** Word tokens in the sentence (for length limits). */
  words: number
  /** Content words, normalised: the sentence's vector for similarity. */
  terms: string[]
  phrases: { key: string; label: string }[]
}

interface Analyser {
  /** How words of a phrase are joined: a space, or nothing for scripts written without spaces. */
  joiner: string
  read(block: string): ReadSentence[]
}

const TITLE_WEIGHT = 3
const MAX_PHRASE_WORDS = 3
const MAX_CANDIDATES = 200
const MIN_TAGS = 5
const MAX_RANKED_SENTENCES = 300
const LANGUAGE_SAMPLE_CHARS = 20_000
/** A sentence ends with its punctuation (perhaps inside quotes or brackets); headings and fragments do not. */
const CLOSED_SENTENCE = /[.!?。！？…]['"’”)\]]*$/u

// franc names individual languages where the stop-word lists and ISO 639-1 name the macrolanguage.
const MACROLANGUAGE: Record<string, string> = {
  cmn: 'zho',
  arb: 'ara',
  pes: 'fas',
  zlm: 'msa',
  swh: 'swa',
  ekk: 'est',
  lvs: 'lav',
  nob: 'nor',
  uzn: 'uzb',
  azj: 'aze',
}
const MACROLANGUAGE_OF: Record<string, string> = { zho: 'zho', ara: 'ara', fas: 'fas', msa: 'msa' }
const WITHOUT_SPACES = new Set(['zh', 'ja', 'th', 'lo', 'km', 'my'])

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

export function detectLanguage(text: string): { iso3: string; code: string } {
  const detected = franc(text.slice(0, LANGUAGE_SAMPLE_CHARS), { minLength: 20 })
  const iso3 = MACROLANGUAGE[detected] ?? detected
  const code = iso3 === 'nor' ? 'no' : ((iso6393To1 as Record<string, string>)[iso3] ?? 'und')
  return { iso3, code }
}

function stopWordSet(iso3: string): Set<string> {
  const lists = stopwords as unknown as Record<string, string[] | undefined>
  return new Set((lists[iso3] ?? []).map((word) => word.toLowerCase()))
}

const HAS_LETTER = /\p{L}/u

let englishModel: ReturnType<typeof winkNLP> | null = null
let english: Analyser | null = null

/** Loaded once per thread (a few hundred milliseconds); the model ships inside its npm package. */
export function englishNlp() {
  englishModel ??= winkNLP(model)
  return englishModel
}

interface EnglishToken {
  value: string
  normal: string
  type: string
  tag: string
  lemma: string
  stop: boolean
  abbreviation: boolean
}

/**
 * A sentence's tokens as wink-nlp gives them, with hyphenated compounds ("visual-cortex",
 * "long-range") joined back into one word: the tokenizer splits them at the hyphen.
 */
function englishTokens(sentence: ItemSentence, its: ReturnType<typeof englishNlp>['its']): EnglishToken[] {
  const tokens = sentence.tokens()
  const values = tokens.out(its.value) as string[]
  const normals = tokens.out(its.normal) as string[]
  const types = tokens.out(its.type) as string[]
  const tags = tokens.out(its.pos) as string[]
  const lemmas = tokens.out(its.lemma as never) as string[]
  const stopFlags = tokens.out(its.stopWordFlag) as boolean[]
  const abbreviations = tokens.out(its.abbrevFlag) as boolean[]
  const spaces = tokens.out(its.precedingSpaces) as string[]
  const joined: EnglishToken[] = []
  for (let i = 0; i < values.length; i += 1) {
    const previous = joined[joined.length - 1]
    const next = i + 1
    const hyphen =
      (values[i] === '-' || values[i] === '\u2010') &&
      spaces[i] === '' &&
      spaces[next] === '' &&
      previous?.type === 'word' &&
      types[next] === 'word'
    if (hyphen) {
      previous.lemma = `${previous.normal}-${lemmas[next] || normals[next]}`
      previous.value += `-${values[next]}`
      previous.normal += `-${normals[next]}`
      previous.tag = tags[next]
      previous.stop = false
      i = next
      continue
    }
    joined.push({
      value: values[i],
      normal: normals[i],
      type: types[i],
      tag: tags[i],
      lemma: lemmas[i] || normals[i],
      stop: stopFlags[i],
      abbreviation: abbreviations[i],
    })
  }
  return joined
}

/** Keeps the writer's capitals where they carry meaning: acronyms and mixed case (GNN, fMRI, mRNA), not shouting. */
function labelOf(token: EnglishToken) {
  const value = token.value
  const mixed = /\p{Lu}/u.test(value.slice(1)) && /\p{Ll}/u.test(value)
  const acronym = /^[\p{Lu}\p{N}-]{2,6}$/u.test(value)
  return mixed || acronym ? value : token.normal
}

/** English: wink-nlp's tagger finds noun phrases (adjectives and nouns ending in a noun). */
function englishAnalyser(): Analyser {
  if (english) return english
  const nlp = englishNlp()
  const its = nlp.its
  const stop = stopWordSet('eng')
  // Latin shorthands the lists miss when written without their full stop.
  for (const shorthand of ['vs', 'etc', 'ie', 'eg', 'cf', 'al', 'approx']) stop.add(shorthand)
  english = {
    joiner: ' ',
    read(block) {
      const sentences: ReadSentence[] = []
      nlp
        .readDoc(block)
        .sentences()
        .each((sentence: ItemSentence) => {
          const tokens = englishTokens(sentence, its)
          const content = tokens.map(
            (token) =>
              token.type === 'word' &&
              token.normal.length >= 2 &&
              HAS_LETTER.test(token.normal) &&
              !token.stop &&
              !token.abbreviation &&
              !stop.has(token.normal) &&
              !stop.has(token.lemma),
          )
          // A gerund keeps its -ing in the key ("coral bleaching"), where the lemma would be the verb.
          const keyOf = (token: EnglishToken) => (token.tag === 'VERB' ? token.normal : token.lemma)
          const terms = tokens.flatMap((token, i) => (content[i] ? [keyOf(token)] : []))
          const phrases: ReadSentence['phrases'] = []
          // A gerund after a noun or adjective names a thing ("coral bleaching", "machine learning").
          const isNoun = (i: number) =>
            tokens[i].tag === 'NOUN' ||
            tokens[i].tag === 'PROPN' ||
            (tokens[i].tag === 'VERB' &&
              tokens[i].normal.endsWith('ing') &&
              i > 0 &&
              content[i - 1] &&
              /^(NOUN|PROPN|ADJ)$/.test(tokens[i - 1].tag))
          let start = 0
          for (let i = 0; i <= tokens.length; i += 1) {
            const inPhrase = i < tokens.length && content[i] && (isNoun(i) || tokens[i].tag === 'ADJ')
            if (inPhrase) continue
            // tokens start..i-1 form a run of adjectives and nouns: every 1–3 word tail ending in a noun counts.
            for (let end = start; end < i; end += 1) {
              if (!isNoun(end)) continue
              for (let length = 1; length <= MAX_PHRASE_WORDS && end - length + 1 >= start; length += 1) {
                const words = tokens.slice(end - length + 1, end + 1)
                const key = [...words.slice(0, -1).map((token) => token.normal), keyOf(tokens[end])].join(' ')
                phrases.push({ key, label: words.map(labelOf).join(' ') })
              }
            }
            start = i + 1
          }
          sentences.push({
            text: sentence.out(),
            words: tokens.filter((token) => token.type === 'word').length,
            terms,
            phrases,
          })
        })
      return sentences
    },
  }
  return english
}

/**
 * Other languages: ICU's sentence and word segmentation (it knows scripts written without spaces,
 * such as Chinese), the language's stop words, and runs of content words as phrases.
 */
function segmenterAnalyser(code: string, iso3: string): Analyser {
  const locale = code === 'und' ? 'en' : code
  const sentenceSegmenter = new Intl.Segmenter(locale, { granularity: 'sentence' })
  const wordSegmenter = new Intl.Segmenter(locale, { granularity: 'word' })
  const stop = stopWordSet(iso3)
  const joiner = WITHOUT_SPACES.has(code) ? '' : ' '
  return {
    joiner,
    read(block) {
      const sentences: ReadSentence[] = []
      for (const { segment } of sentenceSegmenter.segment(block)) {
        const text = segment.trim()
        if (!text) continue
        const terms: string[] = []
        const phrases: ReadSentence['phrases'] = []
        let run: string[] = []
        let words = 0
        const closeRun = () => {
          for (let end = 0; end < run.length; end += 1) {
            for (let length = 1; length <= MAX_PHRASE_WORDS && end - length + 1 >= 0; length += 1) {
              const words = run.slice(end - length + 1, end + 1)
              phrases.push({ key: words.join(' '), label: words.join(joiner) })
            }
          }
          run = []
        }
        for (const part of wordSegmenter.segment(text)) {
          if (!part.isWordLike) {
            if (part.segment.trim()) closeRun()
            continue
          }
          words += 1
          const word = part.segment.toLowerCase()
          if (word.length >= 2 && HAS_LETTER.test(word) && !stop.has(word)) {
            terms.push(word)
            run.push(word)
          } else closeRun()
        }
        closeRun()
        sentences.push({ text, words, terms, phrases })
      }
      return sentences
    },
  }
}

function analyserFor(iso3: string, code: string, sample: string): Analyser {
  if (iso3 === 'eng') return englishAnalyser()
  // Too short to tell, but written in Latin letters: English is the likeliest reading.
  const latin = (sample.match(/\p{Script=Latin}/gu) ?? []).length
  if (code === 'und' && latin > sample.replace(/\s/g, '').length / 2) return englishAnalyser()
  return segmenterAnalyser(code, iso3)
}

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

/** How many analysed posts there are, and how many of them mention each phrase. */
export interface CorpusStats {
  documents: number
  frequency: Map<string, number>
}

/**
 * Keyphrases by TF-IDF against the corpus of posts: a phrase many posts share (a field's common
 * vocabulary) scores low, one this post is about scores high. Longer phrases get a small bonus
 * (they say more). Phrases the document repeats come first; one-off phrases only fill up to a
 * minimum. A
 * phrase inside one already chosen is not repeated; a phrase containing chosen ones replaces them.
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

const TOPIC_TEMPLATES: Record<
  'en' | 'zh',
  { pair: (a: string, b: string) => string; single: ((a: string) => string)[] }
> = {
  en: {
    pair: (a, b) => `What is the relationship between ${a} and ${b}?`,
    single: [
      (a) => `What remains open or debatable about ${a}?`,
      (a) => `How could the work on ${a} be tested or taken further?`,
    ],
  },
  zh: {
    pair: (a, b) => `${a}与${b}之间有什么关系？`,
    single: [(a) => `关于${a}，还有哪些问题值得讨论？`, (a) => `关于${a}的工作可以如何检验或进一步推进？`],
  },
}

/** Two or three discussion questions built from the keyphrases, in the document's language when we can. */
export function buildTopics(tags: string[], language: string): string[] {
  if (tags.length === 0) return []
  const templates = TOPIC_TEMPLATES[language === 'zh' ? 'zh' : 'en']
  if (tags.length === 1) return templates.single.map((template) => template(tags[0]))
  const topics = [templates.pair(tags[0], tags[1])]
  topics.push(templates.single[0](tags[2] ?? tags[0]))
  if (tags.length >= 3) topics.push(templates.single[1](tags[3] ?? tags[1]))
  return topics
}

/** Whether a word is a stop word for the language (ISO 639-1): the same lists the engine filters with. */
export function isStopWord(word: string, language = 'en'): boolean {
  const normal = word.toLowerCase()
  if (language === 'en') {
    const { its } = englishNlp()
    const flagged = englishNlp().readDoc(normal).tokens().out(its.stopWordFlag) as boolean[]
    return stopWordSet('eng').has(normal) || flagged.some(Boolean)
  }
  const iso3 = Object.entries(iso6393To1 as Record<string, string>).find(([, code]) => code === language)?.[0]
  return iso3 ? stopWordSet(MACROLANGUAGE_OF[iso3] ?? iso3).has(normal) : false
}
