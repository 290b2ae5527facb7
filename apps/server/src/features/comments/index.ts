import type { Db } from '../../db/index'
import type { OffsetPage } from '../../db/paging'
import { commentsStore } from './comments.store'

export { seedDemoComments } from './comments.demo'
export { commentsRoutes } from './comments.routes'
export type { UserCommentRow } from './comments.store'
export { subscribeCommentNews } from './comments.stream'

/** A user's own comments with the title of each post, for their own page. */
export const commentsOfUser = (db: Db, userId: string, page: OffsetPage) =>
  commentsStore(db).listByUser(userId, page)
