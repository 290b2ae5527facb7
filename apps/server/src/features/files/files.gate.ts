import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES } from '@agora/contract'
import type { FastifyRequest } from 'fastify'
import type { BlobStore } from '../../blobs/index'
import type { UploadLimitsConfig } from '../../config'
import type { AppInstance } from '../../context'
import type { Db } from '../../db/index'
import { TooManyRequestsError } from '../../http/errors'
import { chargeFor, overQuota, type StorageCharge, storageQuota } from './files.quota'
import { receiveUpload, type UploadLimits } from './files.upload'

/** What an upload route learns at its gate: whom to charge, and the quota its body is read against. */
export interface UploadPass {
  charge: StorageCharge
  quota: NonNullable<UploadLimits['quota']>
}

/** The gate every upload route passes first (see uploadGate). */
export type UploadGate = (request: FastifyRequest, userId: string) => Promise<UploadPass>

declare module '../../context' {
  interface FeatureParts {
    /** One gate for the app: posts, versions and single files count against the same upload rate. */
    uploads: UploadGate
  }
}

/**
 * The gate of every upload route (posts, versions, single files), before a byte of the body is
 * read: the user's upload rate — one counter per user shared by those routes, in the
 * rate limiter's store (Redis when configured) — answers 429 with Retry-After; then the storage
 * quota refuses a user at their quota, or a body whose Content-Length cannot fit, with 413.
 */
export function uploadGate(app: AppInstance, db: Db, limits: UploadLimitsConfig): UploadGate {
  // Made at the first upload: the rate-limit plugin that makes it registers after the context.
  let rate: ReturnType<AppInstance['createRateLimit']> | null = null
  const quota = storageQuota(db)

  return async function pass(request, userId) {
    rate ??= app.createRateLimit({
      max: limits.perHour,
      timeWindow: '1 hour',
      keyGenerator: async (request: FastifyRequest) => `upload:${(await request.viewer())?.userId ?? ''}`,
    })
    const limited = await rate(request)
    if (!limited.isAllowed && limited.isExceeded) {
      throw new TooManyRequestsError('uploads_too_fast', limited.ttlInSeconds, {
        detail: `You are uploading too quickly: at most ${limits.perHour} uploads an hour. Please wait ${Math.ceil(limited.ttlInSeconds / 60)} min and try again.`,
      })
    }
    const charge = chargeFor(userId, limits)
    const declared = request.headers['content-length']
    const leftBytes = await quota.admitBody(
      charge,
      declared && /^\d+$/.test(declared) ? Number(declared) : null,
    )
    const quotaBytes = charge.quotaBytes ?? 0
    return {
      charge,
      quota: {
        leftBytes,
        refuse: (sent) => overQuota(quotaBytes, quotaBytes - (leftBytes ?? 0), sent, true),
      },
    }
  }
}

/**
 * A post's files, a new post's or a new version's, read under the pass its gate gave: at most
 * UPLOAD_MAX_FILES files of UPLOAD_MAX_FILE_BYTES each, text fields up to `maxFieldBytes`.
 */
export function receivePostFiles(
  request: FastifyRequest,
  store: BlobStore,
  pass: UploadPass,
  maxFieldBytes: number,
) {
  return receiveUpload(request, store, {
    maxFiles: UPLOAD_MAX_FILES,
    maxFileBytes: UPLOAD_MAX_FILE_BYTES,
    maxFieldBytes,
    quota: pass.quota,
  })
}
