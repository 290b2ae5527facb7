import { sql } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import type { Db } from '../../db/index'
import type { Thumbnail } from './extract.thumbnail'

/** A claimed job: `attempts` is this claim's fencing token. */
export interface ClaimedJob {
  id: string
  post_id: string
  attempts: number
}

export interface PostForAnalysis {
  user_id: string
  visibility: 'public' | 'private'
  moderation: 'hidden' | 'removed' | null
  title: string
  summary: string
  content: string
  ai_instruction: string
  /** The author's own tags: the analysis lists them first. */
  tags: string[]
}

export function analysisStore(db: Db) {
  return {
    /**
     * The statement that queues an analysis of the post, not yet run: a caller that writes the
     * post's row anyway runs it inside its own statement (`with job as (…) update posts …`, one
     * round trip). A job already waiting for the post is reused (and made due now, with fresh
     * attempts), so repeated edits or re-runs queue one analysis, not many.
     */
    jobInsert(postId: string) {
      return db
        .insertInto('analysis_jobs')
        .values({ id: uuidv7(), post_id: postId })
        .onConflict((conflict) =>
          conflict
            .column('post_id')
            // A literal, not a parameter: the partial unique index is inferred from it, also in a generic plan.
            .where('status', '=', sql.lit('queued'))
            .doUpdateSet({ run_after: sql`now()`, attempts: 0, last_error: null, updated_at: sql`now()` }),
        )
        .returning('id')
    },

    /** Queues an analysis of the post (`jobInsert`) and sets the post's analysis to `pending`, in one statement. */
    async enqueue(postId: string, pending: string): Promise<void> {
      await db
        .with('job', () => this.jobInsert(postId))
        .updateTable('posts')
        .set({ ai_analysis: pending })
        .where('id', '=', postId)
        .execute()
    },

    /**
     * Takes the next due job: a queued one whose time has come, or a running one whose lease ran
     * out (its process died). `FOR UPDATE SKIP LOCKED` lets any number of workers claim at once
     * without ever taking the same job; a post whose analysis is running (lease alive) waits.
     * Fair between authors (one user's many heavy files must not hold the queue): the job of the
     * author with the fewest analyses running goes first, then of the author served least recently
     * (their last claim the oldest, or none), and only then the oldest job — round-robin by author.
     */
    async claim(leaseSeconds: number): Promise<ClaimedJob | null> {
      const { rows } = await sql<ClaimedJob>`
        update analysis_jobs
        set status = 'running',
            attempts = attempts + 1,
            lease_until = now() + make_interval(secs => ${leaseSeconds}),
            updated_at = now()
        where id = (
          select j.id from analysis_jobs j
          join posts p on p.id = j.post_id
          where ((j.status = 'queued' and j.run_after <= now())
              or (j.status = 'running' and j.lease_until < now()))
            and not exists (
              select 1 from analysis_jobs other
              where other.post_id = j.post_id and other.id <> j.id
                and other.status = 'running' and other.lease_until >= now()
            )
          order by
            (select count(*) from analysis_jobs r join posts rp on rp.id = r.post_id
              where rp.user_id = p.user_id and r.status = 'running' and r.lease_until >= now()),
            (select max(s.updated_at) from analysis_jobs s join posts sp on sp.id = s.post_id
              where sp.user_id = p.user_id and s.attempts > 0) nulls first,
            j.run_after, j.id
          limit 1
          for update of j skip locked
        )
        returning id, post_id, attempts
      `.execute(db)
      return rows[0] ?? null
    },

    /** Ends the claim `job` as done or failed; false when the claim is no longer current (lease lost). */
    async finish(job: ClaimedJob, status: 'done' | 'failed', error: string | null): Promise<boolean> {
      const result = await db
        .updateTable('analysis_jobs')
        .set({
          status,
          last_error: error,
          lease_until: null,
          finished_at: sql`now()`,
          updated_at: sql`now()`,
        })
        .where('id', '=', job.id)
        .where('attempts', '=', job.attempts)
        .where('status', '=', 'running')
        .executeTakeFirst()
      if (result.numUpdatedRows === 0n) return false
      // The latest finished job of a post is its record; older ones have nothing more to say.
      await db
        .deleteFrom('analysis_jobs')
        .where('post_id', '=', job.post_id)
        .where('status', 'in', ['done', 'failed'])
        .where('id', '<>', job.id)
        .execute()
      return true
    },

    /**
     * Hands the claim `job` back to the queue at once, lease cleared, for another process (this one
     * is stopping). Its attempt still counts. False when the claim is no longer current.
     */
    async release(job: ClaimedJob): Promise<boolean> {
      const result = await db
        .updateTable('analysis_jobs')
        .set({ status: 'queued', run_after: sql`now()`, lease_until: null, updated_at: sql`now()` })
        .where('id', '=', job.id)
        .where('attempts', '=', job.attempts)
        .where('status', '=', 'running')
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },

    /** Puts the claim back in the queue to run again after `delaySeconds`. */
    async retryLater(job: ClaimedJob, delaySeconds: number, error: string): Promise<boolean> {
      const result = await db
        .updateTable('analysis_jobs')
        .set({
          status: 'queued',
          run_after: sql`now() + make_interval(secs => ${delaySeconds})`,
          lease_until: null,
          last_error: error,
          updated_at: sql`now()`,
        })
        .where('id', '=', job.id)
        .where('attempts', '=', job.attempts)
        .where('status', '=', 'running')
        // A newer request for the post may already wait in the queue: then that one carries on.
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('analysis_jobs as waiting')
                .select('waiting.id')
                .whereRef('waiting.post_id', '=', 'analysis_jobs.post_id')
                .where('waiting.status', '=', 'queued'),
            ),
          ),
        )
        .executeTakeFirst()
      if (result.numUpdatedRows > 0n) return true
      return this.finish(job, 'failed', error)
    },

    async jobsOf(postId: string) {
      return db.selectFrom('analysis_jobs').selectAll().where('post_id', '=', postId).orderBy('id').execute()
    },

    async findPost(postId: string): Promise<PostForAnalysis | null> {
      const row = await db
        .selectFrom('posts')
        .select([
          'user_id',
          'visibility',
          'moderation',
          'title',
          'summary',
          'content',
          'ai_instruction',
          'tags',
        ])
        .where('id', '=', postId)
        .executeTakeFirst()
      return row ?? null
    },

    async filesOf(postId: string) {
      return db
        .selectFrom('post_files')
        .select(['cid', 'name', 'mime', 'size', 'kind'])
        .where('post_id', '=', postId)
        .orderBy('position')
        .execute()
    },

    async setAnalysis(postId: string, analysis: string): Promise<void> {
      await db.updateTable('posts').set({ ai_analysis: analysis }).where('id', '=', postId).execute()
    },

    /** Posts besides this one, and how many of them have each phrase. */
    async termFrequencies(postId: string, terms: string[]) {
      const posts = await db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('id', '<>', postId)
        .executeTakeFirstOrThrow()
      const frequency = new Map<string, number>()
      if (terms.length > 0) {
        const rows = await db
          .selectFrom('analysis_post_terms')
          .select(['term', (eb) => eb.fn.countAll<number>().as('count')])
          .where('term', 'in', terms)
          .where('post_id', '<>', postId)
          .groupBy('term')
          .execute()
        for (const row of rows) frequency.set(row.term, Number(row.count))
      }
      return { documents: Number(posts.count), frequency }
    },

    /** Keeps the first drawing of a file: the same bytes always draw the same page. */
    async saveThumbnail(cid: string, thumbnail: Thumbnail): Promise<void> {
      await db
        .insertInto('blob_thumbnails')
        .values({
          cid,
          image: thumbnail.image,
          mime: thumbnail.mime,
          width: thumbnail.width,
          height: thumbnail.height,
        })
        .onConflict((conflict) => conflict.column('cid').doNothing())
        .execute()
    },

    /**
     * A PDF's number of pages, kept with its bytes: a passage anchored past the last page is refused
     * (comments.anchors). The same bytes always have the same pages: a count once known stays.
     */
    async savePageCount(cid: string, pages: number): Promise<void> {
      await db
        .updateTable('blobs')
        .set({ page_count: pages })
        .where('cid', '=', cid)
        .where('page_count', 'is', null)
        .execute()
    },

    /** A stored file's first-page picture, if one was drawn. */
    thumbnail(cid: string) {
      return db
        .selectFrom('blob_thumbnails')
        .select(['image', 'mime', 'width', 'height'])
        .where('cid', '=', cid)
        .executeTakeFirst()
    },

    async replaceTerms(postId: string, terms: string[]): Promise<void> {
      await db.deleteFrom('analysis_post_terms').where('post_id', '=', postId).execute()
      if (terms.length === 0) return
      await db
        .insertInto('analysis_post_terms')
        .values([...new Set(terms)].map((term) => ({ post_id: postId, term })))
        .execute()
    },
  }
}
