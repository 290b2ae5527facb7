/** The `ai_analysis` JSON string of a post, read without trusting its shape. */
export interface PostAnalysis {
  status: 'pending' | 'done' | 'failed'
  summary: string
  tags: string[]
}

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
  const summary = typeof fields.summary === 'string' ? fields.summary.trim() : ''
  const tags = Array.isArray(fields.tags)
    ? fields.tags.filter((tag): tag is string => typeof tag === 'string' && tag.trim() !== '')
    : []
  const status =
    fields.status === 'pending' || fields.status === 'done' || fields.status === 'failed'
      ? fields.status
      : summary || tags.length > 0
        ? 'done'
        : null
  return status ? { status, summary, tags } : null
}

/** Whether the analysis may still arrive, so the page should look again in a while. */
export function isAnalysisPending(raw: string | null | undefined): boolean {
  const analysis = readAnalysis(raw)
  return analysis === null || analysis.status === 'pending'
}
