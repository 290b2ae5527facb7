import type {
  ActivityItem,
  ActivitySummary,
  MeResponse,
  OwnCommentItem,
  OwnUserResponse,
  PersonInformationResponse,
  ProfileSettings,
} from '@agora/contract'
import { activeSuspension } from '../../db/moderation-state'
import type { UserRow } from '../../db/schema'
import type { Trust } from '../../policy/index'
import type { UserCommentRow } from '../comments/index'
import type { ActivityRow, UserCounts } from './profiles.store'

export function settingsOf(user: UserRow): ProfileSettings {
  return {
    public_posts: user.public_posts,
    public_activities: user.public_activities,
    public_profile: user.public_profile,
    public_statistics: user.public_statistics,
    public_contact: user.public_contact,
  }
}

export function toMeView(user: UserRow, trust: Trust, stats?: Partial<MeResponse['stats']>): MeResponse {
  const suspended = activeSuspension(user.suspended_until)
  return {
    _id: user.id,
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    avatar: user.avatar,
    title: user.title,
    bio: user.bio,
    email: user.email,
    orcid: user.orcid,
    orcid_verified: user.orcid !== '' && user.orcid_verified_at !== null,
    email_verified: user.email !== '' && user.email_verified_at !== null,
    email_bounced: user.email !== '' && user.email_bounced_at !== null,
    phone: user.phone,
    url: user.url,
    tags: user.tags,
    self_page: user.self_page,
    settings: settingsOf(user),
    stats: { posts: 0, comments: 0, likes: 0, activity_level: 'Beginner', ...stats },
    created_at: user.created_at.toISOString(),
    role: user.role,
    suspended_until: suspended?.toISOString() ?? null,
    suspension_reason: suspended ? user.suspension_reason : '',
    trust,
  }
}

export function toActivityItem(row: ActivityRow): ActivityItem {
  const post = `/forum/detail/${row.post_id}`
  const date = row.happened_at.toISOString()
  if (row.type === 'comment' && row.comment_id) {
    return {
      id: row.comment_id,
      type: 'comment',
      title: row.title,
      date,
      link: `${post}#${row.comment_id}`,
      post_id: row.post_id,
      comment_id: row.comment_id,
    }
  }
  const id = row.type === 'like' ? `like:${row.post_id}` : row.post_id
  return { id, type: row.type, title: row.title, date, link: post, post_id: row.post_id }
}

export function toOwnCommentItem(row: UserCommentRow): OwnCommentItem {
  return {
    _id: row.id,
    id: row.id,
    postId: row.post_id,
    postTitle: row.post_title,
    content: row.content,
    createdAt: row.created_at.toISOString(),
    likes: row.likes_count,
    level: row.level,
    parentId: row.parent_id,
    rootId: row.root_id,
    replyCount: row.reply_count,
    link: `/forum/detail/${row.post_id}#${row.id}`,
  }
}

/** §3 Own user data with the real counts and the 30-day activity. */
export function toOwnUserView(
  user: UserRow,
  trust: Trust,
  counts: UserCounts,
  activity: ActivitySummary,
): OwnUserResponse {
  const stats = {
    posts: counts.posts,
    comments: counts.comments_written,
    likes: counts.likes_given,
    likes_received: counts.likes_received,
    activity_level: activity.level,
  }
  return {
    ...toMeView(user, trust),
    twitter: user.twitter,
    github: user.github,
    linkedin: user.linkedin,
    stats,
    posts: stats.posts,
    comments: stats.comments,
    likes: stats.likes,
    activity_30d: activity,
  }
}

export function toPersonInformation(
  user: UserRow,
  isSelf: boolean,
  counts: UserCounts | null,
  activity: ActivityItem[] | null,
): PersonInformationResponse {
  const view: PersonInformationResponse = {
    user_id: user.id,
    _id: user.id,
    username: user.username,
    nickname: user.nickname || user.username,
    avatar: user.avatar,
    created_at: user.created_at.toISOString(),
    is_self: isSelf,
    show_profile: user.public_profile,
    show_posts: user.public_posts,
    show_activity: user.public_activities,
    show_statistics: user.public_statistics,
    show_contact: user.public_contact,
  }
  if (isSelf || user.public_profile) {
    if (user.orcid) {
      view.orcid = user.orcid
      view.orcid_verified = user.orcid_verified_at !== null
    }
    view.title = user.title
    view.biography = user.bio
    view.tags = user.tags.length > 0 ? [user.tags.join(',')] : []
    view.badges = user.tags
  }
  if (counts) {
    view.posts_number = counts.posts
    view.comments_total = counts.comments_written
    view.comments_post = counts.comments_on_posts
    view.like_received = counts.likes_received
  }
  if (activity) view.activity = activity
  if (isSelf || user.public_contact) {
    view.email = user.email
    view.phone = user.phone
    view.userurl = user.url
    view.twitter = user.twitter
    view.github = user.github
    view.linkedin = user.linkedin
  }
  return view
}
