import { COMMENTS_PAGE_SIZE } from '@agora/contract'
import type { Db } from '../../db/index'
import type { OffsetPage } from '../../db/paging'
import { type CommentsContext, commentsService } from './comments.service'
import { commentsStore } from './comments.store'

export { seedDemoComments } from './comments.demo'
export { commentsRoutes } from './comments.routes'
export type { UserCommentRow } from './comments.store'
export { subscribeCommentNews } from './comments.stream'

/** A user's own comments with the title of each post, for their own page. */
export const commentsOfUser = (db: Db, userId: string, page: OffsetPage) =>
  commentsStore(db).listByUser(userId, page)

/** The first page of a post's threads as `viewerId` (default: a reader not signed in) sees it (a drawn post page). */
export const firstCommentsPage = (ctx: CommentsContext, postId: string, viewerId: string | null = null) =>
  commentsService(ctx.db, ctx.events, ctx.guard).listForPost(postId, viewerId, {
    skip: 0,
    limit: COMMENTS_PAGE_SIZE,
  })

/** A post's anchored comments as `viewerId` sees them, oldest first (the post's CAR export, ipfs/). */
export const anchoredComments = (ctx: CommentsContext, postId: string, viewerId: string | null) =>
  commentsService(ctx.db, ctx.events, ctx.guard).anchoredForPost(postId, viewerId)
