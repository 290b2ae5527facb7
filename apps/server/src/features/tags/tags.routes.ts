import { sql } from 'kysely'
import Type from 'typebox'
import type { AppContext, AppInstance } from '../../context'
import type { Db } from '../../db/index'
import { failures } from '../../http/responses'
import { openSql } from '../../policy/index'
import { normaliseTags } from '../posts/index'

const TagCount = Type.Object({ tag: Type.String(), count: Type.Integer({ minimum: 0 }) })
const TagList = Type.Object({ tags: Type.Array(TagCount) })
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

  app.get(
    '/tags',
    {
      schema: {
        tags: ['posts'],
        summary: 'Tags starting with `prefix`, most used first (autocomplete in the upload and edit forms)',
        querystring: Type.Object({
          prefix: Type.Optional(Type.String({ maxLength: 100 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
        }),
        response: { 200: TagList, ...failures(400) },
      },
    },
    async (request) => {
      const prefix = normaliseTags(request.query.prefix)[0] ?? ''
      const tags = (await allTags()).filter((entry) => entry.tag.startsWith(prefix))
      return { tags: tags.slice(0, request.query.limit ?? 10) }
    },
  )

  app.get(
    '/tags/popular',
    {
      schema: {
        tags: ['posts'],
        summary: 'The most used tags of public posts',
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }),
        response: { 200: TagList, ...failures(400) },
      },
    },
    async (request) => ({ tags: (await allTags()).slice(0, request.query.limit ?? 20) }),
  )

  app.get(
    '/tags/:name',
    {
      schema: {
        tags: ['posts'],
        summary: "A tag page's head: how many public posts carry the tag, and the tags seen with it most",
        params: Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: {
          200: Type.Object({ tag: Type.String(), count: Type.Integer(), related: Type.Array(TagCount) }),
          ...failures(400),
        },
      },
    },
    async (request) => {
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
    },
  )
}
