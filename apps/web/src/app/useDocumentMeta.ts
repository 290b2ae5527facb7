import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

export interface DocumentMeta {
  /** The screen's title; the document shows "<title> · Agora" (Agora alone when empty). */
  title: string | null | undefined
  /** The page's `<meta name="description">`; index.html's site-wide text when empty. */
  description?: string | null
  /** The screen's own Atom feed, announced to feed readers (`<link rel="alternate">`) while it is shown. */
  feed?: { href: string; title: string } | null
}

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
  if (!tag) {
    tag = document.createElement('meta')
    tag.name = 'description'
    document.head.append(tag)
  }
  return tag
}

// index.html's text, captured once, is what a screen without its own description shows (a page the
// server drew a first screen into carries the post's text, and the site's beside it).
let siteDescription: string | null = null

/**
 * Per-route title and meta description, for the tab, history, bookmarks and link previews; every
 * screen calls it once:
 *
 *   useDocumentMeta({ title: t('meta.title'), description: t('meta.description') })
 *
 * Both follow the language live; leaving the screen puts the site-wide description back.
 */
export function useDocumentMeta({ title, description, feed }: DocumentMeta) {
  const { t } = useTranslation()
  const appName = t('appName')
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName
  }, [title, appName])
  useEffect(() => {
    const tag = descriptionTag()
    siteDescription ??= tag.dataset.siteDescription ?? tag.content
    tag.content = description || siteDescription
    return () => {
      tag.content = siteDescription ?? ''
    }
  }, [description])
  const feedHref = feed?.href
  const feedTitle = feed?.title
  useEffect(() => {
    if (!feedHref) return
    // The server writes the link into a page it serves (features/pages); the app keeps that one.
    let link = document.head.querySelector<HTMLLinkElement>(`link[${SCREEN_FEED}]`)
    if (!link) {
      link = document.createElement('link')
      link.rel = 'alternate'
      link.type = 'application/atom+xml'
      link.setAttribute(SCREEN_FEED, '')
      document.head.append(link)
    }
    link.href = feedHref
    link.title = feedTitle ?? ''
    return () => link.remove()
  }, [feedHref, feedTitle])
}

/** Marks the `<link rel="alternate">` of the screen's own feed (the site's feed is index.html's). */
const SCREEN_FEED = 'data-screen-feed'
