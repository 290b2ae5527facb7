import type { ItemSentence } from 'wink-nlp'
import { englishNlp, stopWordSet } from './nlp.language'
import { CHINESE_FUNCTION_WORDS, GENERIC_MODIFIERS, PREPOSITIONAL_ING } from './nlp.words'

/**
 * Text read as sentences, each with its content words and the noun phrases it mentions: part of
 * speech tagging (wink-nlp's English model) for English, the platform's ICU segmenter for the
 * other languages.
 */

export interface ReadSentence {
  text: string
  /** Word tokens in the sentence (for length limits). */
  words: number
  /** Content words, normalised: the sentence's vector for similarity. */
  terms: string[]
  /**
   * Noun phrases, each with the keys of its words (for the word graph that ranks them) and, from
   * the English tagger, whether it opens on an adjective or holds a name or a verb form (a feature
   * of the keyphrase model).
   */
  phrases: { key: string; label: string; words: string[]; shape?: PhraseShape }[]
}

/** The parts of speech of a phrase, as the keyphrase model reads them. */
export interface PhraseShape {
  adjective: boolean
  name: boolean
  verb: boolean
}

export interface Analyser {
  /** How words of a phrase are joined: a space, or nothing for scripts written without spaces. */
  joiner: string
  read(block: string): ReadSentence[]
}

export const MAX_PHRASE_WORDS = 3
/** The longest English noun phrase kept whole ("numerical simulations of lattice field theories" is two). */
export const MAX_NOUN_PHRASE_WORDS = 5
const WITHOUT_SPACES = new Set(['zh', 'ja', 'th', 'lo', 'km', 'my'])
const HAS_LETTER = /\p{L}/u

/**
 * The phrases of a run of words [start, end): every span of 1 to MAX_PHRASE_WORDS words that ends
 * on a word `last` accepts, as [from, to) indices, by end then by length.
 */
function phraseSpans(start: number, end: number, last: (index: number) => boolean = () => true) {
  const spans: [number, number][] = []
  for (let to = start; to < end; to += 1) {
    if (!last(to)) continue
    for (let length = 1; length <= MAX_PHRASE_WORDS && to - length + 1 >= start; length += 1) {
      spans.push([to - length + 1, to + 1])
    }
  }
  return spans
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

/** Hyphen, Unicode hyphen, and the en dash of compounds such as "steel–concrete interface". */
const HYPHENS = new Set(['-', '\u2010', '\u2013'])

/**
 * A sentence's tokens as wink-nlp gives them, with hyphenated compounds ("visual-cortex",
 * "long-range", "steel–concrete") joined back into one word: the tokenizer splits them at the
 * hyphen or dash (only when written without spaces around it).
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
      HYPHENS.has(values[i]) &&
      spaces[i] === '' &&
      spaces[next] === '' &&
      previous?.type === 'word' &&
      types[next] === 'word'
    // "Löb's theorem": the possessive joins its noun to the next one, as in "Löb theorem".
    if ((normals[i] === "'s" || normals[i] === '’s') && previous && /^(NOUN|PROPN)$/.test(previous.tag))
      continue
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

/** What may precede a participle that modifies a noun: an article, a preposition, a conjunction, a verb, punctuation. */
const PARTICIPLE_AFTER = new Set(['DET', 'ADP', 'CCONJ', 'SCONJ', 'PUNCT', 'VERB', 'NUM'])

let english: Analyser | null = null

/** English: wink-nlp's tagger finds noun phrases (adjectives and nouns ending in a noun). */
function englishAnalyser(): Analyser {
  if (english) return english
  const nlp = englishNlp()
  const its = nlp.its
  const stop = stopWordSet('eng')
  // Latin shorthands the lists miss when written without their full stop.
  for (const shorthand of ['vs', 'etc', 'ie', 'eg', 'cf', 'et', 'al', 'approx']) stop.add(shorthand)
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
              !PREPOSITIONAL_ING.has(tokens[i].normal) &&
              i > 0 &&
              content[i - 1] &&
              /^(NOUN|PROPN|ADJ)$/.test(tokens[i - 1].tag))
          // An inflected noun inside a run followed by another noun is most often a verb the tagger
          // missed ("the gene controls respiration"): English compounds rarely inflect their modifiers.
          const missedVerb = (i: number) =>
            tokens[i].tag === 'NOUN' &&
            /[^su]s$/.test(tokens[i].normal) &&
            tokens[i].lemma !== tokens[i].normal &&
            i + 1 < tokens.length &&
            content[i + 1] &&
            (isNoun(i + 1) || tokens[i + 1].tag === 'ADJ') &&
            i > 0 &&
            content[i - 1] &&
            isNoun(i - 1)
          // A past participle opening a run of nouns modifies them ("reinforced concrete structures",
          // "impressed current"): the tagger calls it a verb. Not after its subject, where it is the
          // verb ("the model used data", "we recorded temperatures").
          const participle = (i: number, start: number) =>
            tokens[i].tag === 'VERB' &&
            /[^e]ed$/.test(tokens[i].normal) &&
            i === start &&
            (i === 0 || PARTICIPLE_AFTER.has(tokens[i - 1].tag)) &&
            i + 1 < tokens.length &&
            content[i + 1] &&
            (isNoun(i + 1) || tokens[i + 1].tag === 'ADJ')
          let start = 0
          for (let i = 0; i <= tokens.length; i += 1) {
            const inPhrase =
              i < tokens.length &&
              content[i] &&
              (isNoun(i) || tokens[i].tag === 'ADJ' || participle(i, start)) &&
              !missedVerb(i)
            if (inPhrase) continue
            // tokens start..i-1 form a run of adjectives and nouns: the maximal phrase ending on its last noun.
            let to = i - 1
            while (to >= start && !isNoun(to)) to -= 1
            let from = Math.max(start, to - MAX_NOUN_PHRASE_WORDS + 1)
            while (from < to && GENERIC_MODIFIERS.has(tokens[from].normal)) from += 1
            if (to >= from) {
              const words = tokens.slice(from, to + 1)
              const keys = [...words.slice(0, -1).map((token) => token.normal), keyOf(tokens[to])]
              const shape = {
                adjective: words[0].tag === 'ADJ',
                name: words.some((token) => token.tag === 'PROPN'),
                verb: words.some((token) => token.tag === 'VERB'),
              }
              phrases.push({ key: keys.join(' '), label: words.map(labelOf).join(' '), words: keys, shape })
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
  if (code === 'zh') for (const word of CHINESE_FUNCTION_WORDS) stop.add(word)
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
          for (const [from, to] of phraseSpans(0, run.length)) {
            const words = run.slice(from, to)
            phrases.push({ key: words.join(' '), label: words.join(joiner), words })
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

/** The reader for a text in the detected language; `sample` decides texts too short to tell. */
export function analyserFor(iso3: string, code: string, sample: string): Analyser {
  if (iso3 === 'eng') return englishAnalyser()
  // Too short to tell, but written in Latin letters: English is the likeliest reading.
  const latin = (sample.match(/\p{Script=Latin}/gu) ?? []).length
  if (code === 'und' && latin > sample.replace(/\s/g, '').length / 2) return englishAnalyser()
  return segmenterAnalyser(code, iso3)
}
