import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import Type from 'typebox'
import type { AppContext, AppInstance } from '../../context'
import { isId } from '../../db/ids'
import type { Db } from '../../db/index'
import { NotFoundError } from '../../http/errors'
import { visibleTo } from '../../policy/index'
import { normaliseTags } from '../posts/index'
import { type PublicReview, publicReviews } from '../reviews/index'
import { type AtomEntry, toAtom } from './feeds.atom'
import { sitemapRoutes } from './feeds.sitemap'

/** Entries per feed: the newest public posts or reviews. */
const FEED_SIZE = 50
/** Characters of a review's text an entry's summary keeps. */
const REVIEW_EXCERPT = 300

interface FeedPost {
  id: string
  title: string
  summary: string
  content: string
  tags: string[]
  license: string
  doi: string
  created_at: Date
  edited_at: Date | null
  /** When its newest version of files was made. */
  versioned_at: Date | null
  user_id: string
  username: string
  nickname: string
}

type Scope = { kind: 'forum' } | { kind: 'tag'; tag: string } | { kind: 'author'; id: string }

/** The newest public posts of the forum, a tag or an author: never private, hidden or removed ones. */
function newestPublic(db: Db, scope: Scope): Promise<FeedPost[]> {
  let query = db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.user_id')
    .select([
      'posts.id',
      'posts.title',
      'posts.summary',
      'posts.content',
      'posts.tags',
      'posts.license',
      'posts.doi',
      'posts.created_at',
      'posts.edited_at',
      (eb) =>
        eb
          .selectFrom('post_versions')
          .select(({ fn }) => fn.max('post_versions.created_at').as('at'))
          .whereRef('post_versions.post_id', '=', 'posts.id')
          .as('versioned_at'),
      'posts.user_id',
      'users.username',
      'users.nickname',
    ])
    .where(visibleTo(null))
  if (scope.kind === 'tag') query = query.where(sql<boolean>`posts.tags @> array[${scope.tag}]::text[]`)
  // An author who keeps their posts private (settings.public_posts off) has an empty feed.
  if (scope.kind === 'author')
    query = query.where('posts.user_id', '=', scope.id).where('users.public_posts', '=', true)
  return query.orderBy('posts.created_at', 'desc').orderBy('posts.id', 'desc').limit(FEED_SIZE).execute()
}

/** An entry changes when its post is edited or given a new version. */
const updatedOf = (post: FeedPost) =>
  new Date(
    Math.max(
      post.created_at.getTime(),
      post.edited_at?.getTime() ?? 0,
      post.versioned_at ? new Date(post.versioned_at).getTime() : 0,
    ),
  )

/** The start of a review's text, whole characters, its spacing flattened. */
function excerptOf(text: string): string {
  const characters = [...text.replace(/\s+/g, ' ').trim()]
  return characters.length > REVIEW_EXCERPT
    ? `${characters.slice(0, REVIEW_EXCERPT).join('').trimEnd()}…`
    : characters.join('')
}

/** A strong ETag of what the feed says: its posts and when each last changed. */
function etagOf(parts: string[]): string {
  return `"${createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 27)}"`
}

/** 304 when the reader already has this version (If-None-Match), else the body. */
function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  type: string,
  body: () => string,
) {
  reply.header('etag', etag).header('cache-control', 'public, max-age=300')
  const held = request.headers['if-none-match']
  if (held && held.split(',').some((value) => value.trim() === etag || value.trim() === `W/${etag}`)) {
    return reply.status(304).send()
  }
  return reply.type(type).send(body())
}

