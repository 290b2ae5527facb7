import { sql } from 'kysely'
import type { Db } from '../../db/index'
import { type CommentsContext, commentsService } from './comments.service'

/** A demo comment and the replies below it. `hoursAfter` counts from the post's creation. */
export interface DemoComment {
  by: string
  text: string
  hoursAfter: number
  likedBy?: string[]
  replies?: DemoComment[]
}

/** Discussion under the demo posts (keyed by post title), three levels deep in places. */
export const DEMO_COMMENTS: Record<string, DemoComment[]> = {
  'Activation map from a visual-cortex fMRI session': [
    {
      by: 'mira_chen',
      text: 'Beautiful map. Is the hotspot around MT+ thresholded at the cluster level or voxelwise?',
      hoursAfter: 1,
      likedBy: ['ada_lab', 'tomas_k'],
      replies: [
        {
          by: 'ada_lab',
          text: 'Cluster-level, **p < 0.05 FWE** with a cluster-forming threshold of z > 3.1.',
          hoursAfter: 1.5,
          likedBy: ['mira_chen'],
          replies: [
            {
              by: 'tomas_k',
              text: 'With z > 3.1 you should be safe from the inflated false positives Eklund et al. reported.',
              hoursAfter: 2,
              replies: [
                {
                  by: 'ada_lab',
                  text: 'That was exactly why we moved up from 2.3. The 3.1 maps look almost identical here.',
                  hoursAfter: 2.5,
                },
              ],
            },
          ],
        },
        {
          by: 'noor_audio',
          text: 'Would you share the motion-localiser stimulus? We want to run the same block design.',
          hoursAfter: 3,
        },
      ],
    },
    {
      by: 'tomas_k',
      text: 'How many runs per subject went into this one?',
      hoursAfter: 4,
      replies: [{ by: 'ada_lab', text: 'Four runs of 5 minutes each, one subject.', hoursAfter: 4.5 }],
    },
  ],
  'Preprint: sparse attention for protein contact prediction': [
    {
      by: 'ada_lab',
      text: 'How does the sparse pattern compare with full attention on long chains (>1000 residues)?',
      hoursAfter: 3,
      likedBy: ['mira_chen', 'noor_audio'],
      replies: [
        {
          by: 'mira_chen',
          text: 'Precision@L/5 drops by about 1.2 points, but memory goes from quadratic to roughly linear. Table 3 has the numbers.',
          hoursAfter: 5,
          likedBy: ['ada_lab', 'tomas_k'],
        },
      ],
    },
  ],
  'Zooming into the Mandelbrot set (Seahorse Valley)': [
    {
      by: 'noor_audio',
      text: 'What precision did you need for the deepest frame? Doubles give out surprisingly early.',
      hoursAfter: 2,
      replies: [
        {
          by: 'tomas_k',
          text: 'Doubles were enough for this zoom (about 1e-10). Past 1e-14 you need perturbation theory or arbitrary precision.',
          hoursAfter: 3,
          likedBy: ['noor_audio'],
        },
      ],
    },
  ],
  'Equal temperament vs just intonation: can you hear the beating?': [
    {
      by: 'ada_lab',
      text: 'The major third is the giveaway for me: the equal-tempered one shimmers at a few beats per second.',
      hoursAfter: 6,
      likedBy: ['noor_audio'],
      replies: [
        {
          by: 'noor_audio',
          text: 'Right: at A4 the tempered third is about 14 cents sharp, which gives roughly 10 beats per second between the partials.',
          hoursAfter: 8,
        },
      ],
    },
  ],
  'Open questions in the reproducibility of ML papers': [
    {
      by: 'tomas_k',
      text: 'I would add: report the variance over seeds, not only the best run.',
      hoursAfter: 10,
      likedBy: ['ada_lab', 'mira_chen', 'noor_audio'],
    },
  ],
}

/**
 * Adds the demo discussion through the comments service (so every counter is kept as in real use),
 * then spreads the comments over the hours after their post. Posts and users are looked up by the
 * demo post title and username; a missing one is skipped. Answers how many comments were made.
 */
export async function seedDemoComments(
  ctx: CommentsContext,
  userIds: ReadonlyMap<string, string>,
  postIds: ReadonlyMap<string, string>,
): Promise<number> {
  const { db } = ctx
  const comments = commentsService(db, ctx.events, ctx.guard)
  let made = 0

  async function add(postId: string, postTime: number, item: DemoComment, parentId: string | null) {
    const authorId = userIds.get(item.by)
    if (!authorId) return
    const created = await comments.create(authorId, { postId, content: item.text, parentId })
    made += 1
    const at = new Date(Math.min(postTime + item.hoursAfter * 3600_000, Date.now() - 60_000))
    await sql`update comments set created_at = ${at.toISOString()}::timestamptz where id = ${created._id}`.execute(
      db,
    )
    for (const liker of item.likedBy ?? []) {
      const likerId = userIds.get(liker)
      if (likerId) await comments.like(likerId, created._id, 'like')
    }
    for (const reply of item.replies ?? []) await add(postId, postTime, reply, created._id)
  }

  for (const [title, thread] of Object.entries(DEMO_COMMENTS)) {
    const postId = postIds.get(title)
    if (!postId) continue
    const post = await db.selectFrom('posts').select('created_at').where('id', '=', postId).executeTakeFirst()
    if (!post) continue
    for (const item of thread) await add(postId, post.created_at.getTime(), item, null)
  }
  return made
}
