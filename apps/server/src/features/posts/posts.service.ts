import {
  MEDIA_TYPES,
  type MediaItem,
  POST_AI_INSTRUCTION_MAX,
  POST_CONTENT_MAX,
  POST_SUMMARY_MAX,
  POST_TAG_MAX_LENGTH,
  POST_TAGS_MAX,
  POST_TITLE_MAX,
  type PostCursor,
  type PostDetailResponse,
  type PostLikeResponse,
  type PostListItem,
  type PostListQuery,
  type PostListResponse,
  type PostPageQuery,
  type RewardNotice,
} from '@agora/contract'
import DataLoader from 'dataloader'
import { validate as isUuid, v7 as uuidv7 } from 'uuid'
import type { BlobStore } from '../../blobs/index'
import type { RewardsConfig } from '../../config'
import type { Db } from '../../db/index'
import type { PostFileRow } from '../../db/schema'
import { BadRequestError, type FieldError, ForbiddenError, NotFoundError } from '../../http/errors'
import { enqueueAnalysis } from '../analysis/analysis.service'
import { fileUrl } from '../files/file-types'
import { filesService } from '../files/files.service'
import type { ReceivedFile } from '../files/files.upload'
import { rewardsLedger } from '../rewards/rewards.service'
import { hotScore } from './posts.hot'
import { type Cursor, pageLimit, parseCursor, parseMediaType, parseSort } from './posts.paging'
import { prefixQuery, searchSources, searchTerms } from './posts.search'
import { type PostDetailRow, type PostSummaryRow, type PostsStore, postsStore } from './posts.store'

export const POST_NOT_FOUND = 'Post not found'
export const ONLY_AUTHOR_DELETES = 'Only the post author can delete this post'

/** A like of a post by a user: what a batch of likes is made of. */
interface Like {
  userId: string
  postId: string
}

/** The text fields of an upload, as they arrive (all strings, all optional). */
export type UploadFields = Partial<
  Record<
    'title' | 'summary' | 'description' | 'content' | 'tags' | 'media_type' | 'ai_instruction' | 'visibility',
    string
  >
>

