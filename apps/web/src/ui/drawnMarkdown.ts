import { type ComponentType, createContext } from 'react'
import type { MarkdownProps } from './Markdown'

/**
 * The Markdown component, loaded with the extras the text needs, on the server only (entry-server.tsx):
 * a drawn post's text is then drawn as the app shows it, math and code included. Null in
 * the browser, where Markdown loads lazily.
 */
export const DrawnMarkdown = createContext<ComponentType<MarkdownProps> | null>(null)

/** Marks a text the server drew as Markdown; the app draws it so too before it takes over. */
export const DRAWN_MARKDOWN_CLASS = 'markdown--drawn'

/** Whether the page the server drew, still shown, holds a text drawn as Markdown. */
export function shellHoldsDrawnMarkdown(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.querySelector(`#static-shell[data-first-screen] .${DRAWN_MARKDOWN_CLASS}`) !== null
  )
}
