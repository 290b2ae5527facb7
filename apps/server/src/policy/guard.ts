import type { TrustConfig } from '../config'
import type { Db } from '../db/index'
import { BadRequestError, ForbiddenError, TooManyRequestsError } from '../http/errors'
import { inWords } from '../http/standing'
import { allowanceLeft, decided, HOUR, linksIn, standingOf, type TrustSubject } from './trust'

export const EDIT_BLOCKED_BY_AUTHOR = 'You cannot edit this comment: the author has blocked you'

/**
 * A write the guard judges: who writes what, and for a comment the authors of its post and of the
 * comment it answers. `edit`: a text changed, which counts against no allowance.
 */
export type Contribution = {
  authorId: string
  text: string
  edit?: boolean
} & (
  | { kind: 'post' }
  | { kind: 'comment'; postAuthorId: string; parentAuthorId: string | null }
  | { kind: 'review'; postAuthorId: string }
)

/** The guard every post and comment write asks before it writes anything. */
export type ContributionGuard = (db: Db, contribution: Contribution, now?: Date) => Promise<void>

/**
 * Block and trust refusals in one step, before a write's first side effect: 403 where the author
 * of the post or of the parent comment blocked the writer; for a new account, 400 for a text
 * with too many links and 429 once the day's posts or the hour's comments are used up.
 */
export function contributionGuard(config: TrustConfig): ContributionGuard {
  return async (db, contribution, now = new Date()) => {
    if (contribution.kind !== 'post') await refuseBlocked(db, contribution)
    const links = linksIn(contribution.text)
    // An edit within the links limit asks nothing of the account (most edits).
    if (contribution.edit && links <= config.newLinksPerText) return
    const { good, strikes, ...user } = await db
      .selectFrom('users')
      .select(['id', 'created_at', 'trust_override'])
      .select(standingOf(contribution.authorId, config.minContributions, now))
      .where('id', '=', contribution.authorId)
      .executeTakeFirstOrThrow()
    if (decided(config, user, { good, strikes }, now) === 'member') return
    if (links > config.newLinksPerText) throw tooManyLinks(config, user, links, now)
    if (contribution.edit) return
    const { limit, left, again } = await allowanceLeft(db, config, contribution.kind, user.id, now)
    if (left > 0 || !again) return
    const post = contribution.kind === 'post'
    // A review counts as a comment does: the hour's allowance, in the same words.
    throw new TooManyRequestsError(
      post ? 'new_account_posts' : 'new_account_comments',
      (again.getTime() - now.getTime()) / 1000,
      {
        params: { max: limit, at: again.toISOString() },
        detail: post
          ? `New accounts can write ${limit} posts a day. You can post again at ${inWords(again)}.`
          : `New accounts can write ${limit} comments an hour. You can comment again at ${inWords(again)}.`,
      },
    )
  }
}

/** 403 when the post's author or the parent comment's author (other than the writer) blocked them. */
async function refuseBlocked(db: Db, comment: Contribution & { kind: 'comment' | 'review' }) {
  const parentAuthorId = comment.kind === 'comment' ? comment.parentAuthorId : null
  const others = [comment.postAuthorId, parentAuthorId].filter(
    (id): id is string => !!id && id !== comment.authorId,
  )
  if (others.length === 0) return
  const blocked = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where('blocked_id', '=', comment.authorId)
    .where('blocker_id', 'in', others)
    .executeTakeFirst()
  if (!blocked) return
  if (comment.kind === 'review') throw new ForbiddenError('review_blocked')
  throw new ForbiddenError('blocked_by_author', comment.edit ? { detail: EDIT_BLOCKED_BY_AUTHOR } : {})
}

function tooManyLinks(config: TrustConfig, user: TrustSubject, links: number, now: Date) {
  const lifts = new Date(user.created_at.getTime() + config.newAccountHours * HOUR)
  return new BadRequestError('new_account_links', {
    params: { max: config.newLinksPerText, count: links },
    detail:
      `New accounts can include at most ${config.newLinksPerText} links in a text (this one has ${links}). ` +
      `The limit lifts once your account is trusted${lifts > now ? `, at the earliest ${inWords(lifts)}` : ''}.`,
  })
}