/** Tags as the spec's comma-separated field gives them: trimmed, lower-cased, de-duplicated, no '#'. */
export function normaliseTags(raw: string | undefined): string[] {
  const tags = (raw ?? '')
    .split(/[,，、]/)
    .map((tag) => tag.trim().replace(/^#+/, '').replace(/\s+/g, ' ').toLowerCase())
    .filter(Boolean)
  return [...new Set(tags)]
}

function validatePostFields(fields: UploadFields, files: ReceivedFile[]) {
  const problems: FieldError[] = []
  const title = (fields.title ?? '').trim()
  if (!title) problems.push({ field: 'title', message: 'Title is required' })
  else if (title.length > POST_TITLE_MAX) {
    problems.push({ field: 'title', message: `Title must be at most ${POST_TITLE_MAX} characters` })
  }
  const summary = (fields.summary || fields.description || '').trim()
  if (summary.length > POST_SUMMARY_MAX) {
    problems.push({ field: 'summary', message: `Summary must be at most ${POST_SUMMARY_MAX} characters` })
  }
  const content = (fields.content ?? '').trim()
  if (content.length > POST_CONTENT_MAX) {
    problems.push({ field: 'content', message: `Content must be at most ${POST_CONTENT_MAX} characters` })
  }
  const aiInstruction = (fields.ai_instruction ?? '').trim()
  if (aiInstruction.length > POST_AI_INSTRUCTION_MAX) {
    problems.push({
      field: 'ai_instruction',
      message: `AI instructions must be at most ${POST_AI_INSTRUCTION_MAX} characters`,
    })
  }
  const tags = normaliseTags(fields.tags)
  if (tags.length > POST_TAGS_MAX)
    problems.push({ field: 'tags', message: `At most ${POST_TAGS_MAX} tags allowed` })
  const longTag = tags.find((tag) => tag.length > POST_TAG_MAX_LENGTH)
  if (longTag) {
    problems.push({
      field: 'tags',
      message: `Tag "${longTag}" is longer than ${POST_TAG_MAX_LENGTH} characters`,
    })
  }
  const visibility = (fields.visibility ?? '').trim().toLowerCase() || 'public'
  if (visibility !== 'public' && visibility !== 'private') {
    problems.push({ field: 'visibility', message: 'Visibility must be public or private' })
  }
  const givenType = (fields.media_type ?? '').trim().toLowerCase()
  if (givenType && !(MEDIA_TYPES as readonly string[]).includes(givenType)) {
    problems.push({ field: 'media_type', message: `Media type must be one of ${MEDIA_TYPES.join(', ')}` })
  }
  if (files.length === 0)
    problems.push({ field: 'files', message: 'Please select at least one file to upload' })
  if (problems.length > 0) throw new BadRequestError(problems[0].message, problems)

  // The cover (first file) decides the type when the form does not say.
  const cover = files[0].kind
  const mediaType = givenType || (cover === 'other' ? 'document' : cover)
  return {
    title,
    summary,
    content,
    tags,
    ai_instruction: aiInstruction,
    visibility: visibility as 'public' | 'private',
    media_type: mediaType,
  }
}

function toMediaItem(file: PostFileRow): MediaItem {
  return {
    url: fileUrl(file.cid),
    cid: file.cid,
    name: file.name,
    mime: file.mime,
    size: file.size,
    kind: file.kind,
  }
}

/** Markdown reduced to its words, for a card preview. */
function plainPreview(markdown: string, length = 200): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text
}

export function toPostListItem(row: PostSummaryRow, files: PostFileRow[]): PostListItem {
  const media = files.map(toMediaItem)
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    summary: row.summary,
    preview: row.summary || plainPreview(row.content_head),
    user_id: row.user_id,
    user_name: row.username,
    author: row.username,
    user_avatar: row.avatar,
    avatar: row.avatar,
    created_at: row.created_at.toISOString(),
    media_type: row.media_type,
    file_paths: media.map((item) => item.url),
    media,
    tags: row.tags,
    likes: row.likes_count,
    comments: row.comments_count,
    visibility: row.visibility,
    ...(row.matched_comment_id ? { matched_comment_id: row.matched_comment_id } : {}),
  }
}

export function toPostDetail(row: PostDetailRow, files: PostFileRow[], isLiked: boolean): PostDetailResponse {
  const media = files.map(toMediaItem)
  const createdAt = row.created_at.toISOString()
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    author_id: row.user_id,
    author_name: row.username,
    author_avatar: row.avatar,
    user_id: row.user_id,
    user_name: row.username,
    user_avatar: row.avatar,
    author: row.username,
    Summary: row.summary,
    summary: row.summary,
    content: row.content,
    timestamp: createdAt,
    created_at: createdAt,
    likes: row.likes_count,
    comments: row.comments_count,
    tags: row.tags,
    media,
    file_paths: media.map((item) => item.url),
    media_type: row.media_type,
    visibility: row.visibility,
    ai_analysis: row.ai_analysis,
    is_liked: isLiked,
  }
}

/** Whether the viewer likes a post they may see, read under the post's lock (for a toggle). */
async function likedUnderLock(store: PostsStore, viewerId: string, id: string): Promise<boolean> {
  const post = await store.lockPost(id)
  if (!post || (post.visibility === 'private' && post.user_id !== viewerId)) {
    throw new NotFoundError(POST_NOT_FOUND)
  }
  return store.isLiked(viewerId, id)
}

function cursorOf(row: PostSummaryRow): PostCursor {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    likes: row.likes_count,
    hot: row.hot_score,
    ...(row.rank !== null ? { rank: row.rank } : {}),
  }
}

