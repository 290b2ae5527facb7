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

/** A 200 answer that is bytes or text, not JSON, documented by the content types it comes in. */
export function bodyAnswer(description: string, types: readonly string[]) {
  const schema = { type: 'string', format: 'binary' }
  return { description, content: Object.fromEntries(types.map((type) => [type, { schema }])) }
}

/**
 * The schema of a toggle (like, save): it flips the state, or sets the one an optional `{action}`
 * body names, and answers the new state; it fails when signed out, on a missing item and too fast.
 */
export function toggleSchema<
  Route extends { tags: string[]; summary: string; params: object },
  Body extends object,
  State,
>(route: Route, body: Body, state: State) {
  return {
    ...route,
    body: { ...body, nullable: true },
    response: { 200: state, ...failures(401, 404, 429) },
  }
}

/**
 * The schema of a signed-in caller's limited write on a user or thing that must exist (block someone,
 * follow an author): it answers `answer`; it fails on a bad request, signed out, a missing target
 * and too fast.
 */
export function targetWriteSchema<Route extends { tags: string[]; summary: string }, Answer>(
  route: Route,
  answer: Answer,
) {
  return { ...route, response: { 200: answer, ...failures(400, 401, 404, 429) } }
}
