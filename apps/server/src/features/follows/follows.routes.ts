import { FollowRequest, FollowResponse, MyFollowsResponse } from '@agora/contract'
import type { AppContext, AppInstance } from '../../context'
import { requireUserId } from '../../http/auth'
import { perUserLimit } from '../../http/rate-limit'
import { targetWriteSchema } from '../../http/responses'
import { ownRoute } from '../../http/routes'
import { followsService } from './follows.service'

export const LOGIN_TO_FOLLOW = 'Please login to follow authors and tags'

export async function followsRoutes(app: AppInstance, ctx: AppContext) {
  const follows = followsService(ctx.db, ctx.events)
  const tags = ['follows']
  const rateLimit = perUserLimit(ctx.config.followRateLimit, 'You are following too quickly.')
  const schema = (summary: string) =>
    targetWriteSchema({ tags, summary, body: FollowRequest }, FollowResponse)

  app.post(
    '/follows',
    {
      config: { rateLimit },
      schema: schema('Follow an author (by id) or a tag; following again changes nothing'),
    },
    async (request) => follows.follow(await requireUserId(request, LOGIN_TO_FOLLOW), request.body),
  )

  app.delete(
    '/follows',
    {
      config: { rateLimit },
      schema: schema('Stop following an author or a tag; unfollowing again changes nothing'),
    },
    async (request) => follows.unfollow(await requireUserId(request, LOGIN_TO_FOLLOW), request.body),
  )

  ownRoute(
    app,
    '/auth/me/follows',
    { tags, summary: 'The authors and tags you follow, latest first', answer: MyFollowsResponse },
    LOGIN_TO_FOLLOW,
    follows.mine,
  )
}
