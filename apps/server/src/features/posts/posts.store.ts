import type { PinStatus } from '@agora/contract'
import { type RawBuilder, sql } from 'kysely'
import type { Db } from '../../db/index'
import type { Cursor, OffsetPage, Order } from '../../db/paging'
import { cidsOfPosts } from '../../db/post-files'
import type { NewPost, PostFileRow, PostFilesTable } from '../../db/schema'
import { readPostAccess, visibleTo } from '../../policy/index'
import { ratingMeanSql } from '../reviews/index'
import {
  type Frequency,
  fewMatches,
  type SearchedTable,
  type SearchSource,
  type WindowStarts,
} from '../search/index'
import { recordFirstVersion } from '../versions/index'

/** What a list card needs of a post and its author (never the whole content). */
export interface PostSummaryRow {
  id: string
  user_id: string
  title: string
  summary: string
  /** The first characters of the content, for a preview when there is no summary. */
  content_head: string
  tldr: string | null
  tags: string[]
  visibility: 'public' | 'private'
  media_type: string
  likes_count: number
  comments_count: number
  hot_score: number
  created_at: Date
  username: string
  /** The author's display name ('' when they gave none). */
  nickname: string
  avatar: string
  matched_comment_id: string | null
  rank: number | null
  /** Its mean rating, on a page in the `rating_desc` order. */
  rating?: number | null
}

export interface PostDetailRow
  extends Omit<PostSummaryRow, 'content_head' | 'tldr' | 'matched_comment_id' | 'rank'> {
  content: string
  ai_analysis: string
  license: string
  doi: string
  /** The author's display name and ORCID iD, for citations. */
  nickname: string
  orcid: string
  revision: number
  edited_at: Date | null
  edited_by: string | null
  moderation: 'hidden' | 'removed' | null
  moderation_reason: string
  moderated_at: Date | null
  review_requested_at: Date | null
}

/** A page of a profile's list, by offset, as `viewerId` may see it. */
export interface ViewerPage extends OffsetPage {
  viewerId: string | null
}

export interface ListFilter {
  viewerId: string | null
  mediaType: string | null
  /** The tsquery of a search, or null. */
  query: RawBuilder<unknown> | null
  sources: SearchSource[]
  /** Only posts that also meet this condition (the Following feed's, posts.following.ts), or all. */
  only?: RawBuilder<boolean> | null
  /**
   * The list's own filters (tag, author, days) alone: relevance candidates of the posts are
   * drawn from the posts that meet them, so a narrow filter still finds its older matches.
   */
  within?: RawBuilder<boolean> | null
  /** How common the search's words are in each source's table (search/ `wordFrequencies`), when known. */
  frequencies?: Partial<Record<SearchedTable, Frequency | null>>
  /** Where each source's windows start (search/ `widerWindows`), for a search by relevance. */
  windowStarts?: Partial<Record<SearchedTable, WindowStarts | null>>
  /** Conditions on `post_hot_scores` a list in the Hot order adds (posts.list-filters.ts `hotBounds`). */
  hotBounds?: RawBuilder<boolean>[]
}

export const summaryColumns = [
  'posts.id',
  'posts.user_id',
  'posts.title',
  'posts.summary',
  'posts.tags',
  'posts.visibility',
  'posts.media_type',
  'posts.likes_count',
  'posts.comments_count',
  'posts.hot_score',
  'posts.created_at',
  'users.username',
  'users.nickname',
  'users.avatar',
] as const

/** Where a post stands with the moderators (features/moderation). */
const moderationColumns = [
  'posts.moderation',
  'posts.moderation_reason',
  'posts.moderated_at',
  'posts.review_requested_at',
] as const

/**
 * What a card previews besides the summary: the first characters of the content, and the analysis's
 * TLDR read out of its JSON only for a post whose analysis has one.
 */
export const previewColumns = [
  sql<string>`left(posts.content, 400)`.as('content_head'),
  sql<
    string | null
  >`case when posts.ai_analysis like '%"tldr"%' then posts.ai_analysis::jsonb ->> 'tldr' end`.as('tldr'),
] as const

/**
 * Where a post on a page of search results matched: the first source that matches it says (null
 * for the post itself). The row matched one of them (the list's condition), so the last source is
 * asked without checking that it matches: its `matchedCommentId` is the check. (Checking it with
 * `matches`, an EXISTS over comments, let PostgreSQL hash every matching comment of the forum for
 * a page of 20: 1.3 s for a word in half of 100k posts.)
 */
