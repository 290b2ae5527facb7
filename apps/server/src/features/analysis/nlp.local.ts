import { type PreparedText, prepareText } from './nlp'
import { type CorpusStats, corpusKeys, rankKeyphrases } from './nlp.keyphrases'
import type { GroundedTopic } from './nlp.topics'

/**
 * The local engine's answer from a prepared text and the corpus statistics: what analyse.ts
 * stores and what `npm run eval:analysis` measures — one function, so the two never drift.
 */

export interface LocalResult {
  language: string
  /** One sentence: the TLDR shown first. */
  tldr: string
  summary: string
  tags: string[]
  topics: string[]
  /** Each topic with the sentence it asks about. */
  topicSources: GroundedTopic[]
  /** The instruction's words that steered the choices (empty: no instruction, or none the text uses). */
  focus: string[]
  /** Keys of the candidate keyphrases, for the corpus statistics of later analyses. */
  terms: string[]
}

export interface ComposeOptions {
  /** How many tags to return (the eval asks for 10 to measure F1@10). */
  tagLimit?: number
}

const EMPTY_CORPUS: CorpusStats = { documents: 0, frequency: new Map() }
const TERMS_PER_POST = 100

export function composeAnalysis(
  prepared: PreparedText,
  corpus: CorpusStats,
  options: ComposeOptions = {},
): LocalResult {
  const tags = rankKeyphrases(prepared.candidates, corpus, options.tagLimit)
  const joiner = ['zh', 'ja', 'th'].includes(prepared.language) ? '' : ' '
  return {
    language: prepared.language,
    tldr: prepared.tldr,
    summary: prepared.summary.join(joiner),
    tags,
    topics: prepared.topics.map((topic) => topic.topic),
    topicSources: prepared.topics,
    focus: prepared.focus,
    terms: corpusKeys(prepared.candidates.slice(0, TERMS_PER_POST)),
  }
}

export interface LocalInput {
  title: string
  blocks: string[]
  instruction: string
  metadata?: string[]
  /** The post's own tags. */
  tags?: string[]
}

/** Text in, analysis out, in one thread: for the eval and the unit tests. */
export function localAnalysis(
  input: LocalInput,
  corpus: CorpusStats | null,
  options: ComposeOptions = {},
): LocalResult {
  const prepared = prepareText({
    title: input.title,
    blocks: input.blocks,
    metadata: input.metadata ?? [],
    instruction: input.instruction,
    authorTags: input.tags ?? [],
  })
  return composeAnalysis(prepared, corpus ?? EMPTY_CORPUS, options)
}
