import escapeHtml from 'escape-html'

/**
 * What a page shows before the app's code has run, written into index.html's static shell by the
 * server: the screen drawn by the app's own components on the server (apps/web/src/entry-server.tsx),
 * in the reader's language, so the reader sees it — and the browser starts its pictures — at the
 * first paint instead of after the app's code has downloaded and run. The app keeps it up until its
 * screen has drawn the same content, then swaps the two in one frame (apps/web/src/app/staticShell.ts).
 */
export interface FirstScreen {
  /** The path it was drawn for; the app drops it when the reader is elsewhere. */
  path: string
  /** The document's title (the app's own format: "<title> · Agora"). */
  title: string
  /** The page's meta description, or null for the site's. */
  description: string | null
  /** The markup that goes inside the shell's `<main>`. */
  html: string
  /** Which screen's stylesheets it needs (see PageTemplate). */
  screen: Screen
  /** The document's language (`<html lang>`). */
  htmlLang: string
  /** What the drawn text uses beyond the screen itself (a post's Markdown, math, code): their styles are linked too. */
  parts?: readonly Part[]
}

export type Screen = 'home' | 'forum' | 'post' | 'notFound' | 'review'
export type Part = 'markdown' | 'math' | 'code'
const PARTS: readonly Part[] = ['markdown', 'math', 'code']

/** index.html's places a first screen is written into. */
const SHELL_OPEN = '<div id="static-shell">'
const SHELL_MAIN = '<main class="app__main"></main>'
const TITLE = /<title>[^<]*<\/title>/
const HTML_LANG = /<html lang="[^"]*">/
const DESCRIPTION = /<meta name="description" content="([^"]*)"/
/**
 * Where a screen's stylesheets go: after the app's last one (the build puts them first in the head,
 * before the scripts), or at the end of a head without any.
 */
const STYLES_PLACE = /<link rel="stylesheet"[^>]*>(?![\s\S]*<link rel="stylesheet")|<\/head>/
/**
 * The app's code as the build adds it to the head: its entry, and the modules the entry imports. A
 * page whose content is drawn in names them on route-prefetch.js's tag instead, which asks for them
 * once the page and its picture have loaded (apps/web/public/route-prefetch.js): the reader first
 * waits for the stylesheets and the picture, and the code (about 150 KB) is for what they do next.
 */
const APP_ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/
const APP_IMPORT = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g
const BOOT_TAG = '<script src="/route-prefetch.js"'
/** A drawn screen's files, which the build lists on route-prefetch.js's tag (apps/web/vite.config.ts). */
const screenFiles = (screen: Screen) => new RegExp(`data-${screen}-screen="([^"]*)"`)
/** The stylesheets of a part a drawn text may use, listed on the same tag. */
const partFiles = (part: Part) => new RegExp(`data-${part}-part="([^"]*)"`)

/**
 * The built index.html, and the same page with a first screen written in. A template without the
 * shell's places (an older or hand-made index.html) serves every page plain.
 */
export class PageTemplate {
  readonly canHoldFirstScreens: boolean
  /** `plain` with the app's code named on route-prefetch.js's tag instead of loaded at once. */
  private readonly drawable: string
  private readonly styles: Record<Screen, string>
  private readonly partStyles: Record<Part, string>

  constructor(readonly plain: string) {
    const entry = APP_ENTRY.exec(plain)?.[1]
    this.canHoldFirstScreens =
      plain.includes(SHELL_OPEN) &&
      plain.includes(SHELL_MAIN) &&
      plain.includes(BOOT_TAG) &&
      entry !== undefined &&
      TITLE.test(plain) &&
      STYLES_PLACE.test(plain)
    const imports = [...plain.matchAll(APP_IMPORT)].map((match) => match[1])
    this.drawable = plain
      .replace(APP_ENTRY, '')
      .replace(APP_IMPORT, '')
      .replace(BOOT_TAG, () => `${BOOT_TAG} data-app="${escapeHtml([entry, ...imports].join(' '))}"`)
    // A drawn screen's styles are loaded with the page (render-blocking, a few KB) so it is drawn in the
    // app's own layout; the app's code finds them loaded when it shows the screen (same URL and CORS
    // mode as its own requests for them, so the browser's cache answers).
    const links = (files: RegExp) =>
      (files.exec(plain)?.[1].split(' ') ?? [])
        .filter((file) => file.endsWith('.css') && file.startsWith('/'))
        .map((file) => `<link rel="stylesheet" crossorigin href="${escapeHtml(file)}" />`)
        .join('')
    const stylesOf = (screen: Screen) => links(screenFiles(screen))
    this.styles = {
      home: stylesOf('home'),
      forum: stylesOf('forum'),
      post: stylesOf('post'),
      notFound: stylesOf('notFound'),
      review: stylesOf('review'),
    }
    this.partStyles = {
      markdown: links(partFiles('markdown')),
      math: links(partFiles('math')),
      code: links(partFiles('code')),
    }
  }

  /** The page with `screen` in its shell; the shell's `data-first-screen` tells the app to keep it up. */
  render(screen: FirstScreen): string {
    if (!this.canHoldFirstScreens) return this.plain
    let html = this.drawable
      .replace(SHELL_OPEN, `<div id="static-shell" data-first-screen="${escapeHtml(screen.path)}">`)
      .replace(TITLE, () => `<title>${escapeHtml(screen.title)}</title>`)
      .replace(HTML_LANG, () => `<html lang="${escapeHtml(screen.htmlLang)}">`)
      .replace(STYLES_PLACE, (place) => {
        const styles =
          this.styles[screen.screen] +
          PARTS.filter((part) => screen.parts?.includes(part))
            .map((part) => this.partStyles[part])
            .join('')
        return place === '</head>' ? `${styles}${place}` : `${place}${styles}`
      })
    if (screen.description) {
      // The site's text stays on the tag: the app puts it back when the reader leaves the screen.
      html = html.replace(
        DESCRIPTION,
        (_tag, site: string) =>
          `<meta name="description" content="${escapeHtml(screen.description)}" data-site-description="${site}"`,
      )
    }
    // Last, so the head's patterns scan the shell only, not a screen of a 100,000-character text.
    // Inert until the app takes over: its buttons do nothing yet, so nothing in it takes a click or
    // focus, and assistive technology meets the screen once, when the app shows it.
    return html.replace(SHELL_MAIN, () => `<main class="app__main" inert>${screen.html}</main>`)
  }
}
