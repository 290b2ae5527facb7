/**
 * The `ai_analysis` JSON string of a post (contract: AiAnalysis), read without trusting its shape,
 * and how often the page looks again while it is being made.
 */

export type AnalysisEngine = 'local' | 'openai-compatible'

export const TOPIC_KINDS = ['limitation', 'future', 'comparison', 'hypothesis', 'method'] as const
export type TopicKind = (typeof TOPIC_KINDS)[number]

/** A topic with the sentence of the post it asks about. */
export interface TopicSource {
  sentence: string
  kind: TopicKind | null
  /** The file the sentence is in (null: the post's own text), and for a PDF its page. */
  cid: string | null
  page: number | null
}

export interface PostAnalysis {
  status: 'pending' | 'done' | 'failed'
  /** One sentence saying what the post is about; null in analyses made before it existed. */
  tldr: string | null
  summary: string
  tags: string[]
  /** Discussion questions: each can start a comment. */
  topics: string[]
  /** Where a topic comes from, by the topic's text (local engine). */
  topicSources: Map<string, TopicSource>
  /** The words of the author's instruction the analysis focused on. */
  focus: string[]
  engine: AnalysisEngine | null
  /** The model's name when a language model answered. */
  model: string | null
  /** ISO 639-1 code; '' or 'und' when unknown. */
  language: string
  /** Why it failed (server's words). */
  error: string | null
  /** Set when the configured model could not be used and the local engine answered instead. */
  fallbackReason: string | null
  /** Only the beginning of a long file was analysed. */
  truncated: boolean
}

const texts = (value: unknown): string[] =>
  Array.isArray(value)
    ? value
        .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
        .map((item) => item.trim())
    : []

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null

/**
 * The analysis to show, or null while there is none yet ('{}', empty, unreadable): the box then says
 * 'Analysing…'. An analysis without a status but with a summary or tags counts as done (older data).
 */
export function readAnalysis(raw: string | null | undefined): PostAnalysis | null {
  if (!raw) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null
  const fields = value as Record<string, unknown>
  const summary = text(fields.summary) ?? ''
  const tags = texts(fields.tags)
  const status =
    fields.status === 'pending' || fields.status === 'done' || fields.status === 'failed'
      ? fields.status
      : summary || tags.length > 0
        ? 'done'
        : null
  if (!status) return null
  return {
    status,
    tldr: text(fields.tldr),
    summary,
    tags,
    topics: texts(fields.topics),
    topicSources: readTopicSources(fields.topic_sources),
    focus: texts(fields.focus),
    engine: fields.engine === 'local' || fields.engine === 'openai-compatible' ? fields.engine : null,
    model: text(fields.model),
    language: text(fields.language) ?? '',
    error: text(fields.error),
    fallbackReason: text(fields.fallback_reason),
    truncated: fields.truncated === true,
  }
}

function readTopicSources(value: unknown): Map<string, TopicSource> {
  const sources = new Map<string, TopicSource>()
  if (!Array.isArray(value)) return sources
  for (const item of value) {
    if (!item || typeof item !== 'object') continue
    const { topic, sentence, kind, cid, page } = item as Record<string, unknown>
    const topicText = text(topic)
    const sentenceText = text(sentence)
    if (!topicText || !sentenceText) continue
    const known = (TOPIC_KINDS as readonly unknown[]).includes(kind) ? (kind as TopicKind) : null
    sources.set(topicText, {
      sentence: sentenceText,
      kind: known,
      cid: text(cid),
      page: typeof page === 'number' && Number.isInteger(page) && page >= 1 ? page : null,
    })
  }
  return sources
}

/** Whether the analysis may still arrive, so the page should look again in a while. */
export function isAnalysisPending(raw: string | null | undefined): boolean {
  const analysis = readAnalysis(raw)
  return analysis === null || analysis.status === 'pending'
}

/** How often the page looks again while the analysis is pending, and for how long at most. */
export const ANALYSIS_POLL_MS = 4_000
export const ANALYSIS_POLL_WINDOW_MS = 3 * 60_000

/** When each post's analysis was first seen pending (in this tab): the polling window starts there. */
const pendingSince = new Map<string, number>()

/**
 * The post query's `refetchInterval`: every few seconds while the analysis is pending, for at most
 * ANALYSIS_POLL_WINDOW_MS; nothing once it is done or failed. A re-run (or `restartAnalysisPolling`)
 * opens a new window.
 */
export function analysisPollInterval(
  post: { id: string; ai_analysis: string } | undefined,
  now = Date.now(),
): number | false {
  if (!post) return false
  if (!isAnalysisPending(post.ai_analysis)) {
    pendingSince.delete(post.id)
    return false
  }
  const since = pendingSince.get(post.id) ?? now
  pendingSince.set(post.id, since)
  return now - since < ANALYSIS_POLL_WINDOW_MS ? ANALYSIS_POLL_MS : false
}

/** Whether the page gave up looking for a pending analysis (the box then offers to check again). */
export function analysisPollingStopped(post: { id: string; ai_analysis: string }, now = Date.now()): boolean {
  const since = pendingSince.get(post.id)
  return isAnalysisPending(post.ai_analysis) && since !== undefined && now - since >= ANALYSIS_POLL_WINDOW_MS
}

/** Starts a new polling window for a post (after a re-run, or when the reader asks to check again). */
export function restartAnalysisPolling(postId: string) {
  pendingSince.delete(postId)
}