function matchedCommentId(sources: SearchSource[], q: RawBuilder<unknown>) {
  const last = sources[sources.length - 1]
  const checked = sources
    .slice(0, -1)
    .map((source) => sql`when ${source.matches(q)} then ${source.matchedCommentId(q)}`)
  return sql<string | null>`case ${sql.join([...checked, sql`else ${last.matchedCommentId(q)}`], sql` `)} end`
}

function orderColumn(order: Order) {
  return order.key === 'hot' ? sql.ref('posts.hot_score') : sql.ref('posts.created_at')
}

function cursorValue(order: Order, cursor: Cursor) {
  const createdAt = sql`${cursor.createdAt.toISOString()}::timestamptz`
  if (order.key === 'rating') return sql`${cursor.rating ?? -1}::float8, ${createdAt}`
  return order.key === 'hot' ? sql`${cursor.hot}::float8` : createdAt
}

export function postsStore(db: Db) {
  /** Cards of the posts the page's viewer may see, of its media type, for a page by offset. */
  const offsetCards = (page: ViewerPage) => {
    let select = db
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.user_id')
      .select([...summaryColumns, ...previewColumns])
      .select([sql<null>`null::uuid`.as('matched_comment_id'), sql<null>`null::float8`.as('rank')])
      .where(visibleTo(page.viewerId))
      .offset(page.skip)
      .limit(page.limit)
    if (page.mediaType) select = select.where('posts.media_type', '=', page.mediaType)
    return select
  }

  return {
    /** The post, its files, and version 1 with the manifest of those files (null for none). */
    async insertPost(post: NewPost, files: Omit<PostFilesTable, 'post_id'>[], manifestCid: string | null) {
      await db.insertInto('posts').values(post).execute()
      if (files.length > 0) {
        await db
          .insertInto('post_files')
          .values(files.map((file) => ({ ...file, post_id: post.id })))
          .execute()
      }
      // Its files are version 1 (features/versions).
      await recordFirstVersion(db, post.id, post.user_id, manifestCid)
    },

    /**
     * One page in an explicit order (created or hot, either way), on the matching index: the cost
     * does not grow with the page number. With a search, every match is reachable. The Hot order
     * walks `post_hot_scores` (migration 0040), the Recent order posts_recent_idx.
     */
    listInOrder(
      filter: ListFilter,
      order: Order,
      cursor: Cursor | null,
      limit: number,
    ): Promise<PostSummaryRow[]> {
      const { query: q, sources } = filter
      const comparison = order.direction === 'desc' ? sql`<` : sql`>`
      const hot = order.key === 'hot'
      const rating = order.key === 'rating'
      // By rating: unreviewed posts (no mean) after every rated one, then newest first.
      const keys = hot
        ? [sql.ref('post_hot_scores.hot_score'), sql.ref('post_hot_scores.post_id')]
        : rating
          ? [sql`coalesce(${ratingMeanSql('posts')}, -1)`, sql.ref('posts.created_at'), sql.ref('posts.id')]
          : [sql.ref('posts.created_at'), sql.ref('posts.id')]
      let select = db
        .selectFrom('posts')
        .innerJoin('users', 'users.id', 'posts.user_id')
        .select([...summaryColumns, ...previewColumns])
        .select(
          q
            ? matchedCommentId(sources, q).as('matched_comment_id')
            : sql<string | null>`null::uuid`.as('matched_comment_id'),
        )
        .select(sql<number | null>`null::float8`.as('rank'))
        .$if(rating, (qb) => qb.select(ratingMeanSql('posts').as('rating')))
        .where(visibleTo(filter.viewerId))
      if (filter.mediaType) select = select.where('posts.media_type', '=', filter.mediaType)
      if (q && fewMatches(filter.frequencies)) {
        const matching = sql.join(
          sources.map((source) => source.matchingPosts(q)),
          sql` union all `,
        )
        select = select.where(sql<boolean>`posts.id in (select m.post_id from (${matching}) m)`)
      } else if (q) {
        select = select.where((eb) => eb.or(sources.map((source) => source.matches(q))))
      }
      if (filter.only) select = select.where(filter.only)
      if (hot) {
        select = select.innerJoin('post_hot_scores', 'post_hot_scores.post_id', 'posts.id')
        for (const bound of filter.hotBounds ?? []) select = select.where(bound)
      }
      if (cursor) {
        select = select.where(
          sql<boolean>`(${sql.join(keys)}) ${comparison} (${cursorValue(order, cursor)}, ${cursor.id}::uuid)`,
        )
      }
      return keys
        .reduce((ordered, key) => ordered.orderBy(key, order.direction), select)
        .limit(limit)
        .execute()
    },

    /** The current hot score and search rank of a post, to resume a page from a cursor without them. */
    async cursorValuesOf(id: string, q: RawBuilder<unknown> | null) {
      return db
        .selectFrom('posts')
        .select(['hot_score'])
        .select(
          q ? sql<number>`ts_rank(posts.search, ${q}, 1)::float8`.as('rank') : sql<null>`null`.as('rank'),
        )
        .select(ratingMeanSql('posts').as('rating'))
        .where('id', '=', id)
        .executeTakeFirst()
    },

    /** A page of one author's posts, by offset (the profile lists page by skip). */
    listByAuthor(authorId: string, page: ViewerPage): Promise<PostSummaryRow[]> {
      const { order } = page
      return offsetCards(page)
        .where('posts.user_id', '=', authorId)
        .orderBy(orderColumn(order), order.direction)
        .orderBy('posts.id', order.direction)
        .execute()
    },

    /**
     * A page of the posts a user liked (`post_likes`) or saved (`bookmarks`): by the time of the
     * like or the save for the default order.
     */
    listMarkedBy(
      marks: 'post_likes' | 'bookmarks',
      userId: string,
      page: ViewerPage,
    ): Promise<PostSummaryRow[]> {
      const { order } = page
      const byMarkTime = order.isDefault || order.key === 'created'
      // Both tables hold (user_id, post_id, created_at); Kysely types the join by one of them.
      const mark = `${marks} as mark` as 'bookmarks as mark'
      return offsetCards(page)
        .innerJoin(mark, 'mark.post_id', 'posts.id')
        .where('mark.user_id', '=', userId)
        .orderBy(byMarkTime ? 'mark.created_at' : 'posts.hot_score', order.direction)
        .orderBy('posts.id', order.direction)
        .execute()
    },

    findPost(id: string): Promise<PostDetailRow | undefined> {
      return db
        .selectFrom('posts')
        .innerJoin('users', 'users.id', 'posts.user_id')
        .select([
          ...summaryColumns,
          'posts.content',
          'posts.ai_analysis',
          'posts.license',
          'posts.doi',
          'users.nickname',
          'users.orcid',
          'posts.revision',
          'posts.edited_at',
          'posts.edited_by',
          ...moderationColumns,
        ])
        .where('posts.id', '=', id)
        .executeTakeFirst()
    },

    /**
     * The posts' files in order, each saying whether the analysis drew its first page
     * and where its pin on the IPFS network stands (features/pinning; null: never queued).
     */
    filesOf(
      postIds: string[],
    ): Promise<(PostFileRow & { has_thumbnail: boolean; pin_status: PinStatus | null })[]> {
      if (postIds.length === 0) return Promise.resolve([])
      return db
        .selectFrom('post_files')
        .leftJoin('blob_thumbnails', 'blob_thumbnails.cid', 'post_files.cid')
        .leftJoin('ipfs_pins', 'ipfs_pins.cid', 'post_files.cid')
        .selectAll('post_files')
        .select(sql<boolean>`blob_thumbnails.cid is not null`.as('has_thumbnail'))
        .select('ipfs_pins.status as pin_status')
        .where('post_id', 'in', postIds)
        .orderBy('post_id')
        .orderBy('position')
        .execute()
    },

    /** Locks a post row for the rest of the transaction (a deletion waits for likes and comments of the post in progress). */
    lockPost(id: string) {
      return readPostAccess(db, id, { lock: true })
    },

    /** Deletes a post (its files, likes and comments go with it) and answers the CIDs it used. */
    async deletePost(id: string): Promise<string[]> {
      const cids = await cidsOfPosts(db, [id])
      await db.deleteFrom('posts').where('id', '=', id).execute()
      return cids
    },

    findUser(id: string) {
      return db.selectFrom('users').select(['id', 'public_posts']).where('id', '=', id).executeTakeFirst()
    },
  }
}
export type PostsStore = ReturnType<typeof postsStore>
