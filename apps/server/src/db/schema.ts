import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'
import type {
  AccountExportsTable,
  AccountTokensTable,
  MailColumns,
  MailDigestRunsTable,
  MailOutboxTable,
  NotificationMailTable,
  OrcidColumns,
  OrcidLinksTable,
  ReleasedUsernamesTable,
  SessionOriginColumns,
} from './schema.accounts'
import type { CreatedAt } from './schema.columns'
import type {
  BlobThumbnailsTable,
  BlobUploadsTable,
  IpfsBlocksTable,
  IpfsPinsTable,
  IpfsRootsTable,
} from './schema.files'
import type {
  AnalysisJobsTable,
  AnalysisPostTermsTable,
  EventOutboxTable,
  InstanceSettingsTable,
} from './schema.jobs'
import type {
  FaucetGrantsTable,
  RewardClaimsTable,
  RewardDayCountsTable,
  RewardEntriesTable,
} from './schema.ledger'
import type {
  BlocksTable,
  ModeratedColumns,
  ModLogTable,
  ReportsTable,
  StandingColumns,
} from './schema.moderation'
import type {
  BountiesTable,
  BountyAwardsTable,
  ReviewHelpfulTable,
  ReviewRequestsTable,
  ReviewResponseRevisionsTable,
  ReviewResponsesTable,
  ReviewRevisionsTable,
  ReviewsTable,
} from './schema.reviews'
import type {
  BookmarksTable,
  FeedEntriesTable,
  FollowsTable,
  NotificationActorsTable,
  NotificationSettingsTable,
  NotificationsTable,
} from './schema.social'

export type * from './schema.accounts'
export type * from './schema.files'
export type * from './schema.jobs'
export type * from './schema.ledger'
export type * from './schema.moderation'
export type * from './schema.reviews'
export type * from './schema.social'

/**
 * The database as Kysely sees it: one interface per table. Features own their tables; this file
 * only gathers them so every query is typed. Migrations never import from here.
 */
export interface Database {
  faucet_grants: FaucetGrantsTable
  users: UsersTable
  // iDs proven by signing in with ORCID (migration 0049)
  orcid_links: OrcidLinksTable
  sessions: SessionsTable
  comments: CommentsTable
  comment_likes: CommentLikesTable
  blobs: BlobsTable
  blob_thumbnails: BlobThumbnailsTable
  blob_uploads: BlobUploadsTable
  posts: PostsTable
  deleted_posts: DeletedPostsTable
  post_hot_scores: PostHotScoresTable
  post_files: PostFilesTable
  post_likes: PostLikesTable
  analysis_jobs: AnalysisJobsTable
  analysis_post_terms: AnalysisPostTermsTable
  reward_entries: RewardEntriesTable
  reward_claims: RewardClaimsTable
  reward_day_counts: RewardDayCountsTable
  event_outbox: EventOutboxTable
  post_revisions: PostRevisionsTable
  comment_revisions: CommentRevisionsTable
  // follows, bookmarks and the Following feed (migration 0013)
  follows: FollowsTable
  bookmarks: BookmarksTable
  feed_entries: FeedEntriesTable
  // notifications
  notifications: NotificationsTable
  notification_actors: NotificationActorsTable
  notification_settings: NotificationSettingsTable
  // versions of a post's files (migration 0011)
  post_versions: PostVersionsTable
  post_version_files: PostVersionFilesTable
  // open peer review (migration 0045)
  reviews: ReviewsTable
  review_helpful: ReviewHelpfulTable
  review_responses: ReviewResponsesTable
  review_response_revisions: ReviewResponseRevisionsTable
  review_revisions: ReviewRevisionsTable
  review_requests: ReviewRequestsTable
  bounties: BountiesTable
  bounty_awards: BountyAwardsTable
  // moderation and trust (migration 0014)
  reports: ReportsTable
  mod_log: ModLogTable
  blocks: BlocksTable
  // accounts and mail (migration 0015)
  account_tokens: AccountTokensTable
  mail_outbox: MailOutboxTable
  notification_mail: NotificationMailTable
  mail_digest_runs: MailDigestRunsTable
  released_usernames: ReleasedUsernamesTable
  account_exports: AccountExportsTable
  // the trustless IPFS gateway (migration 0018)
  ipfs_roots: IpfsRootsTable
  ipfs_blocks: IpfsBlocksTable
  // pinning public files on the IPFS network (migration 0031)
  ipfs_pins: IpfsPinsTable
  // facts every process of a deployment must agree on (migration 0037)
  instance_settings: InstanceSettingsTable
}

