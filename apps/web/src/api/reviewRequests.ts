import type { ReviewRequestView } from '@agora/contract'
import { call } from './client'

/** GET /auth/me/review-requests: the invitations to review one received, open ones first. */
export async function listMyReviewRequests(signal?: AbortSignal): Promise<ReviewRequestView[]> {
  return (await call('GET /auth/me/review-requests', { signal })).items
}

/** POST /review-requests/{id}/accept or /decline: the invitee's answer (409 once answered). */
export function answerReviewRequest(id: string, answer: 'accept' | 'decline'): Promise<ReviewRequestView> {
  return call(`POST /review-requests/:id/${answer}`, { params: { id } })
}
