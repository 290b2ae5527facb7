import type { ColumnType, Generated, Selectable } from 'kysely'
import type { CreatedAt } from './schema.columns'
import type { ModeratedColumns } from './schema.moderation'

/** The tables of open peer review. */

// ---- open peer review (features/reviews; migration 0045) ----

/** What a reviewer writes, and an edit may change: five criteria and a confidence, each 1–5. */
interface ReviewValues {
  summary: string
  soundness: number
  novelty: number
  clarity: number
  reproducibility: number
  significance: number
  confidence: number
  competing_interests: string
}

/** A reader's review of one version of a post, moderated as comments are. */
export interface ReviewsTable extends ReviewValues, ModeratedColumns {
  id: string
  post_id: string
  version: number
  reviewer_id: string
  revision: Generated<number>
  edited_at: ColumnType<Date | null, never, Date>
  withdrawn_at: ColumnType<Date | null, never, Date>
  created_at: CreatedAt
}
export type ReviewRow = Selectable<ReviewsTable>

/** The values a review had at one revision, kept when an edit replaced them. */
export interface ReviewRevisionsTable extends ReviewValues {
  review_id: string
  revision: number
  created_at: Date
}

/** An invitation to review a post, open until the invitee accepts or declines it. */
export interface ReviewRequestsTable {
  id: string
  post_id: string
  reviewer_id: string
  requester_id: string
  status: ColumnType<'open' | 'accepted' | 'declined', 'open' | undefined, 'accepted' | 'declined'>
  created_at: CreatedAt
  answered_at: ColumnType<Date | null, never, Date>
}

/** A reader found a review helpful (not their own). */
export interface ReviewHelpfulTable {
  review_id: string
  user_id: string
  created_at: CreatedAt
}

/** The work's author's answer to a review, one per review. */
export interface ReviewResponsesTable {
  review_id: string
  author_id: string
  content: string
  revision: Generated<number>
  edited_at: ColumnType<Date | null, never, Date>
  created_at: CreatedAt
}

/** What an edit of an answer replaced (migration 0048). */
export interface ReviewResponseRevisionsTable {
  review_id: string
  revision: number
  content: string
  created_at: Date
}

// ---- review bounties (features/bounties; migration 0046) ----

/**
 * Tokens a funder put in escrow on a post for reviews of it. Amounts are bigint base units, read
 * as text (`amount::text`), as the ledger reads them.
 */
export interface BountiesTable {
  id: string
  post_id: string
  funder_id: string
  amount: ColumnType<string, bigint | string, never>
  remaining: ColumnType<string, bigint | string, bigint | string>
  reviews_wanted: number
  deadline: Date
  status: ColumnType<'open' | 'cancelled' | 'closed', 'open' | undefined, 'cancelled' | 'closed'>
  created_at: CreatedAt
  closed_at: ColumnType<Date | null, never, Date>
}
export type BountyRow = Selectable<BountiesTable>

/** A share of a bounty awarded to a review; `returned_at` once moderation took it back. */
export interface BountyAwardsTable {
  id: string
  bounty_id: string
  review_id: string
  reviewer_id: string
  amount: ColumnType<string, bigint | string, never>
  returned_at: ColumnType<Date | null, never, Date>
  created_at: CreatedAt
}
