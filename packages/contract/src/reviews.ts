import Type, { type Static } from 'typebox'
import { LiteralUnion, Nullable } from './common'
import {
  REVIEW_CRITERIA,
  REVIEW_INTERESTS_MAX,
  REVIEW_RESPONSE_MAX,
  REVIEW_SUMMARY_MAX,
  REVIEW_SUMMARY_MIN,
  type ReviewCriterion,
} from './limits'

const Score = Type.Integer({ minimum: 1, maximum: 5 })

export const ReviewRatings = Type.Object(
  Object.fromEntries(REVIEW_CRITERIA.map((name) => [name, Score])) as Record<ReviewCriterion, typeof Score>,
  { additionalProperties: false },
)
export type ReviewRatings = Static<typeof ReviewRatings>

export const CreateReviewRequest = Type.Object(
  {
    /** The version judged; the newest when left out. */
    version: Type.Optional(Type.Integer({ minimum: 1 })),
    summary: Type.String({ minLength: REVIEW_SUMMARY_MIN, maxLength: REVIEW_SUMMARY_MAX }),
    ratings: ReviewRatings,
    confidence: Score,
    /** Required: "None" is an answer. */
    competing_interests: Type.String({ minLength: 1, maxLength: REVIEW_INTERESTS_MAX }),
  },
  { additionalProperties: false },
)
export type CreateReviewRequest = Static<typeof CreateReviewRequest>

export const Reviewer = Type.Object({
  id: Type.String(),
  username: Type.String(),
  nickname: Type.String(),
  avatar: Type.String(),
  /** The ORCID iD the profile gives, or null. */
  orcid: Nullable(Type.String()),
})

/** The work's author's answer to a review: edited like a comment, with its history public. */
export const ReviewResponseView = Type.Object({
  content: Type.String(),
  created_at: Type.String(),
  revision: Type.Integer(),
  edited_at: Nullable(Type.String()),
})
export type ReviewResponseView = Static<typeof ReviewResponseView>

export const ReviewView = Type.Object({
  _id: Type.String(),
  post_id: Type.String(),
  version: Type.Integer(),
  /** A newer version of the work exists than the one judged. */
  outdated: Type.Boolean(),
  /** Withdrawn by the reviewer: a placeholder, without text or ratings. */
  withdrawn: Type.Boolean(),
  /** Hidden or removed by a moderator: a placeholder for everyone but its reviewer. */
  moderation: Nullable(LiteralUnion('hidden', 'removed')),
  summary: Type.String(),
  ratings: Nullable(ReviewRatings),
  confidence: Nullable(Type.Integer()),
  competing_interests: Type.String(),
  reviewer: Reviewer,
  helpful: Type.Integer(),
  /** Whether the reader marked it helpful (false for a visitor). */
  marked_helpful: Type.Boolean(),
  /** The work's author's answer; null until they give one (and on a placeholder). */
  response: Nullable(ReviewResponseView),
  revision: Type.Integer(),
  created_at: Type.String(),
  edited_at: Nullable(Type.String()),
})
export type ReviewView = Static<typeof ReviewView>

const CriterionAggregate = Type.Object({
  mean: Nullable(Type.Number()),
  /** Weighted by each reviewer's confidence. */
  weighted_mean: Nullable(Type.Number()),
  /** How many reviews gave 1, 2, 3, 4 and 5. */
  distribution: Type.Array(Type.Integer(), { minItems: 5, maxItems: 5 }),
})

export const ReviewAggregate = Type.Object({
  count: Type.Integer(),
  criteria: Type.Object(
    Object.fromEntries(REVIEW_CRITERIA.map((name) => [name, CriterionAggregate])) as Record<
      ReviewCriterion,
      typeof CriterionAggregate
    >,
  ),
})
export type ReviewAggregate = Static<typeof ReviewAggregate>

export const ReviewListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  /** The previous page's `next_cursor`. */
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
})

export const ReviewListResponse = Type.Object({
  items: Type.Array(ReviewView),
  has_next: Type.Boolean(),
  next_cursor: Nullable(Type.String()),
  aggregate: ReviewAggregate,
})
export type ReviewListResponse = Static<typeof ReviewListResponse>

