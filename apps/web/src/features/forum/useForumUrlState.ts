import { useCallback, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { type ChosenSort, parseSortParam } from './forumSort'

export const SEARCH_DEBOUNCE_MS = 300

/**
 * The forum's search and sort live in the URL (`?search=`, `?sort=`), so a link or a reload shows the
 * same list and Back undoes a search. The search box has its own text, written to the URL 300 ms after
 * the last keystroke: starting or clearing a search adds a history entry, refining one replaces it
 * (Back does not step through every letter). A URL changed from outside (Back, a tag link) refills the box.
 * `onChange` hears of each change the page itself makes (not of Back and Forward), just before it.
 */
export function useForumUrlState(
  options: { onChange?: (search: string, sort: ChosenSort | null) => void } = {},
) {
  const [params, setParams] = useSearchParams()
  const onChange = useRef(options.onChange)
  useEffect(() => {
    onChange.current = options.onChange
  })
  const search = (params.get('search') ?? '').trim()
  const sort = parseSortParam(params.get('sort'))
  // The Following view (issue 18): `?feed=following`.
  const feed = params.get('feed') === 'following' ? ('following' as const) : undefined
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
      onChange.current?.(next, sort)
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
    [setParams, sort],
  )

  useEffect(() => {
    if (text.trim() === written.current) return
    const timer = window.setTimeout(() => commit(text), SEARCH_DEBOUNCE_MS)
    return () => window.clearTimeout(timer)
  }, [text, commit])

  const setSort = useCallback(
    (next: ChosenSort | null) => {
      onChange.current?.(search, next)
      setParams((previous) => {
        const updated = new URLSearchParams(previous)
        if (next) updated.set('sort', next)
        else updated.delete('sort')
        return updated
      })
    },
    [setParams, search],
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

  return { search, sort, setSort, feed, setFeed, text, setText, commitNow: () => commit(text) }
}
