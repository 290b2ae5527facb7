import type { ContentKind } from '@agora/contract'
import { sql } from 'kysely'
import type { TrustConfig } from '../../config'
import type { Db } from '../../db/index'
import type { EventBus } from '../../events/index'
import { BadRequestError, TooManyRequestsError } from '../../http/errors'
import { inWords } from '../../http/standing'

export type Trust = 'new' | 'member'

const HOUR = 3600_000

/** What trust is decided from: the account's age and a moderator's setting. */
export interface TrustSubject {
  id: string
  created_at: Date
  trust_override: Trust | null
}

/** What trust is counted from: contributions no moderator hid or removed, and recent moderations. */
interface Standing {
  good: number
  strikes: number
}

/**
 * How far a user is trusted. A moderator's setting wins; otherwise an account is a
 * member once it is `newAccountHours` old and has `minContributions` posts and comments that no
 * moderator hid or removed, and nothing of it was moderated in the last 30 days. Trust rises by
 * itself; a moderator can lower it (or raise it early).
 */
export async function trustOf(
  db: Db,
  config: TrustConfig,
  user: TrustSubject,
  now = new Date(),
): Promise<Trust> {
  if (user.trust_override || tooNew(config, user, now)) return decided(config, user, null, now)
  const standing = await db
    .selectNoFrom(standingOf(user.id, config.minContributions, now))
    .executeTakeFirstOrThrow()
  return decided(config, user, standing, now)
}

function tooNew(config: TrustConfig, user: TrustSubject, now: Date) {
  return now.getTime() - user.created_at.getTime() < config.newAccountHours * HOUR
}

/** `trustOf`, from the user's standing (needed only without a moderator's setting, once the account is old enough). */
function decided(config: TrustConfig, user: TrustSubject, standing: Standing | null, now: Date): Trust {
  if (user.trust_override) return user.trust_override
  if (tooNew(config, user, now) || !standing) return 'new'
  return standing.good >= config.minContributions && standing.strikes === 0 ? 'member' : 'new'
}

/** The columns of `userId`'s `Standing`, for a statement of its own or one about the user. */
function standingOf(userId: string, need: number, now: Date) {
  const since = new Date(now.getTime() - 30 * 24 * HOUR)
  return [
    sql<number>`(select count(*)::int from (
      (select 1 from posts where user_id = ${userId} and moderation is null limit ${need})
      union all
      (select 1 from comments where user_id = ${userId} and moderation is null and deleted_at is null limit ${need})
    ) g)`.as('good'),
    sql<number>`(select count(*)::int from (
      (select 1 from posts where user_id = ${userId} and moderated_at > ${since} limit 1)
      union all
      (select 1 from comments where user_id = ${userId} and moderated_at > ${since} limit 1)
    ) s)`.as('strikes'),
  ]
}

/** Links in a text: Markdown links and bare addresses, each counted once. */
export function linksIn(text: string): number {
  return new Set(text.match(/\bhttps?:\/\/[^\s)<>\]]+|\bwww\.[^\s)<>\]]+/gi) ?? []).size
}

/**
 * The author's trust subject, their standing and the text of their post (title, summary,
 * content) or comment, as written now, in one query.
 */
async function authorAndText(
  db: Db,
  kind: ContentKind,
  id: string,
  authorId: string,
  config: TrustConfig,
  now: Date,
): Promise<{ user: TrustSubject; text: string; trust: Trust }> {
  const text =
    kind === 'comment'
      ? db.selectFrom('comments').select('content').where('id', '=', id)
      : db
          .selectFrom('posts')
          .select(sql<string>`concat_ws(chr(10), title, summary, content)`.as('content'))
          .where('id', '=', id)
  const {
    text: written,
    good,
    strikes,
    ...user
  } = await db
    .selectFrom('users')
    .select(['id', 'created_at', 'trust_override'])
    .select(sql<string>`coalesce((${text}), '')`.as('text'))
    .select(standingOf(authorId, config.minContributions, now))
    .where('id', '=', authorId)
    .executeTakeFirstOrThrow()
  return { user, text: written, trust: decided(config, user, { good, strikes }, now) }
}

/**
 * The limits of a new account, checked inside the transaction that writes a post or a
 * comment, after its row: a refusal rolls the whole write back. 429 says when the next one is
 * allowed; a text with more links than a new account may include answers 400.
 */
