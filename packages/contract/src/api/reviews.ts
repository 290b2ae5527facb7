import { ReviewCiteQuery } from '../citations'
import { IdParams } from '../common'
import type { Endpoint } from '../endpoint'
import { PostIdParams } from '../posts'
import {
  CreateReviewRequest,
  ReviewCreatedResponse,
  ReviewDetailResponse,
  ReviewEditConflict,
  ReviewEditRequest,
  ReviewHelpfulRequest,
  ReviewHelpfulResponse,
  ReviewListQuery,
  ReviewListResponse,
  ReviewRequestCreate,
  ReviewRequestsResponse,
  ReviewRequestView,
  ReviewResponseConflict,
  ReviewResponseEdit,
  ReviewResponseRequest,
  ReviewResponseRevisions,
  ReviewResponseView,
  ReviewRevisionsResponse,
  ReviewView,
} from '../reviews'

const tags = ['reviews']

/** Open peer review: structured, rated reviews of a post's exact version. */
export const REVIEWS_API = {
  'POST /media/:id/reviews': {
    tags,
    summary: "Review a version of someone else's public post: a summary, five ratings and a confidence",
    description:
      "`version` defaults to the newest. 403 for the work's author, a blocked or suspended reader; 409 for a second review of the same version by the same person.",
    params: PostIdParams,
    body: CreateReviewRequest,
    status: 201,
    answer: ReviewCreatedResponse,
    errors: [400, 401, 403, 404, 409, 429],
  },
  'GET /media/:id/reviews': {
    tags,
    summary: "A post's reviews, newest first (keyset pages), with the ratings' aggregate",
    params: PostIdParams,
    query: ReviewListQuery,
    answer: ReviewListResponse,
    errors: [400, 404, 410],
  },
  'GET /reviews/:id': {
    tags,
    summary: 'One review with its post, the version and files it judged, and the author’s response',
    params: IdParams,
    answer: ReviewDetailResponse,
    errors: [404],
  },
  'GET /reviews/:id/cite': {
    tags,
    summary: 'Cite a review: BibTeX, RIS, CSL-JSON (type review) or an APA reference (text)',
    description:
      'The reviewer is the author, the reviewed work its title and author, the version judged its address. A withdrawn review: 410 `review_withdrawn_gone`.',
    params: IdParams,
    query: ReviewCiteQuery,
    answer: {
      bytes: [
        'application/x-bibtex',
        'application/x-research-info-systems',
        'application/vnd.citationstyles.csl+json',
        'text/plain',
      ],
      description: 'The citation in the format asked for',
    },
    errors: [400, 404, 410],
  },
  'PATCH /reviews/:id': {
    tags,
    summary: 'Edit a review of yours (a field left out stays); 409 with `current` on a stale base_revision',
    params: IdParams,
    body: ReviewEditRequest,
    answer: ReviewView,
    errors: [400, 401, 403, 404, 429],
    refusals: { 409: ReviewEditConflict },
  },
  'GET /reviews/:id/revisions': {
    tags,
    summary: "A review's public edit history, oldest first, the current revision last",
    params: IdParams,
    answer: ReviewRevisionsResponse,
    errors: [404],
  },
  'DELETE /reviews/:id': {
    tags,
    summary: 'Withdraw a review of yours: a placeholder stays, its ratings leave the aggregate',
    params: IdParams,
    answer: ReviewView,
    errors: [401, 403, 404],
  },
  'POST /reviews/:id/helpful': {
    tags,
    summary: 'Mark or unmark a review helpful (toggles; `action` sets); not your own',
    params: IdParams,
    body: ReviewHelpfulRequest,
    bodyOptional: true,
    answer: ReviewHelpfulResponse,
    errors: [401, 403, 404, 409, 429],
  },
  'POST /reviews/:id/response': {
    tags,
    summary: "The work's author answers a review, once (Markdown)",
    params: IdParams,
    body: ReviewResponseRequest,
    status: 201,
    answer: ReviewResponseView,
    errors: [400, 401, 403, 404, 409, 429],
  },
  'PATCH /reviews/:id/response': {
    tags,
    summary: "The work's author edits their answer; 409 with `current` on a stale base_revision",
    params: IdParams,
    body: ReviewResponseEdit,
    answer: ReviewResponseView,
    errors: [400, 401, 403, 404, 429],
    refusals: { 409: ReviewResponseConflict },
  },
  'GET /reviews/:id/response/revisions': {
    tags,
    summary: "The answer's history, oldest first, the current revision last",
    params: IdParams,
    answer: ReviewResponseRevisions,
    errors: [404],
  },
  'POST /media/:id/review-requests': {
    tags,
    summary:
      'Invite someone (by username) to review a public post; one open invitation per reviewer and post',
    params: PostIdParams,
    body: ReviewRequestCreate,
    status: 201,
    answer: ReviewRequestView,
    errors: [400, 401, 404, 409, 429],
  },
  'GET /auth/me/review-requests': {
    tags,
    summary: 'The invitations to review you received, open ones first, newest first',
    answer: ReviewRequestsResponse,
    errors: [401],
  },
  'POST /review-requests/:id/accept': {
    tags,
    summary: 'Accept an invitation to review',
    params: IdParams,
    answer: ReviewRequestView,
    errors: [401, 404, 409],
  },
  'POST /review-requests/:id/decline': {
    tags,
    summary: 'Decline an invitation to review',
    params: IdParams,
    answer: ReviewRequestView,
    errors: [401, 404, 409],
  },
} as const satisfies Record<string, Endpoint>
