import { citeFormatOf } from '@agora/contract'
import type { AppContext, AppInstance } from '../../context'
import { requireUserId } from '../../http/auth'
import { perUserLimit } from '../../http/rate-limit'
import { editingRoutes } from '../../http/routes'
import { serve } from '../../http/serve'
import { CITE_CONTENT_TYPES, CITE_EXTENSIONS, citeReview } from '../citations/index'
import { reviewsOfUser } from './reviews.lists'
import { reviewRequests } from './reviews.requests'
import { reviewResponses } from './reviews.responses'
import { reviewsService } from './reviews.service'

export const LOGIN_TO_REVIEW = 'Please login to review this work'

export async function reviewsRoutes(app: AppInstance, ctx: AppContext) {
  const reviews = reviewsService(ctx.db, ctx.events, ctx.guard)
  const viewerIdOf = async (request: { viewer(): Promise<{ userId: string } | null> }) =>
    (await request.viewer())?.userId ?? null

  // Writing a review is a comment's kind of call: the comment limit applies, counted apart.
  serve(
    app,
    'POST /media/:id/reviews',
    { config: { rateLimit: perUserLimit(ctx.config.commentRateLimit, 'You are reviewing too quickly.') } },
    async (request, reply) => {
      const userId = await requireUserId(request, LOGIN_TO_REVIEW)
      return reply.status(201).send(await reviews.create(userId, request.params.id, request.body))
    },
  )
  // Served from the shared read cache, each signed-in reader's helpful marks added to it.
  serve(app, 'GET /media/:id/reviews', async (request, reply) =>
    ctx.readCache.answer(request, reply, {
      load: (viewerId) => reviews.list(viewerId, request.params.id, request.query),
      personalize: (shared, viewerId, kept) => reviews.forViewer(shared, viewerId, kept),
    }),
  )
  serve(app, 'GET /users/:username/reviews', async (request) =>
    reviewsOfUser(ctx.db, await viewerIdOf(request), request.params.username, request.query),
  )
  serve(app, 'GET /reviews/:id', async (request) =>
    reviews.detail(await viewerIdOf(request), request.params.id),
  )
  serve(app, 'GET /reviews/:id/cite', async (request, reply) => {
    const review = await reviews.cited(await viewerIdOf(request), request.params.id)
    const base = ctx.config.mail.publicUrl
    const format = citeFormatOf(request.query.format)
    const { post } = review
    const text = citeReview(
      {
        ...review,
        url: `${base}/review/${review.id}`,
        post: { ...post, url: `${base}/forum/detail/${post.id}?version=${post.version}` },
        accessed: new Date(),
      },
      format,
    )
    reply.header('content-type', CITE_CONTENT_TYPES[format])
    if (request.query.download)
      reply.header(
        'content-disposition',
        `attachment; filename="agora-review-${review.id}.${CITE_EXTENSIONS[format]}"`,
      )
    return reply.send(text)
  })
  editingRoutes(
    app,
    ['PATCH /reviews/:id', 'GET /reviews/:id/revisions'],
    {
      rateLimit: perUserLimit(ctx.config.editRateLimit, 'You are editing too quickly.'),
      login: LOGIN_TO_REVIEW,
    },
    reviews,
  )
  const requests = reviewRequests(ctx.db, ctx.events)
  const inviting = {
    rateLimit: perUserLimit(ctx.config.followRateLimit, 'You are inviting reviewers too quickly.'),
  }
  serve(app, 'POST /media/:id/review-requests', { config: inviting }, async (request, reply) => {
    const userId = await requireUserId(request, LOGIN_TO_REVIEW)
    return reply.status(201).send(await requests.invite(userId, request.params.id, request.body.reviewer))
  })
  serve(app, 'GET /auth/me/review-requests', async (request) =>
    requests.mine(await requireUserId(request, LOGIN_TO_REVIEW)),
  )
  serve(app, 'POST /review-requests/:id/accept', async (request) =>
    requests.answer(await requireUserId(request, LOGIN_TO_REVIEW), request.params.id, 'accepted'),
  )
  serve(app, 'POST /review-requests/:id/decline', async (request) =>
    requests.answer(await requireUserId(request, LOGIN_TO_REVIEW), request.params.id, 'declined'),
  )
  serve(app, 'DELETE /reviews/:id', async (request) =>
    reviews.withdraw(await requireUserId(request, LOGIN_TO_REVIEW), request.params.id),
  )
  serve(
    app,
    'POST /reviews/:id/helpful',
    { config: { rateLimit: perUserLimit(ctx.config.likeRateLimit, 'You are marking reviews too quickly.') } },
    async (request) =>
      reviews.helpful(await requireUserId(request, LOGIN_TO_REVIEW), request.params.id, request.body?.action),
  )
  const responses = reviewResponses(ctx.db, ctx.events)
  serve(
    app,
    'POST /reviews/:id/response',
    { config: { rateLimit: perUserLimit(ctx.config.commentRateLimit, 'You are answering too quickly.') } },
    async (request, reply) => {
      const userId = await requireUserId(request, LOGIN_TO_REVIEW)
      return reply.status(201).send(await responses.respond(userId, request.params.id, request.body.content))
    },
  )
  editingRoutes(
    app,
    ['PATCH /reviews/:id/response', 'GET /reviews/:id/response/revisions'],
    {
      rateLimit: perUserLimit(ctx.config.editRateLimit, 'You are editing too quickly.'),
      login: LOGIN_TO_REVIEW,
    },
    responses,
  )
}
