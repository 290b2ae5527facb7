import type { Db } from '../../db/index'
import { analysisStore } from './analysis.store'

/** The analysis feature as other folders see it; nothing else in this folder is theirs to import. */

export { analysisQueue, DEFAULT_QUEUE_OPTIONS, type QueueOptions } from './analysis.queue'
export { analysisRoutes } from './analysis.routes'
export {
  analysisJobInsert,
  enqueueAnalysis,
  PENDING_ANALYSIS,
  PENDING_ANALYSIS_TEXT,
} from './analysis.service'
export { startAnalysisWorker } from './analysis.worker'
export { checkDocxZip } from './extract.docx'
export { closeSandboxThreads } from './sandbox'

/** A stored document's first page as a picture, if the analysis drew one. */
export const thumbnailOf = (db: Db, cid: string) => analysisStore(db).thumbnail(cid)

/** A post's analysis jobs, oldest first: the record of how its analyses went. */
export const analysisJobsOf = (db: Db, postId: string) => analysisStore(db).jobsOf(postId)
