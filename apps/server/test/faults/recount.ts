import { sql } from 'kysely'
import type { Db } from '../../src/db/index'

/** One stored counter that disagrees with a recount of the rows it counts. */
export interface CounterMismatch {
  counter: string
  id: string
  stored: number
  counted: number
}

/**
 * Every denormalised counter of the schema, recounted from its rows: posts' likes and comments,
 * comments' likes and direct replies, blobs' references. Empty when all agree.
 */
export async function counterMismatches(db: Db): Promise<CounterMismatch[]> {
  const { rows } = await sql<CounterMismatch>`
    select 'posts.likes_count' as counter, p.id::text as id, p.likes_count as stored,
           (select count(*) from post_likes l where l.post_id = p.id)::int as counted
      from posts p
    union all
    select 'posts.comments_count', p.id::text, p.comments_count,
           (select count(*) from comments c where c.post_id = p.id)::int
      from posts p
    union all
    select 'comments.likes_count', c.id::text, c.likes_count,
           (select count(*) from comment_likes l where l.comment_id = c.id)::int
      from comments c
    union all
    select 'comments.reply_count', c.id::text, c.reply_count,
           (select count(*) from comments r where r.parent_id = c.id)::int
      from comments c
    union all
    select 'blobs.refs', b.cid, b.refs,
           ((select count(*) from post_files f where f.cid = b.cid)
             -- the files of earlier versions (features/versions) count too
             + (select count(*) from post_version_files v where v.cid = b.cid))::int
      from blobs b
  `.execute(db)
  return rows.filter((row) => Number(row.stored) !== Number(row.counted))
}

/** Posts left without any file (a post is only ever created together with its files). */
export async function postsWithoutFiles(db: Db): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select p.id::text as id from posts p where not exists (select 1 from post_files f where f.post_id = p.id)
  `.execute(db)
  return rows.map((row) => row.id)
}
