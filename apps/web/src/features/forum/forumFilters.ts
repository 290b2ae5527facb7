import { MEDIA_TYPES, type MediaType } from '@agora/contract/limits'

/**
 * The forum's filters, as the URL holds them: `?tag=`, `?type=`, `?author=` (a
 * username), `?from=` and `?to=` (days, YYYY-MM-DD), `?reviewed=true`. '' is "any".
 */
export interface ForumFilters {
  tag: string
  type: MediaType | ''
  author: string
  from: string
  to: string
  /** 'true': only reviewed works. */
  reviewed: 'true' | ''
}

export const NO_FILTERS: ForumFilters = { tag: '', type: '', author: '', from: '', to: '', reviewed: '' }
export const FILTER_PARAMS = ['tag', 'type', 'author', 'from', 'to', 'reviewed'] as const

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The filters of a URL, ignoring what cannot be one (an unknown type, a date that is not a day). */
export function filtersFromParams(params: URLSearchParams): ForumFilters {
  const type = params.get('type') ?? ''
  const day = (name: 'from' | 'to') => {
    const value = params.get(name)?.trim() ?? ''
    return DAY.test(value) ? value : ''
  }
  return {
    tag: params.get('tag')?.trim().replace(/^#+/, '') ?? '',
    type: (MEDIA_TYPES as readonly string[]).includes(type) ? (type as MediaType) : '',
    author: params.get('author')?.trim().replace(/^@+/, '') ?? '',
    from: day('from'),
    to: day('to'),
    reviewed: params.get('reviewed') === 'true' ? 'true' : '',
  }
}

/** `params` with `filters` written into it (an empty one removed); from and to put in order. */
export function withFilters(params: URLSearchParams, filters: ForumFilters): URLSearchParams {
  const next = new URLSearchParams(params)
  const ordered = filters.from && filters.to && filters.from > filters.to
  const values: ForumFilters = ordered ? { ...filters, from: filters.to, to: filters.from } : filters
  for (const name of FILTER_PARAMS) {
    const value = values[name].trim()
    if (value) next.set(name, value)
    else next.delete(name)
  }
  return next
}

/** How many filters are set. */
export function activeFilterCount(filters: ForumFilters): number {
  return FILTER_PARAMS.filter((name) => filters[name] !== '').length
}
