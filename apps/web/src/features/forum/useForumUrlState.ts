import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { type ForumFilters, filtersFromParams, withFilters } from './forumFilters'
import { type ChosenSort, parseSortParam } from './forumSort'

export const SEARCH_DEBOUNCE_MS = 300

/**
 * The forum's search, sort and filters live in the URL (`?search=`, `?sort=`, forumFilters.ts), so a link or a reload shows the
 * same list and Back undoes a search. The search box has its own text, written to the URL 300 ms after
 * the last keystroke: starting or clearing a search adds a history entry, refining one replaces it
 * (Back does not step through every letter). A URL changed from outside (Back, a tag link) refills the box.
 * `onChange` hears of each change the page itself makes (not of Back and Forward), just before it.
 */
export function useForumUrlState(
  options: { onChange?: (search: string, sort: ChosenSort | null, filters: ForumFilters) => void } = {},
) {
  const [params, setParams] = useSearchParams()
  const onChange = useRef(options.onChange)
  useEffect(() => {
    onChange.current = options.onChange
  })
  const search = (params.get('search') ?? '').trim()
  const sort = parseSortParam(params.get('sort'))
  // The Following view: `?feed=following`.
  const feed = params.get('feed') === 'following' ? ('following' as const) : undefined
  // One object per distinct URL value, so it can sit in a query key and a dependency list.
  const filterKey = withFilters(new URLSearchParams(), filtersFromParams(params)).toString()
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(filterKey)), [filterKey])
  const [text, setText] = useState(params.get('search') ?? '')
  const written = useRef(search)

  useEffect(() => {
    if (search === written.current) return
    written.current = search
    setText(search)
  }, [search])

  const commit = useCallback(
    (value: string) => {
      const next = value.trim()
      if (next === written.current) return
      const refining = written.current !== '' && next !== ''
      written.current = next
      onChange.current?.(next, sort, filters)
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous)
          if (next) updated.set('search', next)
          else updated.delete('search')
          return updated
        },
        { replace: refining },
      )
    },
    [setParams, sort, filters],
  )

  useEffect(() => {
    if (text.trim() === written.current) return
    const timer = window.setTimeout(() => commit(text), SEARCH_DEBOUNCE_MS)
    return () => window.clearTimeout(timer)
  }, [text, commit])

  const setSort = useCallback(
    (next: ChosenSort | null) => {
      onChange.current?.(search, next, filters)
      setParams((previous) => {
        const updated = new URLSearchParams(previous)
        if (next) updated.set('sort', next)
        else updated.delete('sort')
        return updated
      })
    },
    [setParams, search, filters],
  )

  /** Applying filters adds a history entry: Back shows the list before them. */
  const setFilters = useCallback(
    (next: ForumFilters) => {
      const updated = withFilters(params, next)
      onChange.current?.(search, sort, filtersFromParams(updated))
      setParams((previous) => withFilters(previous, next))
    },
    [params, setParams, search, sort],
  )

  const setFeed = useCallback(
    (next: 'following' | undefined) => {
      setParams((previous) => {
        const updated = new URLSearchParams(previous)
        if (next) updated.set('feed', next)
        else updated.delete('feed')
        return updated
      })
    },
    [setParams],
  )

  return {
    search,
    sort,
    setSort,
    feed,
    setFeed,
    filters,
    setFilters,
    text,
    setText,
    commitNow: () => commit(text),
  }
}