export interface UsersTable extends StandingColumns, MailColumns, OrcidColumns {
  id: string
  username: string
  /** The name's confusable skeleton (db/usernames.ts), kept with every change of the name. */
  username_skeleton: Generated<string>
  password_hash: string
  email: string
  phone: string
  nickname: string
  title: string
  bio: string
  url: string
  self_page: string
  tags: ColumnType<string[], string[] | undefined, string[]>
  avatar: string
  twitter: Generated<string>
  github: Generated<string>
  linkedin: Generated<string>
  /** An ORCID iD ('0000-0002-1825-0097'), or ''. */
  orcid: Generated<string>
  public_posts: Generated<boolean>
  public_activities: Generated<boolean>
  public_profile: Generated<boolean>
  public_statistics: Generated<boolean>
  public_contact: Generated<boolean>
  created_at: CreatedAt
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
}
export type UserRow = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>

/** A login session: one refresh-token family. Each refresh rotates the token and keeps the family. */
export interface SessionsTable extends SessionOriginColumns {
  id: string
  user_id: string
  refresh_hash: string
  /** Hashes of earlier refresh tokens of this family; presenting one again revokes the family. */
  previous_hashes: ColumnType<string[], string[] | undefined, string[]>
  mode: 'secure' | 'compat'
  expires_at: ColumnType<Date, Date | string, Date | string>
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  created_at: CreatedAt
  last_used_at: ColumnType<Date, Date | string | undefined, Date | string>
}
export type SessionRow = Selectable<SessionsTable>

/** One stored file, by content id. `refs` is kept by a trigger on post_files. */
export interface BlobsTable {
  cid: string
  size: number
  mime: string
  refs: Generated<number>
  /** Uploaded on its own (POST /media/upload/ipfs): kept even when no post refers to it. */
  pinned: Generated<boolean>
  created_at: CreatedAt
  /** A video's or audio's length in seconds; null until known (migration 0019). */
  duration_seconds: ColumnType<number | null, number | null | undefined, number | null>
  /** A PDF's number of pages; null until known. */
  page_count: ColumnType<number | null, number | null | undefined, number | null>
}
export type BlobRow = Selectable<BlobsTable>

/** Where a post or comment stands in its edit history (features/revisions). */
interface EditedColumns {
  /** 1 when written; each edit adds one. */
  revision: Generated<number>
  edited_at: ColumnType<Date | null, never, Date>
  edited_by: ColumnType<string | null, never, string>
}

export interface PostsTable extends EditedColumns, ModeratedColumns {
  id: string
  user_id: string
  title: string
  summary: ColumnType<string, string | undefined, string>
  content: ColumnType<string, string | undefined, string>
  tags: ColumnType<string[], string[] | undefined, string[]>
  visibility: ColumnType<'public' | 'private', 'public' | 'private' | undefined, 'public' | 'private'>
  media_type: string
  ai_instruction: ColumnType<string, string | undefined, string>
  /** An SPDX licence id, or 'all-rights-reserved'. */
  license: ColumnType<string, string | undefined, string>
  /** A DOI without its resolver ('10.1234/abc'), or ''. */
  doi: ColumnType<string, string | undefined, string>
  /** JSON text; '{}' until the analysis exists. */
  ai_analysis: Generated<string>
  likes_count: Generated<number>
  comments_count: Generated<number>
  /** Kept by a trigger from likes, comments and created_at (see posts.hot.ts). */
  hot_score: Generated<number>
  /** tsvector, kept by a trigger; never selected. */
  search: Generated<string>
  created_at: CreatedAt
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
  /** The current version of the post's files (features/versions); 1 when written. */
  version: ColumnType<number, never, number>
  /** When its author last shared what the post held while private (migration 0041); null: never. */
  private_history_shared_at: ColumnType<Date | null, never, Date | null>
}
export type PostRow = Selectable<PostsTable>

