import type { Options } from 'react-markdown'

/** Plugins a text may need beyond plain Markdown, each in its own chunk (KaTeX, the highlighter). */
export interface MarkdownExtras {
  remarkPlugins: NonNullable<Options['remarkPlugins']>
  /** Run after the sanitiser: they add only their own markup to a tree that is already safe. */
  rehypePlugins: NonNullable<Options['rehypePlugins']>
}

type Extra = 'math' | 'code'

const NONE: MarkdownExtras = { remarkPlugins: [], rehypePlugins: [] }

const importers: Record<Extra, () => Promise<MarkdownExtras>> = {
  math: () => import('./math').then((module) => module.mathExtras),
  code: () => import('./highlight').then((module) => module.highlightExtras),
}

/**
 * A fence at a line's start, or inside a quote or a list item (a generous test: at worst it loads for
 * nothing). Within one line: a prefix that could span lines made a text of many short lines quadratic.
 */
const FENCE = /^[ \t>*+\-\d.)]*(`{3,}|~{3,})[ \t]*(\w*)/gm

/** Which extras `text` needs, math first (else the highlighter would colour a ```math block). */
export function extrasNeeded(text: string): Extra[] {
  const fences = [...text.matchAll(FENCE)]
  const needed: Extra[] = []
  if (text.includes('$') || fences.some((fence) => fence[2] === 'math')) needed.push('math')
  if (fences.length > 0) needed.push('code')
  return needed
}

/** Each extra once loaded (NONE when its chunk could not be: the text shows as plain Markdown). */
const loaded = new Map<Extra, MarkdownExtras>()
/** By the extras' names joined: one object (and one promise) per combination, as React's `use` needs. */
const combined = new Map<string, MarkdownExtras>()
const pending = new Map<string, Promise<MarkdownExtras>>()

function combine(needed: readonly Extra[]): MarkdownExtras {
  const key = needed.join('+')
  let extras = combined.get(key)
  if (!extras) {
    const parts = needed.map((extra) => loaded.get(extra) ?? NONE)
    extras = {
      remarkPlugins: parts.flatMap((part) => part.remarkPlugins),
      rehypePlugins: parts.flatMap((part) => part.rehypePlugins),
    }
    combined.set(key, extras)
  }
  return extras
}

async function load(extra: Extra) {
  if (loaded.has(extra)) return
  // Offline, or a new deployment removed the chunk: no retry loop, plain Markdown for this page's life.
  loaded.set(extra, await importers[extra]().catch(() => NONE))
}

/**
 * The extras `text` needs: at once when they are loaded, else a promise of them for React's `use`, so
 * the text's Suspense fallback stays until they are here and the text is drawn once, complete.
 */
export function markdownExtras(text: string): MarkdownExtras | Promise<MarkdownExtras> {
  const needed = extrasNeeded(text)
  if (needed.every((extra) => loaded.has(extra))) return combine(needed)
  const key = needed.join('+')
  let promise = pending.get(key)
  if (!promise) {
    promise = Promise.all(needed.map(load)).then(() => combine(needed))
    pending.set(key, promise)
  }
  return promise
}

/** Loads the extras `text` needs, for a render that must be complete in one synchronous pass (tests). */
export async function loadMarkdownExtras(text: string): Promise<MarkdownExtras> {
  return markdownExtras(text)
}
