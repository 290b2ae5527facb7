import {
  type CreateReviewRequest,
  REVIEW_CRITERIA,
  REVIEW_SUMMARY_MIN,
  REVIEWS_PAGE_SIZE,
  type ReviewDetailResponse,
  type ReviewEditRequest,
  type ReviewListResponse,
  type ReviewRatings,
  type ReviewRevisionsResponse,
  type ReviewView,
} from '@agora/contract'
import { sql } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import { isId } from '../../db/ids'
import { inTransaction } from '../../db/in-transaction'
import type { Db } from '../../db/index'
import { perTurnLoader } from '../../db/per-turn'
import type { ReviewRow } from '../../db/schema'
import type { DomainEvents, EventBus } from '../../events/index'
import {
  BadRequestError,
  ConflictError,
  EditConflictError,
  ForbiddenError,
  GoneError,
  NotFoundError,
} from '../../http/errors'
import type { Kept } from '../../http/read-cache'
import {
  authorize,
  type ContributionGuard,
  can,
  canReadReview,
  canWithReview,
  type Reader,
  type ReviewAction,
  viewerOf,
  visibleOrGone,
} from '../../policy/index'
import { withheldVersions } from '../versions/index'
import { REVIEW_FIELDS, type ReviewField, type ReviewWithReviewer, reviewsStore } from './reviews.store'
import { invalid, postOf, refuseClosed, reviewLookup, toView } from './reviews.views'

