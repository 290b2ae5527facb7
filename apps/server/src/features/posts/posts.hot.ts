/**
 * Hot rank.
 *
 *   hot_score = log10(1 + likes + 2 × comments) + created_at (in seconds since 1970) / 86 400
 *
 * Lemmy divides a log of the score by a power of the age — (hours + 2)^1.8 — and Discourse divides
 * by a power of the age as well; both must then recompute every recent row on a timer, because the
 * score of a post changes as time passes even when nobody touches it. Taking the log of such a
 * ratio shows the way out (Reddit's): with an exponential decay, log(engagement / 10^(age/τ)) =
 * log(engagement) + created/τ − now/τ, and the last term is the same for every post, so it can be
 * dropped without changing the order. What is left depends only on the post, changes only when its
 * likes or comments change, and can therefore be stored and indexed like any other column.
 *
 * Read it as: ten times the engagement is worth being one day (τ = 86 400 s) newer. A comment
 * counts double a like (it costs more effort, as in Discourse's weighting of replies). The log
 * makes the first likes matter most; the +1 lets a post with no engagement rank by its age alone.
 * The database keeps the column (trigger `posts_hot_score`, migration 0002); this function is the
 * same formula for code that needs it without a row, e.g. a cursor that names a deleted post.
 */
export const HOT_DECAY_SECONDS = 86_400
export const HOT_COMMENT_WEIGHT = 2

export function hotScore(likes: number, comments: number, createdAt: Date): number {
  const engagement = Math.max(1, 1 + likes + HOT_COMMENT_WEIGHT * comments)
  return Math.log10(engagement) + createdAt.getTime() / 1000 / HOT_DECAY_SECONDS
}