/** An edit names the revision it started from; a field left out stays. */
export const ReviewEditRequest = Type.Object(
  {
    base_revision: Type.Integer({ minimum: 1 }),
    summary: Type.Optional(Type.String({ minLength: REVIEW_SUMMARY_MIN, maxLength: REVIEW_SUMMARY_MAX })),
    ratings: Type.Optional(ReviewRatings),
    confidence: Type.Optional(Score),
    competing_interests: Type.Optional(Type.String({ minLength: 1, maxLength: REVIEW_INTERESTS_MAX })),
  },
  { additionalProperties: false },
)
export type ReviewEditRequest = Static<typeof ReviewEditRequest>

export const ReviewEditConflict = Type.Object({
  detail: Type.String(),
  code: Type.Optional(Type.String()),
  /** The review as it is now (absent when the 409 is for a withdrawn review). */
  current: Type.Optional(ReviewView),
})

export const ReviewRevision = Type.Object({
  revision: Type.Integer(),
  summary: Type.String(),
  ratings: ReviewRatings,
  confidence: Type.Integer(),
  competing_interests: Type.String(),
  /** When this revision was made: written, or the edit that made it. */
  created_at: Type.String(),
})
export const ReviewRevisionsResponse = Type.Object({ items: Type.Array(ReviewRevision) })
export type ReviewRevisionsResponse = Static<typeof ReviewRevisionsResponse>

export const ReviewRequestCreate = Type.Object(
  { reviewer: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
)
const PersonRef = Type.Object({ id: Type.String(), username: Type.String(), nickname: Type.String() })
export const ReviewRequestView = Type.Object({
  _id: Type.String(),
  post: Type.Object({ id: Type.String(), title: Type.String() }),
  reviewer: PersonRef,
  requester: PersonRef,
  status: LiteralUnion('open', 'accepted', 'declined'),
  created_at: Type.String(),
  answered_at: Nullable(Type.String()),
})
export type ReviewRequestView = Static<typeof ReviewRequestView>
export const ReviewRequestsResponse = Type.Object({ items: Type.Array(ReviewRequestView) })

export const ReviewResponseRequest = Type.Object(
  { content: Type.String({ minLength: 1, maxLength: REVIEW_RESPONSE_MAX }) },
  { additionalProperties: false },
)

/** An edit of the answer names the revision it started from. */
export const ReviewResponseEdit = Type.Object(
  {
    base_revision: Type.Integer({ minimum: 1 }),
    content: Type.String({ minLength: 1, maxLength: REVIEW_RESPONSE_MAX }),
  },
  { additionalProperties: false },
)
export type ReviewResponseEdit = Static<typeof ReviewResponseEdit>

export const ReviewResponseConflict = Type.Object({
  detail: Type.String(),
  code: Type.Optional(Type.String()),
  /** The answer as it is now. */
  current: Type.Optional(ReviewResponseView),
})

/** Every revision of the answer, oldest first, the current one last. */
export const ReviewResponseRevisions = Type.Object({
  items: Type.Array(
    Type.Object({ revision: Type.Integer(), content: Type.String(), created_at: Type.String() }),
  ),
})
export type ReviewResponseRevisions = Static<typeof ReviewResponseRevisions>

/** Marks or unmarks a review helpful; without `action` it flips. */
export const ReviewHelpfulRequest = Type.Object({ action: Type.Optional(LiteralUnion('mark', 'unmark')) })
export const ReviewHelpfulResponse = Type.Object({ helpful: Type.Boolean(), count: Type.Integer() })

export const ReviewDetailResponse = Type.Object({
  ...ReviewView.properties,
  post: Type.Object({ id: Type.String(), title: Type.String() }),
  /** The files of the version judged, by CID. */
  cids: Type.Array(Type.String()),
})
export type ReviewDetailResponse = Static<typeof ReviewDetailResponse>

export const ReviewCreatedResponse = Type.Object({ _id: Type.String(), review: ReviewView })

/** `GET /users/:username/reviews`: one of a person's reviews, with the work it judged. */
export const UserReviewItem = Type.Object({
  _id: Type.String(),
  post: Type.Object({ id: Type.String(), title: Type.String() }),
  version: Type.Integer(),
  /** Null when withdrawn. */
  ratings: Nullable(ReviewRatings),
  withdrawn: Type.Boolean(),
  helpful: Type.Integer(),
  created_at: Type.String(),
})
export type UserReviewItem = Static<typeof UserReviewItem>

export const UserReviewsParams = Type.Object({ username: Type.String({ minLength: 1, maxLength: 64 }) })
export const UserReviewsResponse = Type.Object({
  items: Type.Array(UserReviewItem),
  has_next: Type.Boolean(),
  next_cursor: Nullable(Type.String()),
})
export type UserReviewsResponse = Static<typeof UserReviewsResponse>
