/**
 * The AI analysis of a post (contract: analysis.ts). The analysis itself arrives inside the post
 * (`ai_analysis`); this is the author's re-run.
 */
import type { AnalysisRerunResponse } from '@agora/contract'
import { call } from './client'

/** POST /media/{id}/analysis (author only): queued again; the post's analysis is pending until done. */
export function rerunAnalysis(postId: string): Promise<AnalysisRerunResponse> {
  return call('POST /media/:id/analysis', { params: { id: postId } })
}
