import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt } from './schema.columns'

/** The tables and columns of accounts and mail (features/mail, features/auth; migration 0015). */

type Moment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

/** A user's address and mail standing. */
export interface MailColumns {
  email_verified_at: Moment
  email_bounced_at: Moment
  /** The language of their mail: 'en' or 'zh'. */
  language: Generated<string>
  /** When their last digest went out (daily or weekly). */
  digest_sent_at: Moment
  /** The account was deleted: "[deleted user]" from then on (migration 0016). */
  deleted_at: Moment
}

/** Where a session was opened. */
export interface SessionOriginColumns {
  user_agent: Generated<string>
  ip_prefix: Generated<string>
}

export type AccountTokenPurpose = 'verify_email' | 'reset_password'

/** A single-use link, by the hash of its token. */
export interface AccountTokensTable {
  token_hash: string
  user_id: string
  purpose: AccountTokenPurpose
  /** The address a verification link proves. */
  email: Generated<string>
  expires_at: ColumnType<Date, Date | string, Date | string>
  used_at: Moment
  created_at: CreatedAt
}

export type MailStatus = 'pending' | 'sent' | 'failed'

/** One message to send, from the transaction that decided to send it. */
export interface MailOutboxTable {
  id: string
  user_id: string | null
  to_address: string
  kind: string
  subject: string
  text_body: string
  html_body: string
  headers: ColumnType<Record<string, string>, string | undefined, string>
  status: Generated<MailStatus>
  attempts: Generated<number>
  run_after: ColumnType<Date, Date | string | undefined, Date | string>
  lease_until: Moment
  last_error: ColumnType<string | null, string | null | undefined, string | null>
  sent_at: Moment
  created_at: CreatedAt
}

export type MailMode = 'off' | 'instant' | 'daily' | 'weekly'

export interface NotificationMailTable {
  user_id: string
  kind: string
  mode: MailMode
}

export interface MailDigestRunsTable {
  period: 'daily' | 'weekly'
  period_start: ColumnType<Date, Date | string, never>
  finished_at: Moment
}

export interface ReleasedUsernamesTable {
  username_lower: string
  free_at: ColumnType<Date, Date | string, Date | string>
}

export type ExportStatus = 'pending' | 'ready' | 'failed' | 'expired'

/** A download of one's data (migration 0016). */
export interface AccountExportsTable {
  id: string
  user_id: string
  status: Generated<ExportStatus>
  cid: ColumnType<string | null, string | null | undefined, string | null>
  size: ColumnType<string | null, number | null | undefined, number | null>
  attempts: Generated<number>
  run_after: ColumnType<Date, Date | string | undefined, Date | string>
  last_error: ColumnType<string | null, string | null | undefined, string | null>
  created_at: CreatedAt
  ready_at: Moment
  expires_at: Moment
}

/** A user's ORCID iD as proven by signing in with it (migration 0049). */
export interface OrcidColumns {
  /** When `orcid` was proven by signing in with ORCID (orcid_links); null: only typed in. */
  orcid_verified_at: Moment
}

/** An ORCID iD an account signed in with: one per account, one account per iD. */
export interface OrcidLinksTable {
  user_id: string
  orcid: string
  given_name: string
  family_name: string
  linked_at: CreatedAt
}
