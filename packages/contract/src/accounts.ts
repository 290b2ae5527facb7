import Type, { type Static } from 'typebox'
import { LiteralUnion, Nullable } from './common'
import { SameFields, Timestamp } from './fields'
import { MAIL_MODES, NOTIFICATION_KINDS, PASSWORD_MAX, PASSWORD_MIN } from './limits'

/** Accounts people can keep: addresses, passwords, sessions, mail settings. */

const NewPassword = Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX })
/** A token from a mailed link. */
const LinkToken = Type.String({ minLength: 1, maxLength: 200 })

export const VerifyEmailRequest = Type.Object({ token: LinkToken })
export type VerifyEmailRequest = Static<typeof VerifyEmailRequest>

export const ForgotPasswordRequest = Type.Object({
  /** The username or the e-mail address of the account. */
  username: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
  email: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
})
export type ForgotPasswordRequest = Static<typeof ForgotPasswordRequest>

export const ResetPasswordRequest = Type.Object({ token: LinkToken, new_password: NewPassword })
export type ResetPasswordRequest = Static<typeof ResetPasswordRequest>

export const ChangePasswordRequest = Type.Object({
  current_password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
  new_password: NewPassword,
})
export type ChangePasswordRequest = Static<typeof ChangePasswordRequest>

/** Where the user is signed in. */
export const SessionItem = Type.Object({
  id: Type.String(),
  /** "Firefox on Linux", from the user agent; '' when unknown. */
  device: Type.String(),
  /** The start of the address it was opened from ("203.0.113.x"); '' when unknown. */
  ip_prefix: Type.String(),
  created_at: Timestamp,
  last_seen_at: Timestamp,
  /** The session this request came with. */
  current: Type.Boolean(),
})
export type SessionItem = Static<typeof SessionItem>

export const SessionList = Type.Object({ items: Type.Array(SessionItem) })
export type SessionList = Static<typeof SessionList>

export const RevokedSessions = Type.Object({ revoked: Type.Integer(), message: Type.String() })
export type RevokedSessions = Static<typeof RevokedSessions>

/** The address on the account and whether mail can go to it. */
export const EmailStatus = Type.Object({
  email: Type.String(),
  verified: Type.Boolean(),
  /** The address refused mail for good; nothing is sent until it changes. */
  bounced: Type.Boolean(),
})
export type EmailStatus = Static<typeof EmailStatus>

export type MailModeName = (typeof MAIL_MODES)[number]
export const MailMode = LiteralUnion(...MAIL_MODES)
/** Each kind of notification: off, at once, or in a daily or weekly digest. */
export const MailModes = SameFields(NOTIFICATION_KINDS, MailMode)

/** How each kind of notification comes by mail. */
export const MailSettings = Type.Object({
  kinds: MailModes,
  /** Mail goes only to a verified address. */
  email: EmailStatus,
  /** How this server sends mail: by a mail server, or (no SMTP_URL) as files in DATA_DIR/mail. */
  delivery: Type.Optional(LiteralUnion('smtp', 'folder')),
})
export type MailSettings = Static<typeof MailSettings>

/** PUT /notifications/mail: the kinds named change, the others stay. */
export const MailSettingsUpdate = Type.Object({
  kinds: Type.Partial(MailModes, { additionalProperties: false }),
})
export type MailSettingsUpdate = Static<typeof MailSettingsUpdate>

/** What an unsubscribe link stands for. */
export const UnsubscribeInfo = Type.Object({
  kind: Type.String(),
  /** The mode after this call: 'off' once unsubscribed. */
  mode: MailMode,
  unsubscribed: Type.Boolean(),
})
export type UnsubscribeInfo = Static<typeof UnsubscribeInfo>

/** A message of the mail outbox (administrators' view). */
export const MailOutboxItem = Type.Object({
  id: Type.String(),
  created_at: Timestamp,
  to: Type.String(),
  kind: Type.String(),
  subject: Type.String(),
  attempts: Type.Integer(),
  last_error: Nullable(Type.String()),
  sent_at: Nullable(Timestamp),
})
export type MailOutboxItem = Static<typeof MailOutboxItem>

/** DELETE /auth/me: the password again, and what becomes of one's posts and comments. */
export const DeleteAccountRequest = Type.Object({
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
  /** 'delete': posts go and comments are emptied; 'keep': both stay under "[deleted user]". */
  content: LiteralUnion('delete', 'keep'),
})
export type DeleteAccountRequest = Static<typeof DeleteAccountRequest>

/** A download of one's data (POST /auth/me/export, GET /auth/me/exports). */
export const ExportItem = Type.Object({
  id: Type.String(),
  status: LiteralUnion('pending', 'ready', 'failed', 'expired'),
  size: Nullable(Type.Integer()),
  created_at: Timestamp,
  ready_at: Nullable(Timestamp),
  expires_at: Nullable(Timestamp),
  /** Where to download it while it is ready (7 days). */
  download_url: Nullable(Type.String()),
})
export type ExportItem = Static<typeof ExportItem>
