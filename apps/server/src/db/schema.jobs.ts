import type { ColumnType, Generated, Selectable } from 'kysely'
import type { CreatedAt } from './schema.columns'

// Durable work: the analysis queue (features/analysis) and the domain events' outbox (events/).

/** One requested AI analysis of a post (features/analysis): a durable queue entry with a lease. */
export interface AnalysisJobsTable {
  id: string
  post_id: string
  status: ColumnType<
    'queued' | 'running' | 'done' | 'failed',
    'queued' | undefined,
    'queued' | 'running' | 'done' | 'failed'
  >
  attempts: Generated<number>
  run_after: ColumnType<Date, Date | string | undefined, Date | string>
  lease_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  last_error: ColumnType<string | null, string | null | undefined, string | null>
  created_at: CreatedAt
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}
export type AnalysisJobRow = Selectable<AnalysisJobsTable>

/** The candidate phrases of an analysed post, for document frequencies across the corpus. */
export interface AnalysisPostTermsTable {
  post_id: string
  term: string
}

/** A delivery of a domain event to a durable subscriber, waiting in the outbox (migration 0009). */
export interface EventOutboxTable {
  id: Generated<string>
  event: string
  handler: string
  payload: ColumnType<unknown, string, string>
  attempts: Generated<number>
  run_after: Generated<Date>
  lease_until: Date | null
  last_error: string | null
  failed_at: Date | null
  created_at: CreatedAt
}

/** A fact about the deployment every process must agree on, by key (migration 0037). */
export interface InstanceSettingsTable {
  key: string
  value: string
  created_at: CreatedAt
}
