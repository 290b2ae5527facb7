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
 * Every denormalised counter of the schema, `table.column`, keyed by `key`, and the rows it counts:
 * the rows of each `[child table, column]` naming it (a blob's references are its files in current
 * and in earlier versions, features/versions).
 */
const COUNTERS: { counter: string; key: string; counts: [string, string][] }[] = [
  { counter: 'posts.likes_count', key: 'id', counts: [['post_likes', 'post_id']] },
  { counter: 'posts.comments_count', key: 'id', counts: [['comments', 'post_id']] },
  { counter: 'comments.likes_count', key: 'id', counts: [['comment_likes', 'comment_id']] },
  { counter: 'comments.reply_count', key: 'id', counts: [['comments', 'parent_id']] },
  {
    counter: 'blobs.refs',
    key: 'cid',
    counts: [
      ['post_files', 'cid'],
      ['post_version_files', 'cid'],
    ],
  },
]

/** Every counter of COUNTERS recounted from its rows. Empty when all agree. */
export async function counterMismatches(db: Db): Promise<CounterMismatch[]> {
  const selects = COUNTERS.map(({ counter, key, counts }) => {
    const [table, column] = counter.split('.')
    const counted = counts
      .map(([child, ref]) => `(select count(*) from ${child} c where c.${ref} = t.${key})`)
      .join(' + ')
    return `select '${counter}' as counter, t.${key}::text as id, t.${column} as stored, (${counted})::int as counted from ${table} t`
  })
  const { rows } = await sql<CounterMismatch>`${sql.raw(selects.join(' union all '))}`.execute(db)
  return rows.filter((row) => Number(row.stored) !== Number(row.counted))
}

/** Posts left without any file (a post is only ever created together with its files). */
export async function postsWithoutFiles(db: Db): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select p.id::text as id from posts p where not exists (select 1 from post_files f where f.post_id = p.id)
  `.execute(db)
  return rows.map((row) => row.id)
}
