import type { AiAnalysis, AnalysisRerunResponse } from '@agora/contract'
import { isId } from '../../db/ids'
import type { Db } from '../../db/index'
import type { EventBus } from '../../events/index'
import { authorize, viewerOf } from '../../policy/index'
import { analysisStore } from './analysis.store'

export const PENDING_ANALYSIS: AiAnalysis = {
  status: 'pending',
  summary: '',
  tags: [],
  topics: [],
  engine: null,
  language: '',
}

/** The failed analysis shown on the post: the reason, and nothing else. */
export function failedAnalysis(reason: string): AiAnalysis {
  return { ...PENDING_ANALYSIS, status: 'failed', error: reason, analysed_at: new Date().toISOString() }
}

/** `PENDING_ANALYSIS` as the posts' `ai_analysis` column holds it. */
export const PENDING_ANALYSIS_TEXT = JSON.stringify(PENDING_ANALYSIS)

/**
 * Queues an analysis of the post and marks it pending, in one statement. Call it inside the
 * transaction that creates or edits the post (`db` bound to it): the job exists exactly when the
 * post does, and the answer to the upload never waits for the analysis.
 */
export async function enqueueAnalysis(db: Db, postId: string): Promise<string> {
  await analysisStore(db).enqueue(postId, PENDING_ANALYSIS_TEXT)
  return PENDING_ANALYSIS_TEXT
}

/**
 * The same for a caller that updates the post's row anyway (an edit: one write of the row, in one
 * statement): the statement that queues the job, for its own to run (`with job as (…) update posts
 * …`), which sets `ai_analysis` to `PENDING_ANALYSIS_TEXT`.
 */
export function analysisJobInsert(db: Db, postId: string) {
  return analysisStore(db).jobInsert(postId)
}

export function analysisService(db: Db, events: EventBus) {
  return {
    /** The author asks for a fresh analysis (after a failure, or a better engine configured). */
    async rerun(viewerId: string, postId: string): Promise<AnalysisRerunResponse> {
      return db.transaction().execute(async (trx) => {
        const post = isId(postId) ? await analysisStore(trx).findPost(postId) : null
        authorize(viewerOf(viewerId), 'post.rerun_analysis', post)
        const pending = await enqueueAnalysis(trx, postId)
        await events.raise(trx, 'analysis.requested', [{ postId, authorId: viewerId }])
        return { post_id: postId, status: 'pending', ai_analysis: pending, message: 'Analysis queued' }
      })
    },
  }
}
