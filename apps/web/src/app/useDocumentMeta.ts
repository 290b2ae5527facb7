import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

export interface DocumentMeta {
  /** The screen's title; the document shows "<title> · Agora" (Agora alone when empty). */
  title: string | null | undefined
  /** The page's `<meta name="description">`; index.html's site-wide text when empty. */
  description?: string | null
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
export function useDocumentMeta({ title, description }: DocumentMeta) {
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
}
