import {
  type FollowRequest,
  type FollowResponse,
  type MyFollowsResponse,
  POST_TAG_MAX_LENGTH,
} from '@agora/contract'
import { isId } from '../../db/ids'
import type { Db } from '../../db/index'
import type { EventBus } from '../../events/index'
import { BadRequestError, NotFoundError } from '../../http/errors'
import { normaliseTags } from '../posts/index'
import { type FollowKind, followsStore } from './follows.store'

/** A follow's target as stored, and whether its follower count may be shown to others. */
interface Target {
  kind: FollowKind
  target: string
  countsHidden: boolean
}

/** A user's statistics are shown to others when their profile and statistics are public (profiles/). */
const statisticsPublic = (user: { public_profile: boolean; public_statistics: boolean }) =>
  user.public_profile && user.public_statistics

/** Follows of authors and tags: following, unfollowing (both idempotent) and one's own list. */
export function followsService(db: Db, events: EventBus) {
  const store = followsStore(db)

  /** The target a request names: an existing other user by id, or one tag normalised as posts store it. */
  async function resolve(viewerId: string, request: FollowRequest): Promise<Target> {
    if (request.kind === 'user') {
      const id = request.target.trim().toLowerCase()
      const user = isId(id) ? await store.findUser(id) : undefined
      if (!user) throw new NotFoundError('user_not_found')
      if (user.id === viewerId) {
        throw new BadRequestError('cannot_follow_self', {
          errors: [{ field: 'target', message: 'is yourself' }],
        })
      }
      return { kind: 'user', target: user.id, countsHidden: !statisticsPublic(user) }
    }
    const tags = normaliseTags(request.target)
    if (tags.length !== 1) {
      const message = tags.length === 0 ? 'Name a tag to follow' : 'Follow one tag at a time'
      throw new BadRequestError('follow_target_invalid', {
        detail: message,
        errors: [{ field: 'target', message }],
      })
    }
    const [tag] = tags
    if (tag.length > POST_TAG_MAX_LENGTH) {
      const message = `A tag is at most ${POST_TAG_MAX_LENGTH} characters`
      throw new BadRequestError('follow_target_invalid', {
        detail: message,
        errors: [{ field: 'target', message }],
      })
    }
    return { kind: 'tag', target: tag, countsHidden: false }
  }

  async function answer(trx: Db, target: Target, following: boolean): Promise<FollowResponse> {
    const followers = target.countsHidden
      ? 0
      : await followsStore(trx).followersOf(target.kind, target.target)
    return {
      kind: target.kind,
      target: target.target,
      following,
      followers,
      ...(target.countsHidden ? { followers_hidden: true } : {}),
    }
  }

  return {
    /** Follows the target; a new follow raises `follow` (once: following again changes nothing). */
    async follow(viewerId: string, request: FollowRequest): Promise<FollowResponse> {
      const target = await resolve(viewerId, request)
      return db.transaction().execute(async (trx) => {
        if (await followsStore(trx).add(viewerId, target.kind, target.target)) {
          await events.raise(trx, 'follow', [
            { followerId: viewerId, kind: target.kind, target: target.target },
          ])
        }
        return answer(trx, target, true)
      })
    },

    /** Stops following the target (nothing happens when one did not follow it). */
    async unfollow(viewerId: string, request: FollowRequest): Promise<FollowResponse> {
      const target = await resolve(viewerId, request)
      return db.transaction().execute(async (trx) => {
        if (await followsStore(trx).remove(viewerId, target.kind, target.target)) {
          await events.raise(trx, 'follow.withdrawn', [
            { followerId: viewerId, kind: target.kind, target: target.target },
          ])
        }
        return answer(trx, target, false)
      })
    },

    /** The authors and tags the viewer follows, latest first. */
    async mine(viewerId: string): Promise<MyFollowsResponse> {
      const [users, tags] = await Promise.all([store.followedUsers(viewerId), store.followedTags(viewerId)])
      return { users, tags }
    },
  }
}

/**
 * An author page's follow figures (profiles/): followers and the authors followed, only when
 * `showCounts` (the page shows its statistics), and for a signed-in viewer other than the author
 * whether they follow them (nothing for a visitor, who sees only what the flags allow).
 */
export async function followStats(
  db: Db,
  userId: string,
  viewerId: string | null,
  showCounts: boolean,
): Promise<{ followers?: number; following?: number; is_following?: boolean }> {
  const asks = viewerId !== null && viewerId !== userId
  if (!showCounts && !asks) return {}
  const { followers, following, is_following } = await followsStore(db).userStats(userId, viewerId)
  return { ...(showCounts ? { followers, following } : {}), ...(asks ? { is_following } : {}) }
}
