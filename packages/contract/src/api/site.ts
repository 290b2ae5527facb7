import Type from 'typebox'
import { AnalysisRerunParams, AnalysisRerunResponse } from '../analysis'
import { HealthLiveResponse, HealthReadyResponse, HealthResponse } from '../common'
import type { Endpoint } from '../endpoint'
import { StatsResponse } from '../stats'

const TagCount = Type.Object({ tag: Type.String(), count: Type.Integer({ minimum: 0 }) })
const TagList = Type.Object({ tags: Type.Array(TagCount) })

/** The site as a whole: its tags, its figures, its health, and the re-run of a post's analysis. */
export const SITE_API = {
  'GET /tags': {
    tags: ['posts'],
    summary: 'Tags starting with `prefix`, most used first (autocomplete in the upload and edit forms)',
    query: Type.Object({
      prefix: Type.Optional(Type.String({ maxLength: 100 })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
    }),
    answer: TagList,
    errors: [400],
  },
  'GET /tags/popular': {
    tags: ['posts'],
    summary: 'The most used tags of public posts',
    query: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }),
    answer: TagList,
    errors: [400],
  },
  'GET /tags/:name': {
    tags: ['posts'],
    summary: "A tag page's head: how many public posts carry the tag, and the tags seen with it most",
    params: Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) }),
    answer: Type.Object({ tag: Type.String(), count: Type.Integer(), related: Type.Array(TagCount) }),
    errors: [400],
  },
  'GET /stats': {
    tags: ['meta'],
    summary: 'Members, posts, comments and tokens distributed, counted live',
    answer: StatsResponse,
    errors: [],
  },
  // A check answers 503 in the same shape as its 200 while what it checks is down.
  'GET /health': {
    tags: ['meta'],
    summary: 'Database check (older form of /health/ready)',
    answer: HealthResponse,
    errors: [],
    refusals: { 503: HealthResponse },
  },
  'GET /health/live': {
    tags: ['meta'],
    summary: 'Liveness: the process answers',
    answer: HealthLiveResponse,
    errors: [],
  },
  'GET /health/ready': {
    tags: ['meta'],
    summary: 'Readiness: database, blob store, chain, queues and Redis, each named with its state',
    answer: HealthReadyResponse,
    errors: [],
    refusals: { 503: HealthReadyResponse },
  },
  'POST /media/:id/analysis': {
    tags: ['analysis'],
    summary: "Re-run the AI analysis of one's own post",
    description:
      'Queues the analysis again and answers at once; `ai_analysis` of the post is pending until the worker is done (poll GET /media/{id}).',
    params: AnalysisRerunParams,
    status: 202,
    answer: AnalysisRerunResponse,
    errors: [401, 403, 404, 429],
  },
} as const satisfies Record<string, Endpoint>
