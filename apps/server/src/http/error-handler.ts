import type { ErrorCode } from '@agora/contract/errors'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isDatabaseUnavailable } from '../db/unavailable'
import { type FieldError, HttpError } from './errors'

interface ErrorBody {
  detail: string
  code: ErrorCode
  errors?: FieldError[]
  [more: string]: unknown
}

const PG_UNIQUE_VIOLATION = '23505'
const PG_FOREIGN_KEY_VIOLATION = '23503'
const PG_INVALID_TEXT = '22P02'
/** lock_not_available: a wait for a row lock passed lock_timeout. */
const PG_LOCK_TIMEOUT = '55P03'
/** query_canceled: a statement passed statement_timeout. */
const PG_STATEMENT_TIMEOUT = '57014'
/** idle_in_transaction_session_timeout ended the session of a transaction left open. */
const PG_IDLE_IN_TRANSACTION = '25P03'
/** pg's pool: no connection became free within connectionTimeoutMillis. */
const POOL_WAIT_TIMEOUT = /^timeout exceeded when trying to connect/
const RETRY_SOON = { 'retry-after': '2' }
const RETRY_LATER = { 'retry-after': '5' }
const MALFORMED_FORM = 'The form data is malformed or was cut off'
// busboy's words for a missing or over-long boundary and for a body that ends mid-part.
const BUSBOY_MESSAGE =
  /unexpected end of multipart data|^Multipart: Boundary not found|^Boundary required|^The needle cannot/i

function fieldOf(instancePath: string, params: Record<string, unknown> | undefined) {
  const fromPath = instancePath.replace(/^\//, '').replaceAll('/', '.')
  const missing = params?.missingProperty ?? params?.additionalProperty
  return [fromPath, missing].filter(Boolean).join('.') || 'body'
}

function validationBody(error: FastifyError): ErrorBody {
  const errors: FieldError[] = (error.validation ?? []).map((issue) => ({
    field: fieldOf(issue.instancePath, issue.params as Record<string, unknown>),
    message: issue.message ?? 'is invalid',
  }))
  const first = errors[0]
  const detail = first ? `Invalid ${first.field}: ${first.message}` : 'Invalid request'
  return { detail, code: 'validation_failed', errors }
}

/**
 * A database that answers but not in time (a row held locked, a slow statement, every connection
 * taken): 503 with Retry-After, so the caller tries again instead of taking it for a bug.
 */
function databaseBusy(err: { code?: string; message?: string } | undefined) {
  const unavailable = (detail: string, headers: Record<string, string>) => ({
    ...plainError(503, 'busy', detail),
    headers,
  })
  switch (err?.code) {
    case PG_LOCK_TIMEOUT:
      return unavailable(
        'This item is being changed by someone else right now. Please try again.',
        RETRY_SOON,
      )
    case PG_STATEMENT_TIMEOUT:
      return unavailable('The database took too long to answer. Please try again shortly.', RETRY_LATER)
    case PG_IDLE_IN_TRANSACTION:
      return unavailable('The database ended a stalled operation. Please try again.', RETRY_SOON)
  }
  if (!err?.code && typeof err?.message === 'string' && POOL_WAIT_TIMEOUT.test(err.message)) {
    return unavailable('The server is busy right now. Please try again shortly.', RETRY_SOON)
  }
  return null
}

/** An answer that is only a status, its code and a sentence. */
function plainError(status: number, code: ErrorCode, detail: string) {
  return { status, body: { detail, code } }
}

/** Maps everything thrown to `{detail, code, errors?}`. Unknown errors become an opaque 500. */
export function toErrorResponse(error: unknown): {
  status: number
  body: ErrorBody
  headers?: Record<string, string>
} {
  if (error instanceof HttpError) {
    return {
      status: error.statusCode,
      body: {
        detail: error.detail,
        code: error.code,
        ...(error.params ? { params: error.params } : {}),
        ...(error.errors ? { errors: error.errors } : {}),
        ...error.more,
      },
      headers: error.headers,
    }
  }
  const err = error as FastifyError & { code?: string; statusCode?: number }
  if (err?.validation) return { status: 400, body: validationBody(err) }

  switch (err?.code) {
    case PG_UNIQUE_VIOLATION:
      return plainError(409, 'conflict', 'That already exists')
    case PG_FOREIGN_KEY_VIOLATION:
      return plainError(404, 'not_found', 'A referenced item does not exist')
    case PG_INVALID_TEXT:
      return plainError(400, 'bad_request', 'A value has the wrong format')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return plainError(415, 'unsupported_media_type', 'Unsupported content type')
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
      return plainError(413, 'payload_too_large', err.message || 'Request is too large')
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return plainError(400, 'bad_request', 'The request body is not valid JSON')
    // The router's own refusals (see frameworkErrors in app.ts): said plainly, without echoing the URL.
    case 'FST_ERR_BAD_URL':
      return plainError(400, 'bad_request', 'The address is not valid: it has a broken %-escape')
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return plainError(414, 'uri_too_long', 'A part of the address is too long')
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return plainError(415, 'unsupported_media_type', 'Send the upload as multipart/form-data')
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return plainError(413, 'payload_too_large', 'The form has too many fields')
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return plainError(400, 'bad_request', MALFORMED_FORM)
  }
  // The multipart parser (busboy) throws plain errors for a body that is malformed or cut off.
  if (err instanceof Error && !err.code && BUSBOY_MESSAGE.test(err.message)) {
    return plainError(400, 'bad_request', MALFORMED_FORM)
  }
  const busy = databaseBusy(err)
  if (busy) return busy
  if (isDatabaseUnavailable(err)) {
    return {
      ...plainError(503, 'service_unavailable', 'The database is unavailable, try again shortly'),
      headers: RETRY_LATER,
    }
  }
  // Fastify's own 4xx errors (bad content-length, malformed URL, ...) carry their status.
  const status = err?.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return plainError(status, 'bad_request', err.message || 'Bad request')
  }
  return plainError(500, 'internal', 'Something went wrong on our side. Please try again.')
}

/** Node's words for a connection the other side closed: "aborted" (ECONNRESET), a premature close. */
const CLIENT_GONE_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE'])

/**
 * Whether this error is the client going away mid-request (an upload cut off, a tab closed): its
 * connection is closed and the error is the one Node raises for that. Ordinary traffic, not a fault.
 */
export function isClientGone(error: unknown, request: FastifyRequest): boolean {
  if (!request.raw.socket?.destroyed) return false
  const err = error as { code?: string; message?: string } | undefined
  return CLIENT_GONE_CODES.has(err?.code ?? '') || err?.message === 'aborted'
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (isClientGone(error, request)) {
      // Nobody is left to answer; a client going away is no server error, so one info line.
      request.log.info(
        { code: (error as { code?: string }).code },
        'client went away before the request was complete',
      )
      return reply.status(499).send()
    }
    const { status, body, headers } = toErrorResponse(error)
    // 503: the database is away or busy (a lock, a full pool): operations, not a bug to trace.
    if (status === 503) request.log.warn({ status, code: (error as { code?: string }).code }, body.detail)
    else if (status >= 500) request.log.error({ err: error }, 'request failed')
    else request.log.info({ status, code: body.code }, body.detail)
    if (headers) reply.headers(headers)
    return reply.status(status).send(body)
  })
}

/**
 * The router refuses a URL with a broken %-escape or an over-long segment before any route (or the
 * error handler) runs; Fastify's `frameworkErrors` hands those here to answer like every other error.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toErrorResponse(error)
  return reply.status(status).send(body)
}
