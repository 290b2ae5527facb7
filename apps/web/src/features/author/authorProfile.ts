/**
 * The author page's view of GET /auth/person_information (product-spec §3 "Author profile (as
 * displayed)"). Pure, so it is unit tested. The server already withholds what a flag hides; a field
 * that is absent here is simply not shown, and a section whose flag is off shows its notice.
 */
import type { ActivityItem, PersonInformationResponse } from '@agora/contract'
import { safeWebUrl } from '../../ui/links'

export interface AuthorStats {
  posts: number
  comments: number
  likes: number
  /** Reward tokens earned, in base units; null when the server does not say. */
  tokensEarned: string | null
  /** Reviews written of works the viewer may see; null when the server does not say. */
  reviews: number | null
}

export interface AuthorPrivacy {
  showProfile: boolean
  showPosts: boolean
  showActivity: boolean
  showStatistics: boolean
  showContact: boolean
}

export type SocialKind = 'twitter' | 'github' | 'linkedin'

export interface AuthorProfile {
  id: string
  name: string
  username: string
  title: string
  avatar: string
  bio: string
  userUrl: string
  /** Their ORCID iD, or ''. */
  orcid: string
  /** The iD was proven by signing in with ORCID. */
  orcidVerified: boolean
  badges: string[]
  contact: { email: string; phone: string }
  social: Record<SocialKind, string>
  privacy: AuthorPrivacy
  /** null when withheld (statistics or the whole profile kept private). */
  stats: AuthorStats | null
  /** null when withheld (activity kept private). */
  activities: ActivityItem[] | null
  /** The viewer is this author: nothing is withheld, the notices become "hidden from others" hints. */
  isSelf: boolean
  /** Followers and followed authors; null when withheld with the statistics. */
  follows: { followers: number; following: number } | null
  /** Whether the signed-in viewer follows this author; null for a visitor and on one's own page. */
  isFollowing: boolean | null
}

/** Badges: the plain list when the server gives one, else the first tag split on commas (spec §3). */
export function badgesOf(info: Pick<PersonInformationResponse, 'badges' | 'tags'>): string[] {
  const raw = info.badges ?? info.tags?.[0]?.split(',') ?? []
  return [...new Set(raw.map((badge) => badge.trim()).filter(Boolean))]
}

export function toAuthorProfile(info: PersonInformationResponse): AuthorProfile {
  const stats =
    info.posts_number === undefined
      ? null
      : {
          posts: info.posts_number,
          comments: info.comments_total ?? info.comments_post ?? 0,
          likes: info.like_received ?? 0,
          tokensEarned: info.tokens_earned ?? null,
          reviews: info.review_count ?? null,
        }
  return {
    id: info.user_id || info._id,
    name: info.nickname || info.username,
    username: info.username,
    title: info.title ?? '',
    avatar: info.avatar,
    bio: info.biography ?? '',
    userUrl: info.userurl ?? '',
    orcid: info.orcid ?? '',
    orcidVerified: info.orcid_verified ?? false,
    badges: badgesOf(info),
    contact: { email: info.email ?? '', phone: info.phone ?? '' },
    social: { twitter: info.twitter ?? '', github: info.github ?? '', linkedin: info.linkedin ?? '' },
    privacy: {
      showProfile: info.show_profile,
      showPosts: info.show_posts,
      showActivity: info.show_activity,
      showStatistics: info.show_statistics,
      showContact: info.show_contact,
    },
    stats,
    activities: info.activity ?? null,
    isSelf: info.is_self,
    follows:
      info.followers === undefined ? null : { followers: info.followers, following: info.following ?? 0 },
    isFollowing: info.is_following ?? null,
  }
}

const SOCIAL_BASE: Record<SocialKind, string> = {
  twitter: 'https://twitter.com/',
  github: 'https://github.com/',
  linkedin: 'https://www.linkedin.com/in/',
}

/** A link for an http(s) address as given, or for a handle ('@ada', 'ada') on its network; else null. */
export function socialHref(kind: SocialKind, value: string): string | null {
  const trimmed = value.trim()
  if (!trimmed) return null
  if (/^https?:\/\//i.test(trimmed)) return safeWebUrl(trimmed)
  const handle = trimmed.replace(/^@/, '')
  if (!/^[\w.-]{1,100}$/.test(handle)) return null
  return `${SOCIAL_BASE[kind]}${encodeURIComponent(handle)}`
}
