import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { dbMakePost, makeUser } from '../../../test/factories'
import { useTestApp } from '../../../test/harness'
import { likesStore } from './likes.store'

// A like moves the post's hot score. Since migration 0040 no index of posts holds the score, so
// the like's update of posts is heap-only (no new entry in any of posts' nine indexes, two of them
// GIN), and the Hot order's index lives in post_hot_scores, kept by a trigger.

const t = useTestApp()

describe('a like of a post', () => {
  it('is a heap-only update of posts, and moves the post in post_hot_scores', async () => {
    const db = t.database.db
    const author = await makeUser(t)
    const fan = await makeUser(t)
    const postId = await dbMakePost(t, author, {
      title: 'Interference of single photons',
      content: 'A double slit, one photon at a time, and the pattern that builds up.',
      tags: ['optics', 'quantum'],
    })
    const scores = () =>
      db
        .selectFrom('posts')
        .innerJoin('post_hot_scores', 'post_hot_scores.post_id', 'posts.id')
        .select(['posts.hot_score as post', 'post_hot_scores.hot_score as order'])
        .where('posts.id', '=', postId)
        .executeTakeFirstOrThrow()
    const before = await scores()
    expect(before.order).toBe(before.post)

    // What this transaction did to each table, before it is counted anywhere else.
    const updates = await db.transaction().execute(async (trx) => {
      const [like] = await likesStore(trx, 'post').set([{ userId: fan.id, targetId: postId }], true)
      expect(like?.changed).toBe(true)
      const { rows } = await sql<{ relname: string; n_tup_upd: string; n_tup_hot_upd: string }>`
        select relname, n_tup_upd, n_tup_hot_upd from pg_stat_xact_user_tables
        where relname in ('posts', 'post_hot_scores')`.execute(trx)
      return Object.fromEntries(
        rows.map((row) => [row.relname, { all: Number(row.n_tup_upd), heapOnly: Number(row.n_tup_hot_upd) }]),
      )
    })
    expect(updates.posts).toEqual({ all: 1, heapOnly: 1 })
    expect(updates.post_hot_scores?.all).toBe(1)

    const after = await scores()
    expect(after.order).toBe(after.post)
    expect(after.post - before.post).toBeCloseTo(Math.log10(2), 10)
  })
})
