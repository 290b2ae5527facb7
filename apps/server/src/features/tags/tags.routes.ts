import { sql } from 'kysely'
import type { AppContext, AppInstance } from '../../context'
import type { Db } from '../../db/index'
import { serve } from '../../http/serve'
import { openSql } from '../../policy/index'
import { normaliseTags } from '../posts/index'

/**
 * How long the counts of every tag are kept in memory before they are counted again, unless a
 * content write (a post published, edited, removed or moderated) forgets them first.
 */
const COUNTS_TTL_MS = 60_000

interface TagCount {
  tag: string
  count: number
}

/** Public posts per tag, most used first (hidden, removed and private posts count for nothing). */
async function countTags(db: Db): Promise<TagCount[]> {
  const { rows } = await sql<TagCount>`
    select tag, count(*)::int as count
    from posts, unnest(posts.tags) as tag
    where ${openSql('posts')}
    group by tag order by count desc, tag
  `.execute(db)
  return rows
}

/** Tags for autocomplete, the popular list and tag pages. */
export async function tagsRoutes(app: AppInstance, ctx: AppContext) {
  let counted: { at: number; tags: Promise<TagCount[]> } | null = null
  const allTags = () => {
    if (!counted || Date.now() - counted.at > COUNTS_TTL_MS) {
      const tags = countTags(ctx.db)
      counted = { at: Date.now(), tags }
      tags.catch(() => {
        counted = null
      })
    }
    return counted.tags
  }
  // A tag just used is offered at once (in every process).
  ctx.forgetOnWrites(() => {
    counted = null
  })

  serve(app, 'GET /tags', async (request) => {
    const prefix = normaliseTags(request.query.prefix)[0] ?? ''
    const tags = (await allTags()).filter((entry) => entry.tag.startsWith(prefix))
    return { tags: tags.slice(0, request.query.limit ?? 10) }
  })

  serve(app, 'GET /tags/popular', async (request) => ({
    tags: (await allTags()).slice(0, request.query.limit ?? 20),
  }))

  serve(app, 'GET /tags/:name', async (request) => {
    const tag = normaliseTags(request.params.name)[0] ?? ''
    const { rows } = await sql<TagCount>`
      select other as tag, count(*)::int as count
      from posts, unnest(posts.tags) as other
      where posts.tags @> array[${tag}]::text[] and ${openSql('posts')}
      group by other order by count desc, other limit 11
    `.execute(ctx.db)
    const own = rows.find((row) => row.tag === tag)
    return {
      tag,
      count: own?.count ?? 0,
      related: rows.filter((row) => row.tag !== tag).slice(0, 10),
    }
  })
}
