import type { AppContext, AppInstance } from '../../context'
import { isId } from '../../db/ids'
import type { EventBus } from '../../events/index'
import type { Live } from '../../events/live'
import { serve } from '../../http/serve'
import { type EventStream, openEventStream } from '../../http/sse'
import { readPostAccess, visibleOr404 } from '../../policy/index'

/** The topic a post's new comments are told on (events/live.ts). */
const postTopic = (postId: string) => `post:${postId}`

/** A comment written is told to the streams of its post once its transaction commits. */
export function subscribeCommentNews(events: EventBus, live: Live) {
  events.inTransaction('comment.written', (trx, written) =>
    live.tell(
      trx,
      written.map((comment) => ({
        topic: postTopic(comment.postId),
        data: { _id: comment.commentId, postId: comment.postId, parentId: comment.parentId },
      })),
    ),
  )
}

/**
 * GET /comments/post/{id}/stream: the comments written on a post from now on, as
 * server-sent events (`comment`: {_id, postId, parentId}), for whoever may read the post — anonymous
 * readers of a public one included. Ids only: the page loads them when its reader asks.
 */
export function commentStreamRoute(app: AppInstance, ctx: AppContext) {
  serve(app, 'GET /comments/post/:id/stream', async (request, reply) => {
    const viewerId = (await request.viewer())?.userId ?? null
    ctx.streams.take(request, reply, viewerId)
    const { id } = request.params
    visibleOr404(isId(id) ? await readPostAccess(ctx.db, id) : undefined, viewerId)
    // Listening before the stream opens: a comment written once the reader sees it open is told.
    const early: Record<string, unknown>[] = []
    let stream: EventStream | null = null
    const stopListening = await ctx.live.listen(postTopic(id), (data) =>
      stream ? stream.send('comment', data) : early.push(data),
    )
    stream = openEventStream(request, reply)
    stream.onClose(stopListening)
    stream.onClose(ctx.live.onStop(() => stream?.end()))
    for (const data of early) stream.send('comment', data)
    return reply
  })
}
