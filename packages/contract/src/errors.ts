// Every refusal the API gives, by its stable `code`: plain constants, so the browser imports them
// without TypeBox. The web app words each code from its own translations (locales/*/errors.json);
// `detail` is the English sentence API clients read, with `{{name}}` filled from the answer's `params`.

/** One refusal: its HTTP status and the English sentence it answers with by default. */
export interface ErrorEntry {
  readonly status: number
  readonly detail: string
}

export const ERRORS = {
  // Any request
  bad_request: { status: 400, detail: 'The request is not valid' },
  validation_failed: { status: 400, detail: 'Invalid {{field}}: {{message}}' },
  malformed_form: { status: 400, detail: 'The form data is malformed or was cut off' },
  control_characters: { status: 400, detail: '{{field}} must not contain control characters (such as NUL)' },
  bad_cursor: { status: 400, detail: 'This page cursor is not valid: start from the first page' },
  unknown_sort: { status: 400, detail: 'Unknown sort_by "{{value}}": use {{allowed}}' },
  unknown_media_type: { status: 400, detail: 'Unknown media_type "{{value}}": use {{allowed}}' },
  unauthorized: { status: 401, detail: 'Not authenticated' },
  login_required: { status: 401, detail: 'Please login first' },
  session_expired: { status: 401, detail: 'Session expired, please login again' },
  account_gone: { status: 401, detail: 'Your account no longer exists' },
  invalid_credentials: { status: 401, detail: 'Invalid username or password' },
  metrics_token_required: { status: 401, detail: 'The metrics need the Bearer token set in METRICS_TOKEN' },
  forbidden: { status: 403, detail: 'You are not allowed to do that' },
  cross_site: { status: 403, detail: 'Cross-site request refused: it must come from this site' },
  suspended: {
    status: 403,
    detail:
      'Your account is suspended until {{until}}. You can read, but not post, comment, like or change anything until then.',
  },
  moderators_only: { status: 403, detail: 'Only moderators can do this' },
  admins_only: { status: 403, detail: 'Only administrators can do this' },
  not_author: { status: 403, detail: 'Only the author can do this' },
  not_found: { status: 404, detail: 'Not found' },
  no_such_endpoint: { status: 404, detail: 'No such endpoint: {{method}} {{path}}' },
  no_such_page: { status: 404, detail: 'No such page: {{path}}' },
  not_acceptable: { status: 406, detail: 'None of the accepted formats can be given' },
  conflict: { status: 409, detail: 'This conflicts with what is already there' },
  edit_conflict: { status: 409, detail: 'This was changed meanwhile: compare it with your edit' },
  gone: { status: 410, detail: 'This is gone for good' },
  range_not_satisfiable: { status: 416, detail: 'The requested range is outside the file' },
  payload_too_large: { status: 413, detail: 'The request is too large' },
  unsupported_media_type: { status: 415, detail: 'This kind of content is not accepted here' },
  too_many_requests: {
    status: 429,
    detail: 'Too many requests. Please wait {{seconds}} seconds and try again.',
  },
  too_many_attempts: {
    status: 429,
    detail: 'Too many attempts. Please wait {{seconds}} seconds and try again.',
  },
  too_many_streams: { status: 429, detail: 'Too many live updates are open from here: close some tabs' },
  uri_too_long: { status: 414, detail: 'A part of the address is too long' },
  internal: { status: 500, detail: 'Something went wrong on our side. Please try again.' },
  service_unavailable: {
    status: 503,
    detail: 'The service is unavailable right now. Please try again shortly.',
  },
  busy: { status: 503, detail: 'The server is busy right now. Please try again shortly.' },
  insufficient_storage: { status: 507, detail: 'The server has no room to store this right now' },

  // Accounts and sign-in
  username_taken: { status: 409, detail: 'That username is already taken' },
  username_lookalike: {
    status: 409,
    detail: 'That username looks the same as one already taken; please choose another',
  },
  wrong_password: { status: 400, detail: 'Your password is not right' },
  identifier_required: { status: 400, detail: 'Enter your username or e-mail address' },
  session_not_found: { status: 404, detail: 'No such session' },
  link_unknown: {
    status: 400,
    detail: 'This link is not valid. Check that you copied all of it, or ask for a new one.',
  },
  link_used: {
    status: 400,
    detail: 'This link has already been used. Ask for a new one if you still need it.',
  },
  link_expired: { status: 400, detail: 'This link has expired. Ask for a new one.' },
  link_address_changed: {
    status: 400,
    detail: 'This link is for an address that is no longer on your account.',
  },
  email_required: { status: 400, detail: 'Add an e-mail address to your profile first' },
  email_already_verified: { status: 409, detail: 'Your e-mail address is already verified' },
  mail_daily_limit: {
    status: 429,
    detail: 'Too many verification e-mails. Please wait an hour and try again.',
  },

  // Signing in with ORCID
  orcid_off: { status: 404, detail: 'Signing in with ORCID is not set up on this server' },
  orcid_unavailable: { status: 503, detail: 'ORCID could not be reached. Please try again shortly.' },
  orcid_state_invalid: {
    status: 400,
    detail: 'This ORCID sign-in was not started here or has expired. Please start again.',
  },
  orcid_refused: { status: 400, detail: 'ORCID did not confirm who you are. Please start again.' },
  orcid_already_linked: { status: 409, detail: 'Your account is already linked to another ORCID iD' },
  orcid_not_linked: { status: 404, detail: 'Your account is not linked to an ORCID iD' },
  orcid_only_sign_in: {
    status: 409,
    detail: 'ORCID is how you sign in: set a password before you unlink it',
  },

  // Profiles
  not_own_profile: { status: 403, detail: 'You can only modify your own profile' },
  user_not_found: { status: 404, detail: 'User not found' },
  nothing_to_update: { status: 400, detail: 'Nothing to update: send at least one field' },
  orcid_taken: { status: 409, detail: 'That ORCID iD is on another account' },
  image_required: { status: 400, detail: 'Please choose an image to upload' },
  one_image_only: { status: 400, detail: 'Send one image as new_avatar' },
  too_many_fields: { status: 400, detail: 'The form has too many fields' },
  avatar_too_large: { status: 413, detail: 'The avatar must be at most {{mb}} MB' },
  not_an_image: { status: 415, detail: 'Invalid file type. Please upload an image file.' },
  image_unreadable: { status: 415, detail: 'This image could not be read' },

  // Posts, versions and files
  post_not_found: { status: 404, detail: 'Post not found' },
  author_posts_private: { status: 403, detail: 'This author keeps their posts private' },
  filter_invalid: { status: 400, detail: 'This filter is not valid' },
  post_hidden: { status: 404, detail: 'This post was hidden by the moderators' },
  post_removed: { status: 410, detail: 'This post was removed by the moderators' },
  post_deleted: { status: 410, detail: 'This post was deleted by its author' },
  version_not_found: { status: 404, detail: 'This post has no such version' },
  changelog_required: { status: 400, detail: 'Say in one line what changed (changelog)' },
  changelog_one_line: { status: 400, detail: 'The changelog is one line' },
  changelog_too_long: { status: 400, detail: 'The changelog is at most {{max}} characters' },
  version_file_unknown: { status: 400, detail: 'There is no file named {{name}} in the current version' },
  version_file_twice: { status: 400, detail: 'Two files of the new version are named {{name}}' },
  version_needs_file: { status: 400, detail: 'A version needs at least one file: upload one or keep one' },
  too_many_files: { status: 400, detail: 'Maximum {{max}} files allowed' },
  too_many_versions: { status: 409, detail: 'This post has too many versions' },
  version_moved_on: {
    status: 409,
    detail: 'A new version of this post was published meanwhile: reload it and try again',
  },
  file_required: { status: 400, detail: 'Please select a file to upload' },
  file_empty: { status: 400, detail: 'File {{name}} is empty' },
  file_too_large: { status: 413, detail: 'File {{name}} exceeds {{mb}}MB limit' },
  field_too_long: { status: 413, detail: 'The field {{field}} is too long' },
  file_type_refused: { status: 415, detail: 'File {{name}} is not an allowed type' },
  multipart_required: { status: 415, detail: 'Send the upload as multipart/form-data' },
  file_not_found: { status: 404, detail: 'File not found' },
  thumbnail_not_found: { status: 404, detail: 'This file has no thumbnail' },
  preview_docx_only: { status: 415, detail: 'Preview is only available for DOCX documents' },
  preview_too_large: { status: 413, detail: 'This document is too large to preview' },
  preview_unreadable: { status: 415, detail: 'This document could not be read for preview' },
  storage_quota: { status: 413, detail: 'This upload would pass your storage quota' },
  uploads_too_fast: { status: 429, detail: 'Too many uploads at once. Please wait {{seconds}} seconds.' },
  new_account_links: {
    status: 400,
    detail: 'New accounts can include at most {{max}} links in a text (this one has {{count}})',
  },
  new_account_posts: {
    status: 429,
    detail: 'New accounts can write {{max}} posts a day. You can post again at {{at}}.',
  },
  new_account_comments: {
    status: 429,
    detail: 'New accounts can write {{max}} comments an hour. You can comment again at {{at}}.',
  },

  // Comments
  comment_not_found: { status: 404, detail: 'Comment not found' },
  comment_hidden: { status: 404, detail: 'The moderators hid this comment' },
  comment_removed: { status: 404, detail: 'The moderators removed this comment' },
  comment_empty: { status: 400, detail: 'Comment cannot be empty' },
  comment_too_long: { status: 400, detail: 'A comment is at most {{max}} characters' },
  parent_not_found: { status: 404, detail: 'The comment you are replying to no longer exists' },
  parent_on_other_post: { status: 400, detail: 'The comment you are replying to belongs to another post' },
  anchor_invalid: { status: 400, detail: 'This comment points into a file in a way that is not valid' },
  blocked_by_author: { status: 403, detail: 'You cannot reply here: the author has blocked you' },

  // Reviews
  review_not_found: { status: 404, detail: 'Review not found' },
  review_own_work: { status: 403, detail: 'You cannot review your own work' },
  review_not_public: { status: 403, detail: 'Only public posts can be reviewed' },
  review_exists: {
    status: 409,
    detail: 'You have already reviewed this version; a new version may be reviewed again',
  },
  review_blocked: { status: 403, detail: 'You cannot review this work: its author has blocked you' },
  review_not_reviewer: { status: 403, detail: 'Only its reviewer can edit or withdraw a review' },
  review_own_helpful: { status: 403, detail: 'You cannot mark your own review helpful' },
  review_response_author: { status: 403, detail: "Only the work's author can answer a review" },
  review_response_exists: { status: 409, detail: 'This review has been answered already' },
  review_withdrawn: { status: 409, detail: 'This review was withdrawn by the reviewer' },
  review_moderated: { status: 409, detail: 'A moderator has hidden this review' },
  review_withdrawn_gone: {
    status: 410,
    detail: 'This review was withdrawn by the reviewer: it can no longer be cited',
  },
  review_request_author: { status: 400, detail: 'The author of a work cannot be invited to review it' },
  review_request_open: {
    status: 409,
    detail: 'This reviewer has an open invitation to review this work already',
  },
  review_request_not_found: { status: 404, detail: 'Review invitation not found' },
  review_request_answered: { status: 409, detail: 'This invitation has been answered already' },

  // Review bounties
  bounty_not_found: { status: 404, detail: 'Bounty not found' },
  bounty_not_public: { status: 403, detail: 'Bounties can be put only on public posts' },
  bounty_deadline_invalid: {
    status: 400,
    detail: 'The deadline must be a date 1 to 60 days ahead (YYYY-MM-DD)',
  },
  bounty_balance_short: {
    status: 402,
    detail: 'You can put at most {{claimable}} tokens into a bounty now: that is your claimable balance',
  },
  bounty_not_funder: { status: 403, detail: 'Only the funder of a bounty can award or cancel it' },
  bounty_closed: { status: 409, detail: 'This bounty is closed' },
  bounty_has_reviews: {
    status: 409,
    detail: 'Reviews have arrived since this bounty opened: award them; what is left returns at the deadline',
  },
  bounty_award_too_much: { status: 409, detail: 'This bounty has {{remaining}} tokens left' },
  bounty_awards_full: { status: 409, detail: 'This bounty has awarded the {{wanted}} reviews it asked for' },
  bounty_award_twice: { status: 409, detail: 'This review has an award from this bounty already' },
  bounty_review_early: {
    status: 409,
    detail: 'Only reviews posted after the bounty opened can be awarded',
  },
  bounty_review_elsewhere: { status: 400, detail: 'This review is of another work' },
  bounty_award_self: { status: 403, detail: 'You cannot award your own bounty to yourself' },
  bounty_award_author: { status: 403, detail: "A bounty cannot be awarded to the work's author" },
  bounty_award_new_account: {
    status: 403,
    detail: 'This reviewer’s account is too new to receive awards: try again after {{hours}} hours',
  },
  bounty_award_shared_sessions: {
    status: 403,
    detail: 'This reviewer signs in from the same device as the funder or the author: no award',
  },

  // People
  cannot_follow_self: { status: 400, detail: 'You cannot follow yourself' },
  follow_target_invalid: { status: 400, detail: 'Say whom to follow: a user id or a tag' },
  cannot_block_self: { status: 400, detail: 'You cannot block yourself' },

  // Moderation
  report_not_found: { status: 404, detail: 'Report not found' },
  report_resolved: { status: 409, detail: 'This report is already resolved' },
  already_reported: { status: 409, detail: 'You have already reported this; the moderators will look at it' },
  cannot_report_self: { status: 400, detail: 'You cannot report yourself or your own contributions' },
  already_moderated: { status: 409, detail: 'This is already hidden or removed' },
  not_moderated: { status: 409, detail: 'This is not hidden or removed' },
  review_already_asked: { status: 409, detail: 'You have already asked for a review' },
  suspension_in_past: { status: 400, detail: 'The suspension must end in the future' },
  suspension_needs_end: { status: 400, detail: 'Say until when' },
  cannot_suspend_self: { status: 403, detail: 'You cannot suspend yourself' },
  cannot_suspend_staff: {
    status: 403,
    detail: 'Only an administrator can suspend a moderator, and nobody an administrator',
  },
  user_not_moderatable: { status: 400, detail: 'A user cannot be hidden or removed; suspend them instead' },
  not_suspended: { status: 409, detail: '{{username}} is not suspended' },
  admin_role_fixed: { status: 403, detail: 'An administrator’s role is changed from the command line only' },

  // Exports
  export_not_found: { status: 404, detail: 'No such export' },
  export_expired: { status: 404, detail: 'This export has expired. Ask for a new one.' },
  export_not_ready: { status: 404, detail: 'This export is not ready yet' },
  export_daily_limit: {
    status: 429,
    detail: 'You can ask for 3 exports a day. Please use the latest one or try tomorrow.',
  },

  // Notifications and mail
  unsubscribe_link_invalid: { status: 400, detail: 'This unsubscribe link is not valid' },
  notification_ids_invalid: { status: 400, detail: 'These are not all notification ids' },
  mark_read_needs_ids: {
    status: 400,
    detail: 'Name the notifications to mark read (ids), or send all: true',
  },

  // Feeds
  feed_not_found: { status: 404, detail: 'No such feed' },

  // Rewards and the wallet
  claim_pending: {
    status: 409,
    detail: 'You already have a claim on its way: wait until it is paid or has failed',
  },
  claim_key_reused: {
    status: 409,
    detail: 'This client_key was already used for a claim with another address or amount',
  },
  claim_amount_invalid: { status: 400, detail: 'This amount cannot be claimed' },
  invalid_address: { status: 400, detail: 'Invalid Solana address' },
  token_account_address: {
    status: 400,
    detail: 'That is a token account, not a wallet: enter the wallet address',
  },
  faucet_to_itself: { status: 400, detail: 'The faucet cannot send tokens to itself' },
  amount_invalid: { status: 400, detail: 'Amount must be greater than 0' },
  amount_too_large: { status: 400, detail: 'Amount can be at most {{max}} tokens per request' },
  amount_too_precise: { status: 400, detail: 'Amount can have at most {{places}} decimal places' },
  faucet_daily_limit: {
    status: 429,
    detail: 'The daily limit of the faucet is reached. Please wait {{seconds}} seconds.',
  },
  chain_unreachable: {
    status: 503,
    detail: 'The Solana network could not be reached; please try again later',
  },
  transfer_failed: { status: 503, detail: 'Token transfer failed, please try again' },
  transfer_unconfirmed: { status: 503, detail: 'The transfer was sent but not yet confirmed' },

  // The IPFS gateway
  cid_invalid: { status: 400, detail: 'Not a valid CID' },
  cid_not_found: { status: 404, detail: 'No content with this CID is here' },
  ipfs_path_not_found: { status: 404, detail: 'No such path under this CID' },
  ipfs_block_missing: { status: 404, detail: 'A file of this content is missing from the store' },
  gateway_trustless: { status: 400, detail: 'This gateway is trustless: ask for a block or a CAR' },
  gateway_request_invalid: { status: 400, detail: 'This gateway request is not valid' },
  corrupt_block: { status: 500, detail: 'The stored bytes of this content no longer match its CID' },
  directory_mismatch: { status: 500, detail: 'This directory could not be rebuilt from its files' },
} as const satisfies Record<string, ErrorEntry>

export type ErrorCode = keyof typeof ERRORS
/** The codes answered with this HTTP status. */
export type ErrorCodeOf<Status extends number> = {
  [Code in ErrorCode]: (typeof ERRORS)[Code]['status'] extends Status ? Code : never
}[ErrorCode]

/** Values filled into a refusal's sentence: numbers, names, and times as ISO strings. */
export type ErrorParams = Readonly<Record<string, string | number>>

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERRORS, code)
}

/** `template` with each `{{name}}` replaced by `params[name]` (left as written when absent). */
export function fillDetail(template: string, params: ErrorParams = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  )
}
