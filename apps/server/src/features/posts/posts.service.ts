import type {
  PostDetailResponse,
  PostListItem,
  PostListQuery,
  PostListResponse,
  PostPageQuery,
  RewardNotice,
} from '@agora/contract'
import { sql } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import type { BlobStore } from '../../blobs/index'
import { isId } from '../../db/ids'
import type { Db } from '../../db/index'
import { type Cursor, offsetPage, pageLimit, parseCursor, parseMediaType, parseSort } from '../../db/paging'
import type { PostFileRow } from '../../db/schema'
import type { EventBus } from '../../events/index'
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../http/errors'
import {
  authorize,
  type ContributionGuard,
  postDeleted,
  postNotFound,
  viewerOf,
  visibleOrUnavailable,
  wasDeleted,
} from '../../policy/index'
import { enqueueAnalysis } from '../analysis/index'
import { filesService, postFileOf, type ReceivedFile, type StorageCharge } from '../files/index'
import { likesService } from '../likes/index'
import { reviewTotalsOf, totalsOf } from '../reviews/index'
import {
  prefixQuery,
  searchSources,
  searchTerms,
  snippetsOf,
  widerWindows,
  wordFrequencies,
} from '../search/index'
import { manifestCidOfKnown, versionsService } from '../versions/index'
import { postEditing } from './posts.edit'
import { followedBy, followingFeedQuery } from './posts.following'
import { hotScore } from './posts.hot'
import { listFilters } from './posts.list-filters'
import { ownPages } from './posts.own-page'
import { cursorOf, toPostDetail, toPostListItem, withSnippet } from './posts.presenters'
import { relevancePage } from './posts.relevance'
import { type PostSummaryRow, postsStore } from './posts.store'
import { type PostFields, postText, type UploadFields, validatePostFields } from './posts.validation'
import { postsForViewer } from './posts.viewer'

export { POST_NOT_FOUND } from '../../policy/index'
export const LOGIN_FOR_FOLLOWING = 'Please login to see the posts of whom you follow'

/** A settled promise's value, or its error thrown. */
function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason
  return result.value
}

