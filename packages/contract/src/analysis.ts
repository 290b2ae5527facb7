import Type, { type Static } from 'typebox'
import { IdParams, LiteralUnion } from './common'

const AI_ANALYSIS_STATUSES = ['pending', 'done', 'failed'] as const

/**
 * The AI analysis of a post. The post detail answer carries it as the JSON string `ai_analysis`
 * (as the spec has it); this is the shape inside that string. `'{}'` means not analysed yet.
 */
export const AiAnalysisStatus = LiteralUnion(...AI_ANALYSIS_STATUSES)
export type AiAnalysisStatus = Static<typeof AiAnalysisStatus>

export const AiAnalysis = Type.Object({
  status: AiAnalysisStatus,
  /** Two to four sentences: taken from the post's own text by the local engine, written by the model otherwise. */
  summary: Type.String(),
  tags: Type.Array(Type.String()),
  /** Two or three discussion questions. */
  topics: Type.Array(Type.String()),
  /** One sentence saying what the post is about, shown first (absent in older analyses). */
  tldr: Type.Optional(Type.String()),
  /**
   * Where each topic comes from (local engine): the topic as in `topics`, the sentence of the text it
   * asks about, and what kind of claim that sentence makes.
   */
  topic_sources: Type.Optional(
    Type.Array(
      Type.Object({
        topic: Type.String(),
        sentence: Type.String(),
        kind: LiteralUnion('limitation', 'future', 'comparison', 'hypothesis', 'method'),
        /** The file the sentence is in (absent: the post's own text), and for a PDF its page. */
        cid: Type.Optional(Type.String()),
        page: Type.Optional(Type.Integer({ minimum: 1 })),
      }),
    ),
  ),
  /** The words of the author's instruction the analysis focused on (absent when it had none to follow). */
  focus: Type.Optional(Type.Array(Type.String())),
  /** Which engine produced the result; null while pending and when the analysis failed. */
  engine: Type.Union([Type.Literal('local'), Type.Literal('openai-compatible'), Type.Null()]),
  /** The model's name when the OpenAI-compatible engine answered. */
  model: Type.Optional(Type.String()),
  /** ISO 639-1 code of the post's language ('und' when it cannot be told; '' while pending). */
  language: Type.String(),
  /** Why the analysis failed (status failed), in words a person can read. */
  error: Type.Optional(Type.String()),
  /** Set when the configured model could not be used and the local engine answered instead. */
  fallback_reason: Type.Optional(Type.String()),
  /** Whether a file was too long and only its beginning was analysed. */
  truncated: Type.Optional(Type.Boolean()),
  analysed_at: Type.Optional(Type.String({ format: 'date-time' })),
})
export type AiAnalysis = Static<typeof AiAnalysis>

/** Reads the `ai_analysis` string of a post; null when there is no analysis (yet) or it is unreadable. */
export function readAiAnalysis(raw: string | null | undefined): AiAnalysis | null {
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as Partial<AiAnalysis> | null
    if (
      !value ||
      typeof value !== 'object' ||
      !(AI_ANALYSIS_STATUSES as readonly string[]).includes(value.status as string)
    )
      return null
    return {
      ...value,
      status: value.status as AiAnalysisStatus,
      summary: typeof value.summary === 'string' ? value.summary : '',
      tags: Array.isArray(value.tags) ? value.tags.filter((tag) => typeof tag === 'string') : [],
      topics: Array.isArray(value.topics) ? value.topics.filter((topic) => typeof topic === 'string') : [],
      engine: value.engine ?? null,
      language: typeof value.language === 'string' ? value.language : '',
      tldr: typeof value.tldr === 'string' ? value.tldr : undefined,
      topic_sources: Array.isArray(value.topic_sources)
        ? value.topic_sources.filter(
            (source) => source && typeof source.topic === 'string' && typeof source.sentence === 'string',
          )
        : undefined,
      focus: Array.isArray(value.focus) ? value.focus.filter((word) => typeof word === 'string') : undefined,
    }
  } catch {
    return null
  }
}

/** `POST /media/{id}/analysis`: the analysis is queued again; poll the post until it is no longer pending. */
export const AnalysisRerunResponse = Type.Object({
  post_id: Type.String(),
  status: Type.Literal('pending'),
  /** The post's new `ai_analysis` string (status pending). */
  ai_analysis: Type.String(),
  message: Type.String(),
})
export type AnalysisRerunResponse = Static<typeof AnalysisRerunResponse>

export const AnalysisRerunParams = IdParams
export type AnalysisRerunParams = Static<typeof AnalysisRerunParams>
