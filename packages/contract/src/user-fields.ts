import Type from 'typebox'
import {
  EMAIL_MAX,
  ORCID_MAX,
  PHONE_MAX,
  PHONE_PATTERN,
  PROFILE_LIMITS,
  USERNAME_MAX,
  USERNAME_PATTERN,
} from './limits'

// A user's fields, each written once: what registration (auth.ts) and the /modify calls (profiles.ts)
// accept, and the groups of fields that several answers carry. Building blocks of the contract's
// schemas, so index.ts does not export them.

// ---- Accepted: one schema per editable field, with the own page's limits (§5) ----

export const Username = Type.String({ minLength: 1, maxLength: USERNAME_MAX, pattern: USERNAME_PATTERN })
export const Nickname = Type.String({ maxLength: PROFILE_LIMITS.nickname })
export const Title = Type.String({ maxLength: PROFILE_LIMITS.title })
export const Bio = Type.String({ maxLength: PROFILE_LIMITS.bio })
/** Empty clears it; otherwise an http(s) address (checked by the server). */
export const WebUrl = Type.String({ maxLength: PROFILE_LIMITS.url })
/** Empty, or an email address. */
export const Email = Type.Union([Type.Literal(''), Type.String({ format: 'email', maxLength: EMAIL_MAX })])
export const Phone = Type.String({ maxLength: PHONE_MAX, pattern: PHONE_PATTERN })
export const SelfPage = Type.String({ maxLength: PROFILE_LIMITS.selfPage })
export const SocialLink = Type.String({ maxLength: PROFILE_LIMITS.socialLink })
/** A comma-separated string, or the list itself. */
export const Tags = Type.Union([
  Type.String({ maxLength: 400 }),
  Type.Array(Type.String({ maxLength: PROFILE_LIMITS.tag }), { maxItems: PROFILE_LIMITS.tags }),
])

/** Every field the own page edits, under its request name, in the order the profile edit lists them. */
export const EditableFields = Type.Object({
  username: Username,
  nickname: Nickname,
  title: Title,
  bio: Bio,
  url: WebUrl,
  email: Email,
  phone: Phone,
  self_page: SelfPage,
  tags: Tags,
  twitter: SocialLink,
  github: SocialLink,
  linkedin: SocialLink,
  /** An ORCID iD ('0000-0002-1825-0097' or its orcid.org link); '' removes it. */
  orcid: Type.String({ maxLength: ORCID_MAX }),
})

/** The five privacy flags, as the settings object and the profile edits name them. */
export const PROFILE_SETTINGS = [
  'public_posts',
  'public_activities',
  'public_profile',
  'public_statistics',
  'public_contact',
] as const

// ---- Answered: groups of fields, spread (`...X.properties`) into the answers that carry them ----

/** What every view of a user shows: handle, display name and avatar URL. */
export const UserSummary = Type.Object({
  username: Type.String(),
  nickname: Type.String(),
  avatar: Type.String(),
})

/** What a user has contributed, counted. */
export const ContributionCounts = Type.Object({
  posts: Type.Integer(),
  comments: Type.Integer(),
  /** Posts this user has liked (what the Likes tab lists and a like moves by one). */
  likes: Type.Integer(),
})

/** A user's social links; answers that may leave them out spread `Type.Partial(SocialLinks)`. */
export const SocialLinks = Type.Object({
  twitter: Type.String(),
  github: Type.String(),
  linkedin: Type.String(),
})
