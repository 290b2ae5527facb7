import Type, { type Static } from 'typebox'
import { MeResponse, UserSettings } from './auth'
import { UserCommentView } from './comments'
import { FormBoolean, LiteralUnion } from './common'
import { SameFields, Timestamp } from './fields'
import { Units } from './rewards'
import {
  Bio,
  ContributionCounts,
  EditableFields,
  Email,
  Phone,
  PROFILE_SETTINGS,
  SocialLinks,
  Title,
  UserSummary,
  WebUrl,
} from './user-fields'

/** Own lists and the author tabs page by skip/limit, 12 at a time (§9). */
export const PROFILE_PAGE_SIZE = 12

/**
 * Activity level from the last 30 days: points = 3 per post + 2 per comment + 1 per like given.
 * Below `active` points: Beginner; below `prolific`: Active; otherwise Prolific. The own page's
 * percentage is points / prolific, capped at 100.
 */
export const ACTIVITY_WINDOW_DAYS = 30
export const ACTIVITY_POINTS = { post: 3, comment: 2, like: 1 } as const
export const ACTIVITY_LEVEL_THRESHOLDS = { active: 10, prolific: 30 } as const
export const ACTIVITY_LEVELS = ['Beginner', 'Active', 'Prolific'] as const
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number]
/** How many recent activities an author profile lists. */
export const ACTIVITY_RECENT_LIMIT = 20

const UserId = Type.String({ minLength: 1, maxLength: 64 })
/** Optional on every /modify call: absent means the caller; present, it must be the caller (else 403). */
const CallerId = Type.Optional(UserId)

export const ModifyEmailRequest = Type.Object({ user_id: CallerId, new_email: Email })
export type ModifyEmailRequest = Static<typeof ModifyEmailRequest>
export const ModifyTitleRequest = Type.Object({ user_id: CallerId, new_title: Title })
export type ModifyTitleRequest = Static<typeof ModifyTitleRequest>
export const ModifyBioRequest = Type.Object({ user_id: CallerId, new_bio: Bio })
export type ModifyBioRequest = Static<typeof ModifyBioRequest>
export const ModifyUrlRequest = Type.Object({ user_id: CallerId, new_url: WebUrl })
export type ModifyUrlRequest = Static<typeof ModifyUrlRequest>
export const ModifyPhoneRequest = Type.Object({ user_id: CallerId, new_phone: Phone })
export type ModifyPhoneRequest = Static<typeof ModifyPhoneRequest>

/** Any subset of the five flags (the own page sends all five at once); at least one. */
export const ModifySettingsRequest = Type.Object({
  user_id: CallerId,
  ...SameFields(
    PROFILE_SETTINGS.map((flag) => `new_${flag}` as const),
    Type.Optional(FormBoolean),
  ).properties,
})
export type ModifySettingsRequest = Static<typeof ModifySettingsRequest>

export { PROFILE_SETTINGS }

/** The fields /modify/modify_profile knows. Any other field answers 400. */
export const PROFILE_FIELDS = [
  'username',
  'nickname',
  'title',
  'bio',
  'url',
  'email',
  'phone',
  'self_page',
  'tags',
  'twitter',
  'github',
  'linkedin',
  'orcid',
  ...PROFILE_SETTINGS,
] as const
export type ProfileField = (typeof PROFILE_FIELDS)[number]

export const ModifyProfileRequest = Type.Object(
  {
    user_id: CallerId,
    ...Type.Partial(EditableFields).properties,
    ...SameFields(PROFILE_SETTINGS, Type.Optional(FormBoolean)).properties,
  },
  { description: 'Any of these fields (the own page sends one at a time). An unknown field answers 400.' },
)
export type ModifyProfileRequest = Static<typeof ModifyProfileRequest>

/** The five visibility flags: the own user data's `settings`. */
export const ProfileSettings = UserSettings
export type ProfileSettings = Static<typeof ProfileSettings>

/** Every /modify call answers the values it changed, under their own-user-data names. */
export const ModifyResponse = Type.Object({
  status: Type.Literal('success'),
  message: Type.String(),
  user_id: Type.String(),
  username: Type.Optional(Type.String()),
  nickname: Type.Optional(Type.String()),
  title: Type.Optional(Type.String()),
  bio: Type.Optional(Type.String()),
  url: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String()),
  self_page: Type.Optional(Type.String()),
  tags: Type.Optional(Type.Array(Type.String())),
  ...Type.Partial(SocialLinks).properties,
  avatar: Type.Optional(Type.String()),
  orcid: Type.Optional(Type.String()),
  settings: Type.Optional(ProfileSettings),
})
export type ModifyResponse = Static<typeof ModifyResponse>

export const PersonInformationQuery = Type.Object({ user_id: UserId })
export type PersonInformationQuery = Static<typeof PersonInformationQuery>

