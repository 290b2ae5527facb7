import {
  MEDIA_TYPES,
  POST_LIST_DEFAULT_LIMIT,
  POST_LIST_MAX_LIMIT,
  POST_SORTS,
  type PostSort,
} from '@agora/contract'
import { BadRequestError } from '../http/errors'
import { isId } from './ids'

/** The order of a list: which column, which way. `time_desc` is the spec's default ("no sort chosen"). */
export interface Order {
  key: 'created' | 'hot' | 'rating'
  direction: 'desc' | 'asc'
  /** True for the default order: with a search it means "by relevance". */
  isDefault: boolean
}

/** The orders of the profile lists, which page by offset: all but the forum's by rating. */
export const PAGE_SORTS = POST_SORTS.filter((sort) => sort !== 'rating_desc')

export function parseSort(raw: string | undefined, allowed: readonly PostSort[] = POST_SORTS): Order {
  const sort = (raw?.trim() || 'time_desc') as PostSort
  if (!allowed.includes(sort)) {
    throw new BadRequestError('unknown_sort', {
      params: { value: raw ?? '', allowed: allowed.join(', ') },
      errors: [{ field: 'sort_by', message: `must be one of ${allowed.join(', ')}` }],
    })
  }
  return {
    key: sort.startsWith('hot') ? 'hot' : sort.startsWith('rating') ? 'rating' : 'created',
    direction: sort.endsWith('asc') ? 'asc' : 'desc',
    isDefault: sort === 'time_desc',
  }
}

export function parseMediaType(raw: string | undefined): string | null {
  const value = raw?.trim().toLowerCase()
  if (!value || value === 'all') return null
  if (!(MEDIA_TYPES as readonly string[]).includes(value)) {
    throw new BadRequestError('unknown_media_type', {
      params: { value: raw ?? '', allowed: MEDIA_TYPES.join(', ') },
      errors: [{ field: 'media_type', message: `must be one of ${MEDIA_TYPES.join(', ')}` }],
    })
  }
  return value
}

export function pageLimit(raw: number | undefined): number {
  return Math.min(raw ?? POST_LIST_DEFAULT_LIMIT, POST_LIST_MAX_LIMIT)
}

/** Where a page starts: the last item of the previous page. */
export interface Cursor {
  id: string
  createdAt: Date
  likes: number
  hot: number | null
  rank: number | null
  /** The mean rating, in the `rating_desc` order; null when unreviewed or not given. */
  rating?: number | null
}

const MALFORMED = 'Invalid cursor: pass back the next_cursor of the previous page'

function finiteOrNull(value: unknown): number | null {
  if (value === undefined || value === null) return null
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new BadRequestError('bad_cursor', { detail: MALFORMED })
  return value
}

function toCursor(
  id: unknown,
  createdAt: unknown,
  likes: unknown,
  hot: unknown,
  rank: unknown,
  rating: unknown = null,
): Cursor {
  if (typeof id !== 'string' || !isId(id)) throw new BadRequestError('bad_cursor', { detail: MALFORMED })
  if (typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt)))
    throw new BadRequestError('bad_cursor', { detail: MALFORMED })
  const likeCount = likes === undefined || likes === null ? 0 : likes
  if (typeof likeCount !== 'number' || !Number.isInteger(likeCount) || likeCount < 0) {
    throw new BadRequestError('bad_cursor', { detail: MALFORMED })
  }
  return {
    id,
    createdAt: new Date(createdAt),
    likes: likeCount,
    hot: finiteOrNull(hot),
    rank: finiteOrNull(rank),
    rating: finiteOrNull(rating),
  }
}

/** The cursor of a list call: the `cursor` JSON, or the spec's last_id/last_created_at/last_likes. */
export function parseCursor(query: {
  cursor?: string
  last_id?: string
  last_created_at?: string
  last_likes?: number
}): Cursor | null {
  if (query.cursor?.trim()) {
    let value: unknown
    try {
      value = JSON.parse(query.cursor)
    } catch {
      throw new BadRequestError('bad_cursor', { detail: MALFORMED })
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new BadRequestError('bad_cursor', { detail: MALFORMED })
    const fields = value as Record<string, unknown>
    return toCursor(fields.id, fields.created_at, fields.likes, fields.hot, fields.rank, fields.rating)
  }
  if (query.last_id || query.last_created_at) {
    return toCursor(query.last_id, query.last_created_at, query.last_likes, null, null)
  }
  return null
}

/** A page of a profile's list, by offset (those lists page by skip). */
export interface OffsetPage {
  order: Order
  /** Only posts (or comments on posts) of this media type; null for all. */
  mediaType: string | null
  skip: number
  limit: number
}

/** A list's skip/limit/sort_by/media_type, read as the forum list reads them (same defaults and errors). */
export function offsetPage(query: {
  skip?: number
  limit?: number
  sort_by?: string
  media_type?: string
}): OffsetPage {
  return {
    order: parseSort(query.sort_by, PAGE_SORTS),
    mediaType: parseMediaType(query.media_type),
    skip: query.skip ?? 0,
    limit: pageLimit(query.limit),
  }
}
