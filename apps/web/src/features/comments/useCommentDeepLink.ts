import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { loadMarkdown } from '../../ui/lazyMarkdown'
import { toast } from '../../ui/toast'
import { locateComment, type Thread } from './threads'
import type { useComments } from './useComments'

/** How far a deep link may page through the comments looking for its target (12 threads a page). */
export const DEEP_LINK_MAX_PAGES = 25
/** How long a revealed comment stays marked (the CSS animation runs as long). */
export const HIGHLIGHT_MS = 2600
/** A list loaded longer ago than this is loaded again before a link to a comment not in it gives up. */
const STALE_FOR_LINK_MS = 2_000
/** The section's own id: `#comments` scrolls to it. */
export const COMMENTS_ANCHOR = 'comments'

/** When a smooth scroll should be over. */
const SCROLL_CHECK_MS = 1_200
/** What a reader does that takes them elsewhere: the check after a smooth scroll is then dropped. */
const READER_MOVES = ['pointerdown', 'wheel', 'touchstart', 'keydown'] as const
const LISTENING = { capture: true, passive: true } as const

function inView(node: HTMLElement): boolean {
  const box = node.getBoundingClientRect()
  return box.bottom > 0 && box.top < window.innerHeight
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  )
}

function hashTarget(hash: string): string {
  try {
    return decodeURIComponent(hash.replace(/^#/, ''))
  } catch {
    return ''
  }
}

/**
 * `/forum/detail/{id}#{commentId}` (spec §2): finds the comment, loading further pages when it is
 * not among those held (at most DEEP_LINK_MAX_PAGES), unfolds its thread when it is a hidden reply,
 * scrolls it to the middle of the screen, moves focus to it and marks it for a moment. A link to a
 * comment that is gone says so. Returns the id of the comment marked now.
 */
export function useCommentDeepLink(
  comments: ReturnType<typeof useComments>,
  threads: readonly Thread[],
  expand: (rootId: string) => void,
): string | null {
  const { t } = useTranslation('comments')
  const location = useLocation()
  const target = hashTarget(location.hash)
  const handled = useRef<string | null>(null)
  const refreshed = useRef<string | null>(null)
  const [revealing, setRevealing] = useState<{ id: string } | null>(null)
  const [highlightId, setHighlightId] = useState<string | null>(null)
  const visit = `${location.key}#${target}`
  const { data, dataUpdatedAt, isFetching, isError, hasNextPage, fetchNextPage, refetch } = comments

  useEffect(() => {
    if (!target || handled.current === visit) return
    if (target === COMMENTS_ANCHOR) {
      handled.current = visit
      document.getElementById(COMMENTS_ANCHOR)?.scrollIntoView({ block: 'start' })
      return
    }
    if (!data) return
    const place = locateComment(threads, target)
    if (place) {
      handled.current = visit
      if (place.hiddenWhenFolded) expand(place.rootId)
      setRevealing({ id: target })
      return
    }
    if (isFetching) return
    if (hasNextPage && !isError && data.pages.length < DEEP_LINK_MAX_PAGES) {
      void fetchNextPage()
      return
    }
    // The list held may be older than the link (a link followed within the page): look once more.
    if (refreshed.current !== visit && !isError && Date.now() - dataUpdatedAt > STALE_FOR_LINK_MS) {
      refreshed.current = visit
      void refetch()
      return
    }
    handled.current = visit
    toast.info(t('deepLink.missing'))
  }, [
    target,
    visit,
    data,
    dataUpdatedAt,
    threads,
    isFetching,
    isError,
    hasNextPage,
    fetchNextPage,
    refetch,
    expand,
    t,
  ])

  // After the render that shows it (and after a closing dialog has given focus back). The comment
  // texts' renderer is loaded first, so the page does not grow under a smooth scroll and stop it short.
  useEffect(() => {
    if (!revealing) return
    let live = true
    const timers: number[] = []
    let movedOn: (() => void) | null = null
    void loadMarkdown()
      .catch(() => undefined)
      .then(() => {
        if (!live) return
        timers.push(
          window.setTimeout(() => {
            const node = document.getElementById(revealing.id)
            if (!node) return
            const smooth = !prefersReducedMotion()
            node.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' })
            node.focus({ preventScroll: true })
            setHighlightId(revealing.id)
            // Anything else that loaded meanwhile (a picture) may still have cut the scroll short;
            // unless the reader has moved on (pressed a passage's "p. 2", scrolled): never fight them.
            if (smooth) {
              const check = window.setTimeout(() => {
                if (!inView(node)) node.scrollIntoView({ block: 'center' })
              }, SCROLL_CHECK_MS)
              timers.push(check)
              movedOn = () => window.clearTimeout(check)
              for (const event of READER_MOVES) window.addEventListener(event, movedOn, LISTENING)
            }
          }, 60),
        )
      })
    return () => {
      live = false
      for (const timer of timers) window.clearTimeout(timer)
      if (movedOn) for (const event of READER_MOVES) window.removeEventListener(event, movedOn, LISTENING)
    }
  }, [revealing])

  useEffect(() => {
    if (!highlightId) return
    const timer = window.setTimeout(() => setHighlightId(null), HIGHLIGHT_MS)
    return () => window.clearTimeout(timer)
  }, [highlightId])

  return highlightId
}
