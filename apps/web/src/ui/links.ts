/**
 * Where list rows and profile cards lead: a post's page, an activity's route, a website shown safely.
 * Shared by the author page, the own page, the rewards ledger and the profile lists.
 */
import type { ActivityItem, PostListItem } from '@agora/contract'

/** The address when it is an http(s) URL, else null (never a javascript: link). */
export function safeWebUrl(value: string): string | null {
  try {
    const url = new URL(value.trim())
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** A website as people read it: without the scheme and a trailing slash. */
export function displayUrl(value: string): string {
  return value.replace(/^https?:\/\//i, '').replace(/\/$/, '')
}

/**
 * Where a post in a profile list leads: /forum/detail/{id} using _id or id (spec §2); null when it has
 * neither (the click then logs an error and does nothing).
 */
export function postPath(post: Partial<Pick<PostListItem, '_id' | 'id'>>): string | null {
  const id = post._id || post.id
  return id ? `/forum/detail/${encodeURIComponent(id)}` : null
}

/** An activity's link when it is one of our own routes, else the post it is about. */
export function activityPath(item: Pick<ActivityItem, 'link' | 'post_id'>): string | null {
  if (item.link.startsWith('/') && !item.link.startsWith('//')) return item.link
  return item.post_id ? `/forum/detail/${encodeURIComponent(item.post_id)}` : null
}

/** The forum searching for a tag. */
/** A tag's own page: its posts by exact tag, its related tags, Follow. */
export function tagPath(tag: string): string {
  return `/tag/${encodeURIComponent(tag)}`
}

export function tagSearchPath(tag: string): string {
  return `/forum?search=${encodeURIComponent(tag)}`
}
