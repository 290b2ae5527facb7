import type { PostSort } from '@agora/contract'

/** The sort buttons of the forum. */
export type SortField = 'hot' | 'recent' | 'rating'

/** The sort orders a button can choose; "none" (null) is the server's default, newest first. */
export const CHOSEN_SORTS = [
  'hot_desc',
  'hot_asc',
  'recent_desc',
  'recent_asc',
  'rating_desc',
] as const satisfies PostSort[]
export type ChosenSort = (typeof CHOSEN_SORTS)[number]

/** A press on a sort button (spec §4): none → descending → ascending → none; another field starts at descending. */
export function nextSort(current: ChosenSort | null, field: SortField): ChosenSort | null {
  // Highest rated has one direction: a press turns it on or off.
  if (field === 'rating') return current === 'rating_desc' ? null : 'rating_desc'
  if (current === `${field}_desc`) return `${field}_asc`
  if (current === `${field}_asc`) return null
  return `${field}_desc`
}

/** What a button shows for the current sort: its direction, or null when it is not the active one. */
export function directionOf(current: ChosenSort | null, field: SortField): 'desc' | 'asc' | null {
  if (current === `${field}_desc`) return 'desc'
  if (current === `${field}_asc`) return 'asc'
  return null
}

/** The `sort` URL parameter as a sort, ignoring anything we do not know. */
export function parseSortParam(raw: string | null): ChosenSort | null {
  return (CHOSEN_SORTS as readonly string[]).includes(raw ?? '') ? (raw as ChosenSort) : null
}