/** A profile by name (where an @mention leads); older names may predate today's pattern. */
export const PersonByNameParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 64 }) })
export type PersonByNameParams = Static<typeof PersonByNameParams>

/** One entry of a user's recent activity, newest first. `link` is the web route it points to. */
export const ActivityItem = Type.Object({
  id: Type.String(),
  type: LiteralUnion('post', 'comment', 'like'),
  title: Type.String(),
  date: Type.String({ description: 'ISO 8601' }),
  link: Type.String(),
  post_id: Type.String(),
  comment_id: Type.Optional(Type.String()),
})
export type ActivityItem = Static<typeof ActivityItem>

/**
 * §3 "Author information response". The server withholds what a flag hides (for anyone but the
 * owner): show_profile → title, biography, tags, badges and the counts; show_statistics → the
 * counts; show_activity → activity; show_contact → email, phone, userurl and the social links.
 * The flags are always present so the page can show its notice.
 */
export const PersonInformationResponse = Type.Object({
  user_id: Type.String(),
  _id: Type.String(),
  ...UserSummary.properties,
  created_at: Timestamp,
  /** True when the viewer is this user: nothing is withheld then. */
  is_self: Type.Boolean(),
  /** Their ORCID iD, when they gave one and their profile is public. */
  orcid: Type.Optional(Type.String()),
  /** The iD was proven by signing in with ORCID, beside `orcid`. */
  orcid_verified: Type.Optional(Type.Boolean()),
  title: Type.Optional(Type.String()),
  biography: Type.Optional(Type.String()),
  /** The first client reads tags[0] as a comma-separated list, so this holds one joined element. */
  tags: Type.Optional(Type.Array(Type.String())),
  /** The same tags as a plain list. */
  badges: Type.Optional(Type.Array(Type.String())),
  posts_number: Type.Optional(Type.Integer()),
  /** Comments this user has written. */
  comments_total: Type.Optional(Type.Integer()),
  /** Comments others and they wrote on this user's posts. */
  comments_post: Type.Optional(Type.Integer()),
  /** Likes this user's posts have received. */
  like_received: Type.Optional(Type.Integer()),
  /** Reviews this user wrote (not withdrawn) of posts the viewer may see, withheld like the other statistics. */
  review_count: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Rewards earned, ever (base units; earnings less reversals), withheld like the other statistics. */
  tokens_earned: Type.Optional(Units),
  /** How many follow this user, and how many authors they follow: withheld like the other statistics. */
  followers: Type.Optional(Type.Integer({ minimum: 0 })),
  following: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Whether the signed-in viewer follows this user (absent for visitors and on one's own page). */
  is_following: Type.Optional(Type.Boolean()),
  activity: Type.Optional(Type.Array(ActivityItem)),
  email: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String()),
  userurl: Type.Optional(Type.String()),
  ...Type.Partial(SocialLinks).properties,
  ...SameFields(
    ['show_profile', 'show_posts', 'show_activity', 'show_statistics', 'show_contact'],
    Type.Boolean(),
  ).properties,
})
export type PersonInformationResponse = Static<typeof PersonInformationResponse>

export const OwnStats = Type.Object({
  activity_level: Type.String(),
  /** Likes this user's posts have received. */
  likes_received: Type.Integer(),
  ...ContributionCounts.properties,
})
export type OwnStats = Static<typeof OwnStats>

export const ActivityDay = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD (UTC)' }),
  ...ContributionCounts.properties,
})
export type ActivityDay = Static<typeof ActivityDay>

/** The last 30 days, oldest day first, for the own page's level and chart. */
export const ActivitySummary = Type.Object({
  level: Type.String(),
  points: Type.Integer(),
  /** points / the Prolific threshold, capped at 100. */
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  days: Type.Array(ActivityDay),
})
export type ActivitySummary = Static<typeof ActivitySummary>

/** §3 "Own user data" with real counts: `GET /auth/me`. */
export const OwnUserResponse = Type.Object({
  ...MeResponse.properties,
  ...SocialLinks.properties,
  stats: OwnStats,
  ...ContributionCounts.properties,
  activity_30d: ActivitySummary,
})
export type OwnUserResponse = Static<typeof OwnUserResponse>

/** One of the caller's comments (`GET /auth/me/comments`): the comments feature's shape plus a link. */
export const OwnCommentItem = Type.Object({
  id: Type.String(),
  ...UserCommentView.properties,
  /** `/forum/detail/{postId}#{commentId}`. */
  link: Type.String(),
})
export type OwnCommentItem = Static<typeof OwnCommentItem>

export const OwnCommentsResponse = Type.Array(OwnCommentItem)
export type OwnCommentsResponse = Static<typeof OwnCommentsResponse>