export function trustLimits(config: TrustConfig) {
  function checkLinks(user: TrustSubject, text: string, now: Date) {
    const links = linksIn(text)
    if (links <= config.newLinksPerText) return
    const lifts = new Date(user.created_at.getTime() + config.newAccountHours * HOUR)
    throw new BadRequestError('new_account_links', {
      params: { max: config.newLinksPerText, count: links },
      detail:
        `New accounts can include at most ${config.newLinksPerText} links in a text (this one has ${links}). ` +
        `The limit lifts once your account is trusted${lifts > now ? `, errors: at the earliest ${inWords(lifts)}` : ''}.`,
    })
  }

  return {
    /** After a post or comment row is written, before its transaction commits. */
    async written(db: Db, kind: ContentKind, id: string, authorId: string, now = new Date()) {
      const { user, text, trust } = await authorAndText(db, kind, id, authorId, config, now)
      if (trust === 'member') return
      checkLinks(user, text, now)
      const [limit, windowMs, what, per] =
        kind === 'post'
          ? [config.newPostsPerDay, 24 * HOUR, 'posts', 'a day']
          : [config.newCommentsPerHour, HOUR, 'comments', 'an hour']
      // This one and the ones before it in the window, newest first.
      const rows = await db
        .selectFrom(kind === 'post' ? 'posts' : 'comments')
        .select('created_at')
        .where('user_id', '=', authorId)
        .where('created_at', '>', new Date(now.getTime() - windowMs))
        .orderBy('created_at', 'desc')
        .limit(limit + 1)
        .execute()
      if (rows.length <= limit) return
      const next = new Date(rows[limit].created_at.getTime() + windowMs)
      throw new TooManyRequestsError(
        kind === 'post' ? 'new_account_posts' : 'new_account_comments',
        (next.getTime() - now.getTime()) / 1000,
        {
          params: { max: limit, at: next.toISOString() },
          detail: `New accounts can write ${limit} ${what} ${per}. You can ${kind === 'post' ? 'post' : 'comment'} again at ${inWords(next)}.`,
        },
      )
    },

    /**
     * After an edit, its `text` as edited: a new account's text keeps to the links limit. Within the
     * limit nobody's trust matters, and nothing is read (most edits: no question about the account).
     */
    async edited(db: Db, kind: ContentKind, id: string, authorId: string, text: string, now = new Date()) {
      if (linksIn(text) <= config.newLinksPerText) return
      const { user, trust } = await authorAndText(db, kind, id, authorId, config, now)
      if (trust === 'member') return
      checkLinks(user, text, now)
    },
  }
}

/** What a user may still post today: a new account's limit and what is left of it; no limit for a member. */
export async function postingAllowance(db: Db, config: TrustConfig, userId: string, now = new Date()) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'created_at', 'trust_override'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const trust = await trustOf(db, config, user, now)
  if (trust === 'member') return { trust, posts_per_day: null, posts_left: null, posts_again_at: null }
  const limit = config.newPostsPerDay
  // Counted as `written` counts them: the posts of the last 24 hours, newest first.
  const rows = await db
    .selectFrom('posts')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>', new Date(now.getTime() - 24 * HOUR))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute()
  const left = Math.max(0, limit - rows.length)
  const again = left === 0 ? new Date(rows[limit - 1].created_at.getTime() + 24 * HOUR).toISOString() : null
  return { trust, posts_per_day: limit, posts_left: left, posts_again_at: again }
}

/** New accounts' limits hold every post and comment written or edited (domain events, in their transactions). */
export function subscribeTrust(events: EventBus, config: TrustConfig) {
  const limits = trustLimits(config)
  events.inTransaction('post.published', async (trx, posts) => {
    for (const post of posts) await limits.written(trx, 'post', post.postId, post.authorId)
  })
  events.inTransaction('comment.written', async (trx, comments) => {
    for (const comment of comments) await limits.written(trx, 'comment', comment.commentId, comment.authorId)
  })
  events.inTransaction('post.edited', async (trx, edits) => {
    for (const edit of edits) await limits.edited(trx, 'post', edit.postId, edit.authorId, edit.text)
  })
  events.inTransaction('comment.edited', async (trx, edits) => {
    for (const edit of edits) await limits.edited(trx, 'comment', edit.commentId, edit.authorId, edit.text)
  })
}
