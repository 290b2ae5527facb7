/**
 * The one error taxonomy. Throw these anywhere; the error handler turns them into
 * `{detail, code, errors?}` with their status. `detail` is a sentence a person can read.
 */
export interface FieldError {
  field: string
  message: string
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** More of the answer's body, beside `detail` (e.g. the current text of an edit conflict). */
    readonly more?: Record<string, unknown>,
  ) {
    super(detail)
    this.name = new.target.name
  }
}

/** The base of an error that is one status and code, and takes only its sentence. */
function statusError(statusCode: number, code: string) {
  return class extends HttpError {
    constructor(detail: string) {
      super(statusCode, code, detail)
    }
  }
}

export class BadRequestError extends HttpError {
  constructor(detail: string, errors?: FieldError[]) {
    super(400, 'bad_request', detail, errors)
  }
}
export class UnauthorizedError extends HttpError {
  constructor(detail = 'Not authenticated') {
    super(401, 'unauthorized', detail)
  }
}
export class ForbiddenError extends HttpError {
  constructor(detail = 'You are not allowed to do that') {
    super(403, 'forbidden', detail)
  }
}
export class NotFoundError extends HttpError {
  constructor(detail = 'Not found', code = 'not_found', more?: Record<string, unknown>) {
    super(404, code, detail, undefined, undefined, more)
  }
}
/** 410: the thing was there and is gone for good (a post the moderators removed). */
export class GoneError extends HttpError {
  constructor(detail: string, code = 'gone', more?: Record<string, unknown>) {
    super(410, code, detail, undefined, undefined, more)
  }
}
export class ConflictError extends HttpError {
  constructor(detail: string, errors?: FieldError[]) {
    super(409, 'conflict', detail, errors)
  }
}
/** 409: an edit started from a revision that is no longer the current one; `current` is what is. */
export class EditConflictError extends HttpError {
  constructor(detail: string, current: unknown) {
    super(409, 'edit_conflict', detail, undefined, undefined, { current })
  }
}
export class PayloadTooLargeError extends statusError(413, 'payload_too_large') {}
export class UnsupportedMediaTypeError extends statusError(415, 'unsupported_media_type') {}
export class TooManyRequestsError extends HttpError {
  constructor(detail: string, retryAfterSeconds?: number) {
    super(
      429,
      'too_many_requests',
      detail,
      undefined,
      retryAfterSeconds ? { 'retry-after': String(Math.ceil(retryAfterSeconds)) } : undefined,
    )
  }
}
export class ServiceUnavailableError extends statusError(503, 'service_unavailable') {}
export class InsufficientStorageError extends statusError(507, 'insufficient_storage') {}
