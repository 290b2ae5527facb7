import Type, { type Static } from 'typebox'
import { FormBoolean } from './common'
import { BothIds, SameFields, Timestamp } from './fields'
import { PASSWORD_MAX, PASSWORD_MIN } from './limits'
import { Standing } from './moderation'
import {
  Bio,
  ContributionCounts,
  Email,
  Nickname,
  Phone,
  PROFILE_SETTINGS,
  SelfPage,
  Tags,
  Title,
  Username,
  UserSummary,
  WebUrl,
} from './user-fields'

const Password = Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX })

export const RegisterRequest = Type.Object({
  username: Username,
  password: Password,
  email: Type.Optional(Email),
  phone: Type.Optional(Phone),
  self_page: Type.Optional(SelfPage),
  bio: Type.Optional(Bio),
  nickname: Type.Optional(Nickname),
  url: Type.Optional(WebUrl),
  title: Type.Optional(Title),
  tags: Type.Optional(Tags),
  avatar: Type.Optional(Type.String({ maxLength: 300 })),
})
export type RegisterRequest = Static<typeof RegisterRequest>

/** OAuth2 password grant, form-encoded. `secure_mode=false` asks for a Bearer token instead of cookies. */
export const TokenRequest = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
  grant_type: Type.Optional(Type.String({ pattern: '^(password)?$' })),
  scope: Type.Optional(Type.String({ maxLength: 200 })),
  client_id: Type.Optional(Type.String({ maxLength: 200 })),
  client_secret: Type.Optional(Type.String({ maxLength: 200 })),
  secure_mode: Type.Optional(FormBoolean),
})
export type TokenRequest = Static<typeof TokenRequest>

export const TokenResponse = Type.Object({
  /** Empty in secure mode: the token lives in an HttpOnly cookie there. */
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  expires_in: Type.Integer(),
  secure_mode: Type.Boolean(),
  /** Compatibility mode only: presented to /auth/refresh to get the next access token. */
  refresh_token: Type.Optional(Type.String()),
})
export type TokenResponse = Static<typeof TokenResponse>

export const RefreshRequest = Type.Object({ refresh_token: Type.Optional(Type.String({ maxLength: 200 })) })
export type RefreshRequest = Static<typeof RefreshRequest>

export const VerifyResponse = Type.Object({
  valid: Type.Boolean(),
  user_id: Type.Optional(Type.String()),
  expires_at: Type.Optional(Type.String()),
})
export type VerifyResponse = Static<typeof VerifyResponse>

/** The five privacy flags, each on (true) or off. */
export const UserSettings = SameFields(PROFILE_SETTINGS, Type.Boolean())
export type UserSettings = Static<typeof UserSettings>

export const UserStats = Type.Object({
  ...ContributionCounts.properties,
  activity_level: Type.String(),
})
export type UserStats = Static<typeof UserStats>

/** §3 "Own user data". */
export const MeResponse = Type.Object({
  ...BothIds.properties,
  ...UserSummary.properties,
  title: Type.String(),
  bio: Type.String(),
  email: Type.String(),
  /** The user's ORCID iD ('0000-0002-1825-0097'), or ''. */
  orcid: Type.String(),
  /** The iD was proven by signing in with ORCID (a linked iD), not only typed into the profile. */
  orcid_verified: Type.Boolean(),
  /** The address was proven by a mailed link; mail goes only to a verified address. */
  email_verified: Type.Boolean(),
  /** The address refused mail for good; nothing is sent until it changes. */
  email_bounced: Type.Boolean(),
  phone: Type.String(),
  url: Type.String(),
  tags: Type.Array(Type.String()),
  self_page: Type.String(),
  settings: UserSettings,
  stats: UserStats,
  created_at: Timestamp,
  /** Role, suspension and trust. */
  ...Standing.properties,
})
export type MeResponse = Static<typeof MeResponse>

export const RegisterResponse = Type.Object({
  ...BothIds.properties,
  username: Type.String(),
  message: Type.String(),
})
export type RegisterResponse = Static<typeof RegisterResponse>
