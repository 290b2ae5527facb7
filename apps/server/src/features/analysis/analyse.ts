import type { Readable } from 'node:stream'
import type { AiAnalysis } from '@agora/contract'
import { type FileKind, fileKind } from './extract'
import { DEFAULT_LIMITS, ExtractionError, TEXT_READ_BYTES } from './extract.limits'
import type { Thumbnail } from './extract.thumbnail'
import { type CorpusStats, corpusKeys } from './nlp.keyphrases'
import { composeAnalysis } from './nlp.local'
import type { GroundedTopic } from './nlp.topics'
import type { PreparationFile, PreparationInput } from './prepare'
import { analyseRemotely, type RemoteEngineConfig } from './remote-engine'
import { prepareInSandbox } from './sandbox'

/** Everything about a post the analysis reads. Files are opened only when their kind has text. */
export interface AnalysisSource {
  title: string
  summary: string
  content: string
  instruction: string
  /** The author's own tags, listed first among the analysis's tags. */
  tags?: string[]
  files: { name: string; mime: string; cid?: string; open(): Promise<Readable> }[]
}

export interface AnalysisOptions {
  limits: PreparationInput['limits']
  /** Memory ceiling of the extraction thread. */
  memoryMb: number
  /** Characters of text an external model is given. */
  textBudget: number
  /** Bytes read of a PDF or DOCX; a larger file is not analysed. */
  maxDocumentBytes: number
  remote: RemoteEngineConfig | null
  /** Corpus statistics for the candidate keyphrases (their keys). */
  corpus(keys: string[]): Promise<CorpusStats>
  log: { warn(message: string): void }
}

export const DEFAULT_ANALYSIS_OPTIONS = {
  limits: { ...DEFAULT_LIMITS },
  memoryMb: 512,
  textBudget: 24_000,
  maxDocumentBytes: 64 * 1024 * 1024,
  remoteTimeoutMs: 90_000,
} as const

export interface AnalysisOutcome {
  analysis: AiAnalysis
  /** Keys of the post's candidate keyphrases, for the corpus statistics of later analyses. */
  terms: string[]
  /** A picture of each document's first page, by the file's place in `source.files`. */
  thumbnails?: Map<number, Thumbnail>
  /** Each PDF's number of pages (all of them, also when fewer were read), by the file's place. */
  pageCounts?: Map<number, number>
}

/** Reads a stream into one freshly allocated array (movable to a thread), up to `limit` bytes. */
async function readUpTo(stream: Readable, limit: number, onOverflow: 'truncate' | 'fail', name: string) {
  const chunks: Buffer[] = []
  let size = 0
  let cut = false
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer
      if (size + buffer.length > limit) {
        if (onOverflow === 'fail') throw new ExtractionError(`The file "${name}" is too large to analyse.`)
        chunks.push(buffer.subarray(0, limit - size))
        size = limit
        cut = true
        break
      }
      chunks.push(buffer)
      size += buffer.length
    }
  } finally {
    stream.destroy()
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.length
  }
  return { bytes, cut }
}

async function readFiles(source: AnalysisSource, options: AnalysisOptions): Promise<PreparationFile[]> {
  const files: PreparationFile[] = []
  for (const file of source.files) {
    const kind: FileKind = fileKind(file.name, file.mime)
    if (kind === 'media') {
      files.push({ name: file.name, kind, bytes: null })
      continue
    }
    const stream = await file.open()
    const { bytes, cut } =
      kind === 'text' || kind === 'markdown'
        ? await readUpTo(stream, TEXT_READ_BYTES, 'truncate', file.name)
        : await readUpTo(stream, options.maxDocumentBytes, 'fail', file.name)
    files.push({ name: file.name, kind, bytes, cut })
  }
  return files
}

/**
 * One post's analysis: extraction and text preparation in a sandboxed thread, keyphrases ranked
 * against the corpus, then the external model when one is configured (the local result stands in
 * when it fails). ExtractionError means the files cannot be analysed; other errors are transient.
 */
export async function analyseSource(
  source: AnalysisSource,
  options: AnalysisOptions,
): Promise<AnalysisOutcome> {
  const files = await readFiles(source, options)
  const preparation = await prepareInSandbox(
    {
      title: source.title,
      summary: source.summary,
      content: source.content,
      files,
      instruction: source.instruction,
      authorTags: source.tags ?? [],
      limits: options.limits,
      textBudget: options.textBudget,
    },
    { timeoutMs: options.limits.timeoutMs + 5_000, memoryMb: options.memoryMb },
    options.log,
  )
  const thumbnails = new Map<number, Thumbnail>()
  const pageCounts = new Map<number, number>()
  for (const [index, file] of preparation.files.entries()) {
    if (file.thumbnail) thumbnails.set(index, file.thumbnail)
    if (file.pages !== undefined) pageCounts.set(index, file.pages)
  }
  const corpus = await options.corpus(corpusKeys(preparation.candidates))
  const { tldr, summary, tags, topics, topicSources, focus, language, terms } = composeAnalysis(
    preparation,
    corpus,
  )
  const local: AiAnalysis = {
    status: 'done',
    ...(tldr ? { tldr } : {}),
    summary,
    tags,
    topics,
    ...(topicSources.length > 0 ? { topic_sources: topicSources.map((topic) => placed(topic, source)) } : {}),
    ...(focus.length > 0 ? { focus } : {}),
    engine: 'local',
    language,
    truncated: preparation.truncated,
    analysed_at: new Date().toISOString(),
  }
  if (!options.remote) return { analysis: local, terms, thumbnails, pageCounts }

  try {
    const answer = await analyseRemotely(options.remote, {
      title: source.title,
      text: preparation.text,
      instruction: source.instruction,
      language: preparation.language,
    })
    // The model writes its own topics: the local ones' sentences no longer belong to them.
    const { topic_sources: _localSources, ...rest } = local
    return {
      analysis: { ...rest, ...answer, engine: 'openai-compatible', model: options.remote.model },
      terms,
      thumbnails,
      pageCounts,
    }
  } catch (error) {
    const reason = (error as Error).message
    options.log.warn(`AI service unavailable, local analysis used instead: ${reason}`)
    return { analysis: { ...local, fallback_reason: reason }, terms, thumbnails, pageCounts }
  }
}

/** A topic's source as the analysis keeps it: the file its sentence is in named by CID (and page). */
function placed({ file, page, ...topic }: GroundedTopic, source: AnalysisSource) {
  const cid = file === undefined ? undefined : source.files[file]?.cid
  return cid ? { ...topic, cid, ...(page === undefined ? {} : { page }) } : topic
}
