import {
  ERRORS,
  type ErrorCode,
  type ErrorCodeOf,
  type ErrorParams,
  fillDetail,
} from '@agora/contract/errors'

/**
 * The one error taxonomy. Throw these anywhere; the error handler turns them into
 * `{detail, code, params?, errors?}` with their status. Every code is one of the contract's ERRORS,
 * so the web app can word it in the reader's language; `detail` is the English sentence.
 */
export interface FieldError {
  field: string
  message: string
}

/** What a refusal says beyond its code. */
export interface Refusal {
  /** Values for the code's sentence (and the app's); times as ISO strings. */
  params?: ErrorParams
  /** A more precise English sentence than the code's own (the API's clients read it). */
  detail?: string
  errors?: FieldError[]
  headers?: Record<string, string>
  /** More of the answer's body, beside `detail` (e.g. the current text of an edit conflict). */
  more?: Record<string, unknown>
}

export class HttpError extends Error {
  readonly statusCode: number
  readonly detail: string
  readonly params?: ErrorParams
  readonly errors?: FieldError[]
  readonly headers?: Record<string, string>
  readonly more?: Record<string, unknown>

  constructor(
    readonly code: ErrorCode,
    { params, detail, errors, headers, more }: Refusal = {},
  ) {
    const text = detail ?? fillDetail(ERRORS[code].detail, params)
    super(text)
    this.name = new.target.name
    this.statusCode = ERRORS[code].status
    this.detail = text
    this.params = params
    this.errors = errors
    this.headers = headers
    this.more = more
  }

  /** The same refusal, answered with these headers too. */
  withHeaders(headers: Record<string, string>): HttpError {
    const { params, detail, errors, more } = this
    return new HttpError(this.code, {
      params,
      detail,
      errors,
      more,
      headers: { ...this.headers, ...headers },
    })
  }
}

/** The class of the refusals of one status: its codes are those the contract gives that status. */
function statusError<Status extends number>(_status: Status) {
  return class extends HttpError {
    constructor(code: ErrorCodeOf<Status>, refusal?: Refusal) {
      super(code, refusal)
    }
  }
}

export class BadRequestError extends statusError(400) {}
export class UnauthorizedError extends statusError(401) {}
/** 402: the balance does not cover what was asked (a bounty beyond what can be claimed). */
export class PaymentRequiredError extends statusError(402) {}
export class ForbiddenError extends statusError(403) {}
export class NotFoundError extends statusError(404) {}
export class NotAcceptableError extends statusError(406) {}
export class ConflictError extends statusError(409) {}
/** 410: the thing was there and is gone for good (a post the moderators removed). */
export class GoneError extends statusError(410) {}
export class PayloadTooLargeError extends statusError(413) {}
export class UnsupportedMediaTypeError extends statusError(415) {}
export class ServiceUnavailableError extends statusError(503) {}
export class InsufficientStorageError extends statusError(507) {}

/** 409: an edit started from a revision that is no longer the current one; `current` is what is. */
export class EditConflictError extends HttpError {
  constructor(detail: string, current: unknown) {
    super('edit_conflict', { detail, more: { current } })
  }
}

/** 429 with Retry-After and the wait in `params.seconds`, so the app can say how long. */
export class TooManyRequestsError extends HttpError {
  constructor(code: ErrorCodeOf<429>, retryAfterSeconds: number, refusal: Refusal = {}) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
    super(code, {
      ...refusal,
      params: { seconds, ...refusal.params },
      headers: { 'retry-after': String(seconds), ...refusal.headers },
    })
  }
}
