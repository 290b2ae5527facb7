import Type, { type Static, type TLiteral, type TNull, type TSchema, type TUnion } from 'typebox'

/** The schema, or null. */
export function Nullable<T extends TSchema>(schema: T): TUnion<[T, TNull]> {
  return Type.Union([schema, Type.Null()])
}

/** One of these strings: the union of their literals, as `Type.Union([Type.Literal(…), …])` writes it. */
export function LiteralUnion<const Values extends string[]>(
  ...values: Values
): TUnion<{ [K in keyof Values]: TLiteral<Values[K]> }> {
  // map() forgets which literal stands where; the declared return type says it again.
  return Type.Union(values.map((value) => Type.Literal(value))) as never
}

/**
 * Every error answer: an English sentence, a stable code from ERRORS (errors.ts) that clients word in
 * their reader's language, the values those words take, and per-field problems.
 */
export const ErrorResponse = Type.Object(
  {
    detail: Type.String(),
    code: Type.Optional(Type.String({ description: 'One of the ErrorCode values' })),
    params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
    errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  },
  { $id: 'ErrorResponse' },
)
export type ErrorResponse = Static<typeof ErrorResponse>

/** The code of a 429 for an event stream past its client's cap (streams per address or per user). */
export const TOO_MANY_STREAMS = 'too_many_streams'

/** A message-only answer, as the spec's delete and logout calls give. */
export const MessageResponse = Type.Object({ message: Type.String(), status: Type.Optional(Type.String()) })
export type MessageResponse = Static<typeof MessageResponse>

/** A call that succeeded and says so in words; answers that carry more spread its properties first. */
export const SuccessResponse = Type.Object({ status: Type.Literal('success'), message: Type.String() })
export type SuccessResponse = Static<typeof SuccessResponse>

/** The path of a call about one post or comment: `/…/{id}`. */
export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) })
export type IdParams = Static<typeof IdParams>

/** Form fields arrive as strings; booleans are accepted as true/false/1/0/on/off. */
export const FormBoolean = Type.Union([
  Type.Boolean(),
  Type.String({ pattern: '^(true|false|1|0|on|off|yes|no)$' }),
])

export function formBoolean(value: boolean | string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback
  if (typeof value === 'boolean') return value
  return ['true', '1', 'on', 'yes'].includes(value)
}

export const HealthResponse = Type.Object({
  status: LiteralUnion('ok', 'unavailable'),
  db: LiteralUnion('pglite', 'postgres'),
})
export type HealthResponse = Static<typeof HealthResponse>

/** GET /health/live: the process answers (no database asked); for restarting a hung process. */
export const HealthLiveResponse = Type.Object({
  status: Type.Literal('ok'),
  uptime_seconds: Type.Number(),
})
export type HealthLiveResponse = Static<typeof HealthLiveResponse>

/** One part readiness looks at: ok, degraded (served, with less), unavailable, or off (not configured). */
export const HealthCheck = Type.Object({
  status: LiteralUnion('ok', 'degraded', 'unavailable', 'off'),
  /** What is wrong or what it means, in words, e.g. "unreachable — rate limits are per process". */
  detail: Type.Optional(Type.String()),
})
export type HealthCheck = Static<typeof HealthCheck>

/** How one durable queue stands. */
export const QueueHealth = Type.Object({
  waiting: Type.Integer(),
  oldest_due_seconds: Type.Integer(),
  stuck: Type.Integer(),
  failed: Type.Integer(),
})
export type QueueHealth = Static<typeof QueueHealth>

/**
 * GET /health/ready: whether this process should get traffic. 503 `unavailable` when the database
 * or the blob store does not answer; 200 `degraded` when it serves with less (chain, queues, Redis).
 */
export const HealthReadyResponse = Type.Object({
  status: LiteralUnion('ready', 'degraded', 'unavailable'),
  checks: Type.Object({
    database: HealthCheck,
    blobs: HealthCheck,
    chain: HealthCheck,
    queues: HealthCheck,
    redis: HealthCheck,
  }),
  queues: Type.Object({
    analysis: QueueHealth,
    outbox: QueueHealth,
    mail: QueueHealth,
    pinning: QueueHealth,
  }),
})
export type HealthReadyResponse = Static<typeof HealthReadyResponse>

/**
 * Optional body of a like of a post or a comment (JSON or form). Without `action` the call toggles
 * (the spec's behaviour); with it the call is idempotent, so a retried or repeated request cannot
 * flip the like back.
 */
export const LikeRequest = Type.Object({
  action: Type.Optional(LiteralUnion('like', 'unlike')),
})
export type LikeRequest = Static<typeof LikeRequest>

export const LikeResponse = Type.Object({
  status: Type.Literal('success'),
  action: LiteralUnion('liked', 'unliked'),
  /** The post's or comment's like count after this call. */
  likes: Type.Integer(),
  is_liked: Type.Boolean(),
})
export type LikeResponse = Static<typeof LikeResponse>

/** Where a post or comment stands in its edit history: revision 1 and `edited_at` null until edited. */
export const EditState = Type.Object({
  revision: Type.Integer({ minimum: 1 }),
  edited_at: Nullable(Type.String({ description: 'ISO 8601' })),
})
export type EditState = Static<typeof EditState>

/** What a user writes and others like, report and moderate. */
export type ContentKind = 'post' | 'comment'
/** What moderators hide, remove and restore: a contribution, or a review. */
export type ModeratedKind = ContentKind | 'review'
/** What a report names: a contribution, a review, or a user. */
export type TargetType = ModeratedKind | 'user'
