/**
 * The care of an account: verifying the address, a forgotten or changed password,
 * where one is signed in, and notification mail. Screens use the hooks in their features.
 *
 *   await requestPasswordReset('ada_lab')               // 202, whether or not the account exists
 *   const me = await resetPassword(token, 'new words')  // signed in afterwards
 *   const { items } = await getSessions(signal)
 */
import type {
  ExportItem,
  MailSettings,
  MailSettingsUpdate,
  MeResponse,
  MessageResponse,
  RevokedSessions,
  SessionList,
  UnsubscribeInfo,
} from '@agora/contract'
import { fetchMe } from './auth'
import { call } from './client'
import { endSession, saveLogin } from './session'

/** POST /auth/password/forgot: a reset link to the account's address, if there is such an account. */
export function requestPasswordReset(name: string): Promise<MessageResponse> {
  const field = name.includes('@') ? { email: name } : { username: name }
  return call('POST /auth/password/forgot', { json: field, unauthorized: 'none' })
}

/** POST /auth/password/reset: the new password; every session ends and this browser is signed in. */
export async function resetPassword(token: string, newPassword: string): Promise<MeResponse> {
  try {
    const answer = await call('POST /auth/password/reset', {
      json: { token, new_password: newPassword },
      unauthorized: 'none',
    })
    saveLogin(answer)
  } catch (error) {
    endSession()
    throw error
  }
  return fetchMe()
}

/** POST /auth/email/verify with the token of the mailed link. */
export function verifyEmail(token: string): Promise<MessageResponse & { email: string }> {
  return call('POST /auth/email/verify', {
    json: { token },
    unauthorized: 'none',
  })
}

/** POST /auth/email/verify/request: a new link to the address on the account. */
export function requestVerification(): Promise<MessageResponse> {
  return call('POST /auth/email/verify/request')
}

/** POST /auth/password/change: other sessions end, this one stays. */
export function changePassword(currentPassword: string, newPassword: string): Promise<RevokedSessions> {
  return call('POST /auth/password/change', {
    json: { current_password: currentPassword, new_password: newPassword },
  })
}

export function getSessions(signal?: AbortSignal): Promise<SessionList> {
  return call('GET /auth/sessions', { signal })
}

export function revokeSession(id: string): Promise<RevokedSessions> {
  return call('DELETE /auth/sessions/:id', { params: { id } })
}

export function revokeOtherSessions(): Promise<RevokedSessions> {
  return call('POST /auth/sessions/revoke_others')
}

export function getMailSettings(signal?: AbortSignal): Promise<MailSettings> {
  return call('GET /notifications/mail', { signal })
}

/** PUT /notifications/mail: the kinds named change, the others stay. */
export function putMailSettings(update: MailSettingsUpdate): Promise<MailSettings> {
  return call('PUT /notifications/mail', { json: update })
}

/** GET /mail/unsubscribe: what an unsubscribe link stops (reading it changes nothing). */
export function getUnsubscribe(token: string, signal?: AbortSignal): Promise<UnsubscribeInfo> {
  return call('GET /mail/unsubscribe', { signal, query: { token }, unauthorized: 'none' })
}

/** POST /mail/unsubscribe: stops that mail. */
export function confirmUnsubscribe(token: string): Promise<UnsubscribeInfo> {
  return call('POST /mail/unsubscribe', { query: { token }, unauthorized: 'none' })
}

/** POST /auth/me/export: a download of one's data is prepared (202), then listed with its link. */
export function requestExport(): Promise<ExportItem> {
  return call('POST /auth/me/export')
}

export function getExports(signal?: AbortSignal): Promise<{ items: ExportItem[] }> {
  return call('GET /auth/me/exports', { signal })
}

/** DELETE /auth/me: the account ends at once; the local session with it. */
export async function deleteAccount(password: string, content: 'delete' | 'keep'): Promise<MessageResponse> {
  const answer = await call('DELETE /auth/me', { json: { password, content } })
  endSession()
  return answer
}
