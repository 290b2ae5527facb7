import { type RawBuilder, sql } from 'kysely'
import { visibleSql } from '../../policy/index'

/**
 * Who may be notified of what: every notification written passes this one condition, whichever
 * writer made it (a comment, a like, a mention, a fan-out to followers, a claim). `c` names the
 * candidate row, with the columns `user_id` (recipient), `kind`, `actor_id` and `post_id`.
 *
 * - never for one's own action;
 * - nothing about a post others cannot see (private, or hidden or removed by a moderator) reaches
 *   anyone but its author (and nothing about a post that is gone: it went with its notifications);
 * - a kind the recipient turned off is not written;
 * - a recipient who blocked the actor hears nothing of them (`notBlocked`).
 */
export function deliverable(c: string): RawBuilder<boolean> {
  const col = (name: string) => sql.ref(`${c}.${name}`)
  return sql<boolean>`(
    (${col('actor_id')} is null or ${col('actor_id')} <> ${col('user_id')})
    and (${col('post_id')} is null or exists (
      select 1 from posts p where p.id = ${col('post_id')} and ${visibleSql('p', col('user_id'))}
    ))
    and not exists (
      select 1 from notification_settings s
      where s.user_id = ${col('user_id')} and ${col('kind')} = any(s.disabled)
    )
    and ${notBlocked(c)}
  )`
}

/** THE place for blocks: a user who blocked the actor is never notified of what the actor does. */
function notBlocked(c: string): RawBuilder<boolean> {
  return sql<boolean>`not exists (
    select 1 from blocks b where b.blocker_id = ${sql.ref(`${c}.user_id`)} and b.blocked_id = ${sql.ref(`${c}.actor_id`)}
  )`
}
