import Type, { type Static } from 'typebox'
import { LiteralUnion, Nullable } from './common'

export const FileParams = Type.Object({ cid: Type.String({ maxLength: 200 }) })
export type FileParams = Static<typeof FileParams>

/** GET /files/{cid}/preview: a DOCX document as sanitised HTML (no scripts, styles or remote images). */
export const FilePreviewResponse = Type.Object({
  html: Type.String(),
  mime: Type.String(),
})
export type FilePreviewResponse = Static<typeof FilePreviewResponse>

/** GET /media/upload/quota: the signed-in user's upload allowance. */
export const UploadQuotaResponse = Type.Object({
  /** Bytes of the distinct files the user has stored (each CID counted once, at its full size). */
  used_bytes: Type.Integer({ minimum: 0 }),
  /** The user's storage quota in bytes; null when there is none. */
  quota_bytes: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** Uploads (posts, versions, single files) allowed per hour. */
  uploads_per_hour: Type.Integer({ minimum: 1 }),
  /** 'new' accounts have a posting limit; members have none. */
  trust: LiteralUnion('new', 'member'),
  /** Posts a new account may publish per rolling 24 hours; null for a member. */
  posts_per_day: Nullable(Type.Integer({ minimum: 1 })),
  /** Of those, how many are left now; null for a member. */
  posts_left: Nullable(Type.Integer({ minimum: 0 })),
  /** When none are left: when the next post is allowed (ISO 8601); otherwise null. */
  posts_again_at: Nullable(Type.String({ description: 'ISO 8601' })),
})
export type UploadQuotaResponse = Static<typeof UploadQuotaResponse>