/** Each post's hot score, indexed for the Hot order; kept by triggers on posts (migration 0040). */
export interface PostHotScoresTable {
  post_id: ColumnType<string, never, never>
  hot_score: ColumnType<number, never, never>
}
export type NewPost = Insertable<PostsTable>

/** A post its author deleted, by id alone (migration 0044, written by a trigger): its address answers 410. */
export interface DeletedPostsTable {
  id: ColumnType<string, never, never>
  deleted_at: ColumnType<Date, never, never>
}

export interface PostFilesTable {
  post_id: string
  position: number
  cid: string
  name: string
  mime: string
  size: number
  kind: 'image' | 'video' | 'audio' | 'document' | 'other'
}
export type PostFileRow = Selectable<PostFilesTable>

export interface PostLikesTable {
  user_id: string
  post_id: string
  created_at: CreatedAt
}

/** A comment or reply (features/comments). `root_id` is the thread's top-level comment. */
export interface CommentsTable extends EditedColumns, ModeratedColumns {
  id: string
  post_id: string
  user_id: string
  parent_id: string | null
  root_id: string | null
  /** 1 top-level, 2 reply to a top-level comment, 3 anything deeper. */
  level: number
  content: string
  likes_count: Generated<number>
  reply_count: Generated<number>
  created_at: CreatedAt
  /** The post's version when the comment was written; set by the database (migration 0011). */
  post_version: Generated<number>
  /** tsvector, generated from content; never selected. */
  search: ColumnType<string, never, never>
  /** Where in one of the post's files the comment points (migration 0019); null: nowhere. */
  anchor_cid: ColumnType<string | null, string | null | undefined, never>
  anchor_kind: ColumnType<'text' | 'time' | null, 'text' | 'time' | null | undefined, never>
  anchor_page: ColumnType<number | null, number | null | undefined, never>
  anchor_exact: ColumnType<string | null, string | null | undefined, never>
  anchor_prefix: ColumnType<string | null, string | null | undefined, never>
  anchor_suffix: ColumnType<string | null, string | null | undefined, never>
  anchor_start: ColumnType<number | null, number | null | undefined, never>
  anchor_end: ColumnType<number | null, number | null | undefined, never>
  /** Set when its author deleted it while it had replies: a placeholder in the thread (migration 0041). */
  deleted_at: ColumnType<Date | null, never, Date | null>
}
export type CommentRow = Omit<Selectable<CommentsTable>, 'search'>
export type NewComment = Insertable<CommentsTable>

export interface CommentLikesTable {
  user_id: string
  comment_id: string
  created_at: CreatedAt
}

/** The values a post had at one revision, kept when an edit replaced them (features/revisions). */
export interface PostRevisionsTable {
  post_id: string
  revision: number
  title: string
  summary: string
  content: string
  tags: string[]
  visibility: string
  editor_id: string | null
  created_at: ColumnType<Date, Date | string, never>
}

/** The text a comment had at one revision, kept when an edit replaced it (features/revisions). */
export interface CommentRevisionsTable {
  comment_id: string
  revision: number
  content: string
  editor_id: string | null
  created_at: ColumnType<Date, Date | string, never>
}

// ---- versions of a post's files (features/versions; migration 0011) ----

/** One version of a post's files; the current one's files are post_files, earlier ones' post_version_files. */
export interface PostVersionsTable {
  post_id: string
  version: number
  /** One line saying what changed; '' for the first version. */
  changelog: ColumnType<string, string | undefined, string>
  /** The CID `ipfs add -r --cid-version 1` gives a directory of the version's files; null until computed. */
  manifest_cid: ColumnType<string | null, string | null | undefined, string | null>
  created_by: string | null
  created_at: ColumnType<Date, Date | string | undefined, never>
  /** Published while the post was private (migration 0041): shown to others only once shared. */
  made_private: ColumnType<boolean, boolean | undefined, never>
}
export type PostVersionRow = Selectable<PostVersionsTable>

/** A file of an earlier (no longer current) version of a post; counted in blobs.refs like post_files. */
export interface PostVersionFilesTable extends PostFilesTable {
  version: number
}
export type PostVersionFileRow = Selectable<PostVersionFilesTable>
