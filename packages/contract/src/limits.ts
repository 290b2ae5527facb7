// Plain constants with no schema library behind them, so the web bundle can import them cheaply.

/** Limits shared by the server's validation and the forms' maxLength attributes. */
export const USERNAME_MAX = 20
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
export const EMAIL_MAX = 254
export const PHONE_MAX = 20
/** Letters and digits of any script, plus _ . - */
export const USERNAME_PATTERN = '^[\\p{L}\\p{N}_.\\-]+$'
export const PHONE_PATTERN = '^[0-9 +()\\-]*$'
/** Access tokens live 15 minutes in both modes (architecture.md §6). */
export const ACCESS_TOKEN_TTL_SECONDS = 900
/** The token has 9 decimals: an amount of tokens is amount × 10^9 base units (faucet and rewards). */
export const TOKEN_DECIMALS = 9

// Posts and uploads: the server's checks and the upload form.

export const UPLOAD_MAX_FILES = 5
export const UPLOAD_MAX_FILE_BYTES = 50 * 1024 * 1024
export const POST_TITLE_MAX = 200
export const POST_SUMMARY_MAX = 2_000
export const POST_CONTENT_MAX = 100_000
export const POST_AI_INSTRUCTION_MAX = 2_000
export const POST_TAGS_MAX = 10
export const POST_TAG_MAX_LENGTH = 32
export const POST_LIST_DEFAULT_LIMIT = 12
export const POST_LIST_MAX_LIMIT = 50
export const POST_SEARCH_MAX_LENGTH = 200
/** What a post's files are, as the list filters by them (`media_type`). */
export const MEDIA_TYPES = ['image', 'video', 'audio', 'document'] as const
export type MediaType = (typeof MEDIA_TYPES)[number]

/** §5 "Maximum lengths on the own page"; the server enforces the same numbers. */
export const PROFILE_LIMITS = {
  username: USERNAME_MAX,
  nickname: 40,
  title: 40,
  url: 60,
  bio: 500,
  email: EMAIL_MAX,
  phone: PHONE_MAX,
  selfPage: 200,
  socialLink: 100,
  tags: 10,
  tag: 32,
} as const

// Comments.
/** A comment's text, after trimming, is 1 to this many characters (Unicode code points). */
export const COMMENT_CONTENT_MAX = 5000
/** 1 = top-level comment, 2 = reply to a top-level comment, 3 = reply to a reply (and deeper replies). */
export const COMMENT_LEVEL_MAX = 3
export const COMMENTS_PAGE_SIZE = 12
export const COMMENTS_PAGE_MAX = 100

// Reviews.
/** The five criteria a review rates, each 1–5. */
export const REVIEW_CRITERIA = ['soundness', 'novelty', 'clarity', 'reproducibility', 'significance'] as const
export type ReviewCriterion = (typeof REVIEW_CRITERIA)[number]
/** A review's summary, after trimming, is this many characters at least. */
export const REVIEW_SUMMARY_MIN = 200
export const REVIEW_SUMMARY_MAX = 20_000
export const REVIEW_INTERESTS_MAX = 2_000
export const REVIEW_RESPONSE_MAX = 20_000
export const REVIEWS_PAGE_SIZE = 20

/** Avatar uploads: stored as a square WebP of this many pixels, from at most this many bytes. */
export const AVATAR_SIZE_PX = 256
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024

/** Versions of a post's files: the longest changelog, in characters. */
export const VERSION_CHANGELOG_MAX = 200

/** Every kind of notification (described in notifications.ts), in the order settings list them. */
export const NOTIFICATION_KINDS = [
  'comment',
  'reply',
  'mention',
  'like',
  'followed_author',
  'followed_tag',
  'claim_paid',
  'claim_failed',
  'moderation',
  'review',
  'review_request',
  'review_response',
  'bounty_award',
] as const

/** How a kind of notification comes by mail: not at all, at once, or in a digest. */
export const MAIL_MODES = ['off', 'instant', 'daily', 'weekly'] as const