/** Posts: creating them from an upload, listing, searching, reading, liking and deleting. */
export function postsService(db: Db, store: BlobStore, rewards: RewardsConfig) {
  const posts = postsStore(db)
  const files = filesService(db, store)
  const ledger = rewardsLedger(rewards)

  /** Sets likes (`liked`) or removes them, with what they earn or take back, in the transaction `trx`. */
  async function applyLikes(
    trx: Db,
    likes: readonly Like[],
    liked: boolean,
  ): Promise<(PostLikeResponse | NotFoundError)[]> {
    const rows = await postsStore(trx).setLikes(likes, liked)
    const changed = likes.flatMap((like, i) => (rows[i]?.changed ? [{ like, author: rows[i].user_id }] : []))
    if (liked) {
      await ledger.likesGiven(
        trx,
        'post',
        changed.map(({ like, author }) => ({
          liked: { id: like.postId, user_id: author, post_id: like.postId },
          likerId: like.userId,
        })),
      )
    } else {
      await ledger.likesWithdrawn(
        trx,
        changed.map(({ like }) => ({ likedId: like.postId, likerId: like.userId })),
      )
    }
    return rows.map((row) =>
      row
        ? { status: 'success', action: liked ? 'liked' : 'unliked', likes: row.likes_count, is_liked: liked }
        : new NotFoundError(POST_NOT_FOUND),
    )
  }

  /**
   * Likes (and unlikes) asked in one turn of the event loop, applied together (the same like asked
   * twice in one batch changes, counts and earns once). Nothing is remembered between batches.
   */
  const batchOf = (liked: boolean) =>
    new DataLoader<Like, PostLikeResponse>(
      (likes) => db.transaction().execute((trx) => applyLikes(trx, likes, liked)),
      {
        cache: false,
        maxBatchSize: 100,
        batchScheduleFn: (run) => setImmediate(run),
      },
    )
  const likeBatches = { like: batchOf(true), unlike: batchOf(false) }

  async function withFiles(rows: PostSummaryRow[]): Promise<PostListItem[]> {
    const all = await posts.filesOf(rows.map((row) => row.id))
    const byPost = new Map<string, PostFileRow[]>()
    for (const file of all) byPost.set(file.post_id, [...(byPost.get(file.post_id) ?? []), file])
    return rows.map((row) => toPostListItem(row, byPost.get(row.id) ?? []))
  }

  async function visiblePost(viewerId: string | null, id: string): Promise<PostDetailRow> {
    const row = isUuid(id) ? await posts.findPost(id) : undefined
    // Someone else's private post does not exist, as far as this viewer can tell.
    if (!row || (row.visibility === 'private' && row.user_id !== viewerId))
      throw new NotFoundError(POST_NOT_FOUND)
    return row
  }

  async function detail(viewerId: string | null, id: string): Promise<PostDetailResponse> {
    const row = await visiblePost(viewerId, id)
    const [postFiles, liked] = await Promise.all([
      posts.filesOf([row.id]),
      viewerId ? posts.isLiked(viewerId, row.id) : false,
    ])
    return toPostDetail(row, postFiles, liked)
  }

  return {
    detail,

    /**
     * Creates a post from staged files in one transaction: the blobs are claimed and stored, the
     * post and its file rows inserted. On any failure nothing remains: no row, no staged file, and
     * no stored bytes that no other post uses. Answers the post and what publishing earned.
     */
    async create(
      authorId: string,
      fields: UploadFields,
      received: ReceivedFile[],
    ): Promise<{ post: PostDetailResponse; reward: RewardNotice }> {
      const discardAll = () => Promise.all(received.map((file) => file.staged.discard()))
      let post: ReturnType<typeof validatePostFields>
      try {
        post = validatePostFields(fields, received)
      } catch (error) {
        await discardAll()
        throw error
      }
      const id = uuidv7()
      let reward: RewardNotice
      try {
        reward = await db.transaction().execute(async (trx) => {
          await filesService(trx, store).admit(received)
          await postsStore(trx).insertPost(
            { id, user_id: authorId, ...post },
            received.map((file, position) => ({
              position,
              cid: file.staged.cid,
              name: file.name,
              mime: file.mime,
              size: file.staged.size,
              kind: file.kind,
            })),
          )
          await enqueueAnalysis(trx, id)
          return ledger.postPublished(trx, { id, user_id: authorId })
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
      const q = terms.length > 0 ? prefixQuery(terms) : null
      const filter = { viewerId, mediaType, query: q, sources: searchSources }
      const byRelevance = q !== null && order.isDefault

      if (cursor && ((byRelevance && cursor.rank === null) || (order.key === 'hot' && cursor.hot === null))) {
        await fillCursor(cursor, byRelevance ? q : null)
      }
      const rows = byRelevance
        ? await posts.listByRelevance(filter, cursor, limit + 1)
        : await posts.listInOrder(filter, order, cursor, limit + 1)
      const page = rows.slice(0, limit)
      const hasNext = rows.length > limit
      return {
        items: await withFiles(page),
        has_next: hasNext,
        next_cursor: hasNext ? cursorOf(page[page.length - 1]) : null,
      }
    },

    /**
     * Sets the viewer's like (`action`), or toggles it without one. Likes with an action join the
     * others asked in the same turn of the event loop: one transaction, one statement for the like
     * rows and counters and one for the rewards, however many (under load, a handful of round trips
     * for dozens of likes instead of several each). A toggle locks the post before reading the
     * current state, so concurrent toggles of one post take turns.
     */
    async like(viewerId: string, id: string, action?: 'like' | 'unlike'): Promise<PostLikeResponse> {
      if (!isUuid(id)) throw new NotFoundError(POST_NOT_FOUND)
      const like = { userId: viewerId, postId: id }
      if (action) return likeBatches[action].load(like)
      return db.transaction().execute(async (trx) => {
        const wantLiked = !(await likedUnderLock(postsStore(trx), viewerId, id))
        const [answer] = await applyLikes(trx, [like], wantLiked)
        if (answer instanceof Error) throw answer
        return answer
      })
    },

    /** Deletes a post of the viewer's with its likes and comments, then the files nothing else uses. */
    async remove(viewerId: string, id: string) {
      if (!isUuid(id)) throw new NotFoundError(POST_NOT_FOUND)
      const cids = await db.transaction().execute(async (trx) => {
        const store = postsStore(trx)
        const post = await store.lockPost(id)
        if (!post || (post.visibility === 'private' && post.user_id !== viewerId)) {
          throw new NotFoundError(POST_NOT_FOUND)
        }
        if (post.user_id !== viewerId) throw new ForbiddenError(ONLY_AUTHOR_DELETES)
        await ledger.postDeleted(trx, id)
        return store.deletePost(id)
      })
      await files.collect(cids)
    },

    /**
     * One author's posts, by skip/limit. Someone who keeps their posts private (settings.public_posts
     * off) shows them to nobody else: the server withholds them (architecture.md §4).
     */
    async byAuthor(viewerId: string | null, authorId: string, query: PostPageQuery): Promise<PostListItem[]> {
      const author = isUuid(authorId) ? await posts.findUser(authorId) : undefined
      if (!author) throw new NotFoundError('User not found')
      if (!author.public_posts && viewerId !== authorId)
        throw new ForbiddenError('This author keeps their posts private')
      const rows = await posts.listByAuthor(
        authorId,
        viewerId,
        parseSort(query.sort_by),
        parseMediaType(query.media_type),
        query.skip ?? 0,
        pageLimit(query.limit),
      )
      return withFiles(rows)
    },

    /** The posts a user liked (that the viewer may see), newest like first by default. */
    async likedBy(viewerId: string | null, userId: string, query: PostPageQuery): Promise<PostListItem[]> {
      const user = isUuid(userId) ? await posts.findUser(userId) : undefined
      if (!user) throw new NotFoundError('User not found')
      const rows = await posts.listLikedBy(
        userId,
        viewerId,
        parseSort(query.sort_by),
        parseMediaType(query.media_type),
        query.skip ?? 0,
        pageLimit(query.limit),
      )
      return withFiles(rows)
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
  }
}
export type PostsService = ReturnType<typeof postsService>