/** Open peer review: writing a review of a version, a post's reviews with their aggregate, one review. */
export function reviewsService(db: Db, events: EventBus, guard: ContributionGuard) {
  const store = reviewsStore(db)
  /** Keyed `viewer post`: the ids of the post's reviews the viewer marked helpful, one query a turn. */
  const helpfulMarks = perTurnLoader<string, string[]>(async (keys) => {
    const pairs = keys.map((key) => key.split(' '))
    const { rows } = await sql<{ user_id: string; post_id: string; review_id: string }>`
      select h.user_id, r.post_id, h.review_id
      from unnest(${sql.val(pairs.map(([user]) => user))}::uuid[], ${sql.val(pairs.map(([, post]) => post))}::uuid[]) as v(user_id, post_id)
      join reviews r on r.post_id = v.post_id
      join review_helpful h on h.review_id = r.id and h.user_id = v.user_id`.execute(db)
    const byKey = new Map<string, string[]>()
    for (const row of rows) {
      const key = `${row.user_id} ${row.post_id}`
      byKey.set(key, [...(byKey.get(key) ?? []), row.review_id])
    }
    return keys.map((key) => byKey.get(key) ?? [])
  })

  const reviewFor = reviewLookup(db)

  const changed = (
    trx: Db,
    row: { id: string; post_id: string },
    change: DomainEvents['review.changed']['change'],
  ) => events.raise(trx, 'review.changed', [{ reviewId: row.id, postId: row.post_id, change }])

  async function visiblePost(postId: string, viewerId: string | null) {
    if (!isId(postId)) throw new NotFoundError('post_not_found')
    return visibleOrGone(db, await postOf(db, postId), postId, viewerId)
  }

  return {
    async create(viewerId: string, postId: string, input: CreateReviewRequest) {
      const post = authorize(viewerOf(viewerId), 'post.review', await visiblePost(postId, viewerId))
      const version = input.version ?? post.version
      // A version the reviewer may not open (made while private, not shared) is one they cannot judge.
      if (version > post.version || (await withheldVersions(db, post.id, viewerId)).has(version))
        throw new NotFoundError('version_not_found')
      const summary = input.summary.trim()
      const interests = input.competing_interests.trim()
      if (summary.length < REVIEW_SUMMARY_MIN)
        throw invalid('summary', `must be at least ${REVIEW_SUMMARY_MIN} characters`)
      if (!interests) throw invalid('competing_interests', 'is required ("None" is an answer)')
      await guard(db, { kind: 'review', authorId: viewerId, text: summary, postAuthorId: post.user_id })
      const id = uuidv7()
      await inTransaction(db, async (trx) => {
        const added = await reviewsStore(trx).add({
          id,
          post_id: post.id,
          version,
          reviewer_id: viewerId,
          summary,
          ...input.ratings,
          confidence: input.confidence,
          competing_interests: interests,
        })
        if (!added) throw new ConflictError('review_exists')
        await events.raise(trx, 'review.written', [
          { reviewId: id, postId: post.id, reviewerId: viewerId, postAuthorId: post.user_id, version },
        ])
      })
      const row = await store.find(id)
      return { _id: id, review: toView(row as ReviewWithReviewer, post.version, viewerId) }
    },

    async list(
      viewerId: string | null,
      postId: string,
      query: { limit?: number; cursor?: string },
    ): Promise<ReviewListResponse> {
      const post = await visiblePost(postId, viewerId)
      const limit = query.limit ?? REVIEWS_PAGE_SIZE
      if (query.cursor !== undefined && !isId(query.cursor))
        throw invalid('cursor', 'is not one a page of reviews gave')
      const [rows, aggregate] = await Promise.all([
        store.page(post.id, limit + 1, query.cursor ?? null, viewerId),
        store.aggregate(post.id),
      ])
      const items = rows.slice(0, limit).map((row) => toView(row, post.version, viewerId))
      const hasNext = rows.length > limit
      return {
        items,
        has_next: hasNext,
        next_cursor: hasNext ? items[items.length - 1]._id : null,
        aggregate,
      }
    },

    /**
     * The shared (anonymous) page made the viewer's: the reviews of the post they marked helpful,
     * read with this turn's other readers' and kept until the next write; null when the page holds
     * a review of theirs a moderator hid, which they read in full (loaded for them).
     */
    async forViewer(shared: ReviewListResponse, viewerId: string, kept: Kept) {
      if (shared.items.some((item) => item.moderation !== null && item.reviewer.id === viewerId)) return null
      const postId = shared.items[0]?.post_id
      if (!postId) return { variant: '', make: () => shared }
      const key = `${viewerId} ${postId}`
      const marked = new Set(await kept(`helpful ${key}`, () => helpfulMarks.load(key)))
      const mine = shared.items.filter((item) => marked.has(item._id)).map((item) => item._id)
      return {
        variant: mine.join(','),
        make: (): ReviewListResponse => ({
          ...shared,
          items: shared.items.map((item) =>
            marked.has(item._id) ? { ...item, marked_helpful: true } : item,
          ),
        }),
      }
    },

    async detail(viewerId: string | null, id: string): Promise<ReviewDetailResponse> {
      const { row, post } = await reviewFor(viewerId, id)
      const view = toView(row, post.version, viewerId)
      const cids = view.ratings === null ? [] : await store.cidsOf(post.id, row.version, post.version)
      return { ...view, post: { id: post.id, title: post.title }, cids }
    },

    /** What a citation of the review names; a withdrawn review is no longer cited (410). */
    async cited(viewerId: string | null, id: string) {
      const { row, post } = await reviewFor(viewerId, id)
      if (row.withdrawn_at) throw new GoneError('review_withdrawn_gone')
      if (!canReadReview(row, viewerId)) throw new NotFoundError('review_not_found')
      const author = await store.nameOf(post.user_id)
      return {
        id: row.id,
        reviewerName: row.nickname || row.username,
        reviewerOrcid: row.orcid,
        createdAt: row.created_at,
        post: { id: post.id, title: post.title, authorName: author, version: row.version },
      }
    },

    /** Applies an edit with the review row locked, so two edits from one base revision take turns. */
    async edit(viewerId: string, id: string, request: ReviewEditRequest): Promise<ReviewView> {
      const { row, post } = await reviewFor(viewerId, id, 'review.edit')
      if (row.withdrawn_at) throw new ConflictError('review_withdrawn')
      const summary = request.summary?.trim()
      const interests = request.competing_interests?.trim()
      if (summary !== undefined && summary.length < REVIEW_SUMMARY_MIN)
        throw invalid('summary', `must be at least ${REVIEW_SUMMARY_MIN} characters`)
      if (interests === '') throw invalid('competing_interests', 'is required ("None" is an answer)')
      if (summary !== undefined)
        await guard(db, {
          kind: 'review',
          edit: true,
          authorId: viewerId,
          text: summary,
          postAuthorId: post.user_id,
        })
      const outcome = await inTransaction(db, async (trx) => {
        const tx = reviewsStore(trx)
        const locked = await tx.lock(row.id)
        if (!locked || locked.withdrawn_at) throw new ConflictError('review_withdrawn')
        if (request.base_revision !== locked.revision) return 'conflict'
        const next = Object.fromEntries(REVIEW_FIELDS.map((field) => [field, locked[field]])) as Pick<
          ReviewRow,
          ReviewField
        >
        Object.assign(next, request.ratings ?? {})
        if (summary !== undefined) next.summary = summary
        if (interests !== undefined) next.competing_interests = interests
        if (request.confidence !== undefined) next.confidence = request.confidence
        if (REVIEW_FIELDS.every((field) => next[field] === locked[field])) return 'unchanged'
        await tx.saveEdit(locked, next)
        await changed(trx, row, 'edited')
        return 'saved'
      })
      const current = toView((await store.find(row.id)) as ReviewWithReviewer, post.version, viewerId)
      if (outcome === 'conflict')
        throw new EditConflictError('This review was changed meanwhile: compare it with your edit', current)
      return current
    },

    /** Every revision, oldest first, the current one last: a review's history is as public as it is. */
    async revisions(reader: Reader | null, id: string): Promise<ReviewRevisionsResponse> {
      const { row } = await reviewFor(reader?.userId ?? null, id)
      if (row.withdrawn_at || !canReadReview(row, reader?.userId ?? null)) return { items: [] }
      const kept = await store.history(row.id)
      const revision = (values: Pick<ReviewRow, ReviewField>, number: number, at: Date) => ({
        revision: number,
        summary: values.summary,
        ratings: Object.fromEntries(REVIEW_CRITERIA.map((name) => [name, values[name]])) as ReviewRatings,
        confidence: values.confidence,
        competing_interests: values.competing_interests,
        created_at: at.toISOString(),
      })
      return {
        items: [
          ...kept.map((old) => revision(old, old.revision, old.created_at)),
          revision(row, row.revision, row.edited_at ?? row.created_at),
        ],
      }
    },

    async withdraw(viewerId: string, id: string): Promise<ReviewView> {
      const { row, post } = await reviewFor(viewerId, id, 'review.withdraw')
      await inTransaction(db, async (trx) => {
        if (await reviewsStore(trx).withdraw(row.id)) await changed(trx, row, 'withdrawn')
      })
      return toView((await store.find(row.id)) as ReviewWithReviewer, post.version, viewerId)
    },

    async helpful(viewerId: string, id: string, action: 'mark' | 'unmark' | undefined) {
      const { row } = await reviewFor(viewerId, id, 'review.mark_helpful')
      refuseClosed(row)
      return inTransaction(db, async (trx) => {
        const tx = reviewsStore(trx)
        const helpful = await tx.setHelpful(row.id, viewerId, action && action === 'mark')
        await changed(trx, row, 'helpful')
        return { helpful, count: await tx.helpfulCount(row.id) }
      })
    },
  }
}