// Moderation.
/** Why a post, a comment or a user is reported. */
export const REPORT_REASONS = [
  'spam',
  'harassment',
  'plagiarism',
  'copyright',
  'misinformation',
  'other',
] as const
export const REPORT_TARGET_TYPES = ['post', 'comment', 'user', 'review'] as const
/** A user's role: moderators see the queue and act; admins also grant and revoke moderator. */
export const USER_ROLES = ['user', 'moderator', 'admin'] as const
/** A reporter's note and a moderator's reason, in characters. */
export const REPORT_NOTE_MAX = 1000
export const MOD_REASON_MAX = 500
/** Where a post or a comment stands with the moderators. */
export const MODERATION_STATES = ['visible', 'hidden', 'removed'] as const
/** What a moderator did, as the moderation log names it. */
export const MOD_ACTIONS = [
  'dismiss',
  'hide',
  'restore',
  'remove',
  'suspend',
  'unsuspend',
  'grant',
  'revoke',
  'trust',
  'review_requested',
] as const
/** Trust: 'new' accounts have tighter limits; 'member' the usual ones. */
export const TRUST_LEVELS = ['new', 'member'] as const

// Written for science.
/** The licences a post may carry: SPDX ids, and all-rights-reserved. The first is the default. */
export const POST_LICENSES = ['CC-BY-4.0', 'CC-BY-SA-4.0', 'CC0-1.0', 'all-rights-reserved'] as const
export const DOI_MAX = 200
/** An ORCID iD as typed: bare (19 characters) or as its orcid.org link. */
export const ORCID_MAX = 60

/**
 * A DOI as stored: '' for none, the bare '10.…/…' form for one given bare, as `doi:…` or as a
 * doi.org link; null when it is not a DOI (Crossref's pattern for modern DOIs). The server and the
 * post forms check with this one function.
 */
export function normaliseDoi(raw: string): string | null {
  const doi = raw
    .trim()
    .replace(/^https?:\/\/(dx\.)?doi\.org\//i, '')
    .replace(/^doi:\s*/i, '')
  if (!doi) return ''
  return doi.length <= DOI_MAX && /^10\.\d{4,9}\/[-._;()/:a-z0-9<>[\]]+$/i.test(doi) ? doi : null
}
/** A DOI's doi.org link, encoded as the DOI Handbook asks (every reserved character but `/`). */
export function doiUrl(doi: string): string {
  return `https://doi.org/${encodeURIComponent(doi).replaceAll('%2F', '/')}`
}

/** Where each open licence is explained (all-rights-reserved has no such page). */
export const LICENSE_URLS: Readonly<Record<string, string>> = {
  'CC-BY-4.0': 'https://creativecommons.org/licenses/by/4.0/',
  'CC-BY-SA-4.0': 'https://creativecommons.org/licenses/by-sa/4.0/',
  'CC0-1.0': 'https://creativecommons.org/publicdomain/zero/1.0/',
}

/**
 * An ORCID iD as stored ('0000-0002-1825-0097'), '' for none, or null when it is not one: four
 * groups of four, given bare or as an orcid.org link, whose last character is the ISO 7064 11,2
 * checksum of the fifteen digits before it. The server and the own page check with this one function.
 */
export function normaliseOrcid(raw: string): string | null {
  const bare = raw
    .trim()
    .replace(/^https?:\/\/(www\.)?orcid\.org\//i, '')
    .toUpperCase()
  if (!bare) return ''
  if (!/^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/.test(bare)) return null
  const digits = bare.replaceAll('-', '')
  let total = 0
  for (const digit of digits.slice(0, 15)) total = (total + Number(digit)) * 2
  const check = (12 - (total % 11)) % 11
  return digits[15] === (check === 10 ? 'X' : String(check)) ? bare : null
}

// Review bounties: the server's checks and the funding form.

export const BOUNTY_REVIEWS_WANTED_MAX = 5
/** A deadline is a UTC date this many days ahead. */
export const BOUNTY_DAYS_MIN = 1
export const BOUNTY_DAYS_MAX = 60
/** Whole tokens one bounty may hold: far beyond any balance, short of the ledger's bigint. */
export const BOUNTY_AMOUNT_MAX = 1_000_000_000