/** Posts: creating them from an upload, listing, searching, reading, liking and deleting. */
export function postsService(db: Db, store: BlobStore, events: EventBus, guard: ContributionGuard) {
  const posts = postsStore(db)
  const frequencies = wordFrequencies(db)
  const windows = widerWindows(db, searchSources)
  const files = filesService(db, store)
  const likes = likesService(db, events, 'post', 'post_not_found')
  const versions = versionsService(db, store, events)

  async function withFiles(rows: PostSummaryRow[]): Promise<PostListItem[]> {
    const ids = rows.map((row) => row.id)
    const [all, reviews] = await Promise.all([posts.filesOf(ids), reviewTotalsOf(db, ids)])
    const byPost = new Map<string, PostFileRow[]>()
    for (const file of all) byPost.set(file.post_id, [...(byPost.get(file.post_id) ?? []), file])
    return rows.map((row) => toPostListItem(row, byPost.get(row.id) ?? [], totalsOf(reviews, row.id)))
  }

  const forViewer = postsForViewer(db, ownPages(db, withFiles))

  /** The post as `viewerId` sees it, with the files of `version` (features/versions; default the current one). */
  async function detail(viewerId: string | null, id: string, version?: number): Promise<PostDetailResponse> {
    if (!isId(id)) throw postNotFound()
    // The row and what goes with it are asked at once (one wait on the database, not two). The
    // row's visibility answers first: a version's own 404 would tell that a hidden post exists.
    const [found, ...rest] = await Promise.allSettled([
      posts.findPost(id),
      versions.shown(id, version, viewerId),
      posts.filesOf([id]),
      viewerId ? forViewer.marksOf(viewerId, id) : null,
    ] as const)
    const post = settled(found)
    if (!post && (await wasDeleted(db, id))) throw postDeleted()
    const row = visibleOrUnavailable(post, viewerId)
    const [shown, postFiles, marks] = [settled(rest[0]), settled(rest[1]), settled(rest[2])]
    const { files: versionFiles, ...versionFields } = shown
    const view = { ...toPostDetail(row, versionFiles ?? postFiles, marks?.liked ?? false), ...versionFields }
    // Bookmarks: a signed-in viewer learns whether they saved the post.
    return marks === null ? view : { ...view, is_saved: marks.saved }
  }

  const editing = postEditing(db, events, guard, detail)

  return {
    detail,
    /** A signed-in reader's list page and post from the shared answer (posts.viewer.ts). */
    forViewer,
    edit: editing.edit,
    revisions: editing.revisions,

    /**
     * Creates a post from staged files in one transaction: the blobs are claimed and stored, the
     * post and its file rows inserted. On any failure nothing remains: no row, no staged file, and
     * no stored bytes that no other post uses. Answers the post and what publishing earned.
     */
    async create(
      authorId: string,
      fields: UploadFields,
      received: ReceivedFile[],
      /** The author's storage quota (features/files); absent: not counted. */
      charge?: StorageCharge,
    ): Promise<{ post: PostDetailResponse; reward: RewardNotice }> {
      const discardAll = () => Promise.all(received.map((file) => file.staged.discard()))
      let post: PostFields
      try {
        post = validatePostFields(fields, received)
        await guard(db, {
          kind: 'post',
          authorId,
          text: postText(post),
        })
      } catch (error) {
        await discardAll()
        throw error
      }
      const id = uuidv7()
      let reward: RewardNotice
      try {
        // Version 1's manifest, from the CIDs and DAG sizes the upload computed (no file read again).
        const manifest = await manifestCidOfKnown(
          received.map(({ name, staged }) => ({ name, cid: staged.cid, dagSize: staged.dagSize })),
        )
        reward = await db.transaction().execute(async (trx) => {
          await filesService(trx, store).admit(received, { charge })
          await postsStore(trx).insertPost(
            { id, user_id: authorId, ...post },
            received.map(postFileOf),
            manifest,
          )
          await enqueueAnalysis(trx, id)
          const { reward = null } = await events.raise(trx, 'post.published', [
            { postId: id, authorId, visibility: post.visibility, tags: post.tags },
          ])
          return reward
        })
      } catch (error) {
        await discardAll()
        await files.collect(received.map((file) => file.staged.cid))
        throw error
      }
      return { post: await detail(authorId, id), reward }
    },

    async list(viewerId: string | null, query: PostListQuery): Promise<PostListResponse> {
      const order = parseSort(query.sort_by)
      const mediaType = parseMediaType(query.media_type)
      const limit = pageLimit(query.limit)
      const cursor = parseCursor(query)
      const terms = searchTerms(query.search)
      const q = terms.length > 0 ? prefixQuery(terms, '', await frequencies.stemsOf(terms)) : null
      // The Following feed: the viewer's own, so signed in only (posts.following.ts).
      const following = query.feed === 'following'
      if (following && !viewerId)
        throw new UnauthorizedError('login_required', { detail: LOGIN_FOR_FOLLOWING })
      // Tag, author and days: conditions on the post that its indexes answer.
      const { conditions: filters, hotBounds } = listFilters(query, viewerId)
      const conditions = [following && viewerId ? followedBy(viewerId) : null, ...filters].filter(
        (condition) => condition !== null,
      )
      const only = conditions.length > 0 ? sql<boolean>`(${sql.join(conditions, sql` and `)})` : null
      const within = filters.length > 0 ? sql<boolean>`(${sql.join(filters, sql` and `)})` : null
      const byRelevance = q !== null && order.isDefault
      const [inTables, windowStarts] = await Promise.all([
        q ? frequencies.of(terms) : undefined,
        byRelevance ? windows.of() : undefined,
      ])
      const filter = {
        viewerId,
        mediaType,
        query: q,
        sources: searchSources,
        only,
        within,
        hotBounds,
        frequencies: inTables,
        windowStarts,
      }

      const unfilled =
        (byRelevance && cursor?.rank === null) ||
        (order.key === 'hot' && cursor?.hot === null) ||
        (order.key === 'rating' && cursor !== null && cursor.rating == null)
      if (cursor && unfilled) {
        await fillCursor(cursor, byRelevance ? q : null)
      }
      const rows = byRelevance
        ? await relevancePage(db, filter, cursor, limit + 1)
        : following && viewerId && q === null && filters.length === 0
          ? await followingFeedQuery(db, viewerId, order, cursor, mediaType, limit + 1).execute()
          : await posts.listInOrder(filter, order, cursor, limit + 1)
      const page = rows.slice(0, limit)
      const hasNext = rows.length > limit
      // Where each card matched: only for the page's rows, after paging (search.snippets.ts),
      // beside the files' query rather than after it.
      const [items, snippets] = await Promise.all([withFiles(page), q ? snippetsOf(db, terms, page) : null])
      return {
        items: snippets ? items.map((item) => withSnippet(item, snippets.get(item.id))) : items,
        has_next: hasNext,
        next_cursor: hasNext ? cursorOf(page[page.length - 1]) : null,
      }
    },

    /** Sets the viewer's like (`action`), or toggles it without one (likes/: the same as a comment's). */
    like: (viewerId: string, id: string, action?: 'like' | 'unlike') => likes.like(viewerId, id, action),

    /** Deletes a post of the viewer's with its likes and comments, then the files nothing else uses. */
    async remove(viewerId: string, id: string) {
      if (!isId(id)) throw new NotFoundError('post_not_found')
      const cids = await db.transaction().execute(async (trx) => {
        const store = postsStore(trx)
        const post = authorize(viewerOf(viewerId), 'post.delete', await store.lockPost(id))
        await events.raise(trx, 'post.removed', [{ postId: id, authorId: post.user_id, removedBy: viewerId }])
        return store.deletePost(id)
      })
      await files.collect(cids)
    },

    /**
     * One author's posts, by skip/limit. Someone who keeps their posts private (settings.public_posts
     * off) shows them to nobody else: the server withholds them (architecture.md §4).
     */
    async byAuthor(viewerId: string | null, authorId: string, query: PostPageQuery): Promise<PostListItem[]> {
      const author = isId(authorId) ? await posts.findUser(authorId) : undefined
      if (!author) throw new NotFoundError('user_not_found')
      if (!author.public_posts && viewerId !== authorId) throw new ForbiddenError('author_posts_private')
      return withFiles(await posts.listByAuthor(authorId, { ...offsetPage(query), viewerId }))
    },

    /** The posts a user liked (that the viewer may see), newest like first by default. */
    async likedBy(viewerId: string | null, userId: string, query: PostPageQuery): Promise<PostListItem[]> {
      const user = isId(userId) ? await posts.findUser(userId) : undefined
      if (!user) throw new NotFoundError('user_not_found')
      return withFiles(await posts.listMarkedBy('post_likes', userId, { ...offsetPage(query), viewerId }))
    },

    /** The posts the viewer saved (bookmarks/) that they may still see, newest save first by default. */
    async savedBy(viewerId: string, query: PostPageQuery): Promise<PostListItem[]> {
      return withFiles(await posts.listMarkedBy('bookmarks', viewerId, { ...offsetPage(query), viewerId }))
    },
  }

  /**
   * A cursor from the spec's last_id/last_created_at/last_likes has no hot score or rank: take
   * them from the post it names (or, when it is gone, compute the hot score from what it gave).
   */
  async function fillCursor(cursor: Cursor, q: ReturnType<typeof prefixQuery> | null) {
    const current = await posts.cursorValuesOf(cursor.id, q)
    cursor.hot ??= current?.hot_score ?? hotScore(cursor.likes, 0, cursor.createdAt)
    if (q) cursor.rank ??= current?.rank ?? 0
    // An unreviewed post's cursor gives no rating: it stands among the unreviewed, last.
    cursor.rating ??= current?.rating ?? null
  }
}
export type PostsService = ReturnType<typeof postsService>