/** Atom feeds of the forum, each tag, each author and the reviews; the sitemap and robots.txt. */
export async function feedsRoutes(app: AppInstance, ctx: AppContext) {
  const base = ctx.config.mail.publicUrl

  /** `since` dates a feed without entries; `mustHaveEntries` makes one a 404 instead. */
  async function sendFeed(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: Scope,
    feed: { title: string; self: string; page: string; since?: Date; mustHaveEntries?: boolean },
  ) {
    const posts = await newestPublic(ctx.db, scope)
    if (feed.mustHaveEntries && posts.length === 0) throw new NotFoundError('feed_not_found')
    const entries: AtomEntry[] = posts.map((post) => {
      const link = `${base}/forum/detail/${post.id}`
      return {
        id: link,
        link,
        title: post.title,
        summary: post.summary || post.content.slice(0, 300),
        updated: updatedOf(post),
        published: post.created_at,
        author: { name: post.nickname || post.username, uri: `${base}/author/${post.user_id}` },
        categories: post.tags,
        rights: post.license === 'all-rights-reserved' ? 'All rights reserved' : post.license,
      }
    })
    return sendEntries(request, reply, entries, { ...feed, rights: 'Each post carries its own licence' })
  }

  /** The feed of `entries`, dated by its newest (or `since`, else now, without any). */
  function sendEntries(
    request: FastifyRequest,
    reply: FastifyReply,
    entries: AtomEntry[],
    feed: { title: string; self: string; page: string; since?: Date; rights: string },
  ) {
    const newest = Math.max(...entries.map((entry) => entry.updated.getTime()))
    const updated = entries.length > 0 ? new Date(newest) : (feed.since ?? new Date())
    const etag = etagOf([
      feed.self,
      updated.toISOString(),
      ...entries.map((entry) => `${entry.link}:${entry.updated.toISOString()}`),
    ])
    return answer(request, reply, etag, 'application/atom+xml; charset=utf-8', () =>
      toAtom({
        id: `${base}${feed.self}`,
        title: feed.title,
        link: `${base}${feed.page}`,
        self: `${base}${feed.self}`,
        updated,
        rights: feed.rights,
        entries,
      }),
    )
  }

  app.get('/feeds/forum.atom', { schema: { hide: true } }, (request, reply) =>
    sendFeed(
      request,
      reply,
      { kind: 'forum' },
      {
        title: 'Agora — newest posts',
        self: '/feeds/forum.atom',
        page: '/forum',
      },
    ),
  )

  const reviewEntry = (review: PublicReview): AtomEntry => {
    const link = `${base}/review/${review.id}`
    return {
      id: link,
      link,
      title: `Review of “${review.post_title}”`,
      summary: excerptOf(review.summary),
      updated: review.edited_at ?? review.created_at,
      published: review.created_at,
      author: { name: review.nickname || review.username, uri: `${base}/author/${review.reviewer_id}` },
      categories: [],
      rights: '',
    }
  }

  app.get('/feeds/reviews.atom', { schema: { hide: true } }, async (request, reply) =>
    sendEntries(request, reply, (await publicReviews(ctx.db).newest(FEED_SIZE)).map(reviewEntry), {
      title: 'Agora — newest reviews',
      self: '/feeds/reviews.atom',
      page: '/forum',
      rights: 'Each review is its reviewer’s own work',
    }),
  )

  app.get(
    '/feeds/tag/:name',
    { schema: { hide: true, params: Type.Object({ name: Type.String({ maxLength: 120 }) }) } },
    (request, reply) => {
      const name = request.params.name.replace(/\.atom$/, '')
      const tag = normaliseTags(decodeURIComponent(name))[0]
      if (!tag || !request.params.name.endsWith('.atom')) throw new NotFoundError('feed_not_found')
      const self = `/feeds/tag/${encodeURIComponent(tag)}.atom`
      // A tag no public post carries has no feed, as an unknown author has none.
      return sendFeed(
        request,
        reply,
        { kind: 'tag', tag },
        { title: `Agora — #${tag}`, self, page: `/tag/${encodeURIComponent(tag)}`, mustHaveEntries: true },
      )
    },
  )

  app.get(
    '/feeds/author/:file',
    { schema: { hide: true, params: Type.Object({ file: Type.String({ maxLength: 120 }) }) } },
    async (request, reply) => {
      const id = request.params.file.replace(/\.atom$/, '')
      if (!request.params.file.endsWith('.atom') || !isId(id)) throw new NotFoundError('feed_not_found')
      const author = await ctx.db
        .selectFrom('users')
        .select(['username', 'nickname', 'created_at'])
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
      if (!author) throw new NotFoundError('feed_not_found')
      const name = author.nickname || author.username
      return sendFeed(
        request,
        reply,
        { kind: 'author', id },
        {
          title: `Agora — ${name}`,
          self: `/feeds/author/${id}.atom`,
          page: `/author/${id}`,
          since: author.created_at,
        },
      )
    },
  )

  await sitemapRoutes(app, ctx)
}
