import { ErrorResponse } from '@agora/contract'

/**
 * The error answers a route documents, all shaped `{detail}`:
 * `response: { 200: PostDetailResponse, ...failures(401, 404) }`.
 */
export function failures<Status extends number>(...statuses: Status[]): Record<Status, typeof ErrorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponse])) as Record<
    Status,
    typeof ErrorResponse
  >
}
