import Type, { type Static } from 'typebox'
import { LiteralUnion, Nullable } from './common'
import { PageOf, PageQuery } from './fields'
import { NOTIFICATION_KINDS } from './limits'
import { UserSummary } from './user-fields'

/**
 * Notifications: what happened to a user's work or because of whom they follow. Each
 * kind can be turned off in the settings.
 *
 * - `comment`: a comment on my post · `reply`: a reply to my comment · `mention`: @me in a post or comment
 * - `like`: likes on my post or comment, one entry per target per day (`actors_count` people)
 * - `followed_author`: a new post by an author I follow · `followed_tag`: a new post in a tag I follow
 * - `claim_paid` / `claim_failed`: my reward claim · `moderation`: an outcome about my content
 * - `review`: a review of my work · `review_request`: an invitation to review · `review_response`:
 *   the work's author answered my review · `bounty_award`: a bounty's funder awarded my review
 */
export type NotificationKindName = (typeof NOTIFICATION_KINDS)[number]
export const NotificationKind = LiteralUnion(...NOTIFICATION_KINDS)

/** Someone who did something, as a notification names them. */
export const NotificationActor = Type.Object({ id: Type.String(), ...UserSummary.properties })
export type NotificationActor = Static<typeof NotificationActor>

export const NotificationItem = Type.Object({
  id: Type.String(),
  kind: NotificationKind,
  read: Type.Boolean(),
  /** When it last happened (a like entry moves up when another person likes the same target that day). */
  created_at: Type.String({ description: 'ISO 8601' }),
  /** The latest person who acted; null for the system's own news (a claim). */
  actor: Nullable(NotificationActor),
  /** How many people acted (likes: "mira_chen and 3 others"); 1 otherwise. */
  actors_count: Type.Integer({ minimum: 1 }),
  post_id: Nullable(Type.String()),
  post_title: Nullable(Type.String()),
  comment_id: Nullable(Type.String()),
  /** A few words of the comment, mention or reason, as plain text ('' when none). */
  excerpt: Type.String(),
  /** Where it leads in the web app, e.g. `/forum/detail/{post}#{comment}` or `/mypage?tab=rewards`. */
  target_url: Type.String(),
  /** The followed tag, for `followed_tag`. */
  tag: Type.Optional(Type.String()),
  /** The amount in base units (10^-9 tokens), for `claim_paid`, `claim_failed` and `bounty_award`. */
  amount: Type.Optional(Type.String()),
})
export type NotificationItem = Static<typeof NotificationItem>

export const NotificationsQuery = PageQuery
export type NotificationsQuery = Static<typeof NotificationsQuery>

/** Newest first, keyset-paged; `unread` counts every unread notification of the viewer. */
export const NotificationsResponse = Type.Object({
  ...PageOf(NotificationItem).properties,
  unread: Type.Integer({ minimum: 0 }),
})
export type NotificationsResponse = Static<typeof NotificationsResponse>

export const UnreadCountResponse = Type.Object({ unread: Type.Integer({ minimum: 0 }) })
export type UnreadCountResponse = Static<typeof UnreadCountResponse>

/** Marks the named notifications read, or all of them. */
export const MarkReadRequest = Type.Object({
  ids: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 100 })),
  all: Type.Optional(Type.Boolean()),
})
export type MarkReadRequest = Static<typeof MarkReadRequest>

/** Each kind on (true) or off; every kind is on for a new account. */
export const NotificationSettings = Type.Object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, Type.Boolean()])) as {
    [K in NotificationKindName]: ReturnType<typeof Type.Boolean>
  },
)
export type NotificationSettings = Static<typeof NotificationSettings>

/** PUT /notifications/settings: the kinds named change, the others stay. */
export const NotificationSettingsUpdate = Type.Partial(NotificationSettings)
export type NotificationSettingsUpdate = Static<typeof NotificationSettingsUpdate>

// Follows, bookmarks, and finding users to mention

export const FollowKind = LiteralUnion('user', 'tag')
export type FollowKind = Static<typeof FollowKind>

/** POST (follow) or DELETE (unfollow) /follows: a user by id, or a tag by its name. */
export const FollowRequest = Type.Object({
  kind: FollowKind,
  target: Type.String({ minLength: 1, maxLength: 100 }),
})
export type FollowRequest = Static<typeof FollowRequest>

export const FollowResponse = Type.Object({
  kind: FollowKind,
  target: Type.String(),
  following: Type.Boolean(),
  /** How many follow the target now (0 when the followed user keeps their statistics private). */
  followers: Type.Integer({ minimum: 0 }),
  /** True when `followers` is withheld: the followed user keeps their statistics private. */
  followers_hidden: Type.Optional(Type.Boolean()),
})
export type FollowResponse = Static<typeof FollowResponse>

/** GET /auth/me/follows: the authors and tags the viewer follows, latest first. */
export const MyFollowsResponse = Type.Object({
  users: Type.Array(NotificationActor),
  tags: Type.Array(Type.String()),
})
export type MyFollowsResponse = Static<typeof MyFollowsResponse>

/** POST /media/{id}/bookmark: `save` or `unsave`; without `action` it toggles. */
export const BookmarkRequest = Type.Object({ action: Type.Optional(LiteralUnion('save', 'unsave')) })
export type BookmarkRequest = Static<typeof BookmarkRequest>

export const BookmarkResponse = Type.Object({ saved: Type.Boolean() })
export type BookmarkResponse = Static<typeof BookmarkResponse>

/** GET /users/search?q=: users whose name starts with `q` (at most 8), for @mention suggestions. */
export const UserSearchQuery = Type.Object({ q: Type.String({ minLength: 1, maxLength: 50 }) })
export type UserSearchQuery = Static<typeof UserSearchQuery>

export const UserSearchResponse = Type.Object({ users: Type.Array(NotificationActor, { maxItems: 8 }) })
export type UserSearchResponse = Static<typeof UserSearchResponse>
