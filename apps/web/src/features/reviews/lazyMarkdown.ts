import { lazy } from 'react'

/** The app's safe Markdown renderer (the one posts and comments use), loaded on demand. */
export const Markdown = lazy(() =>
  import('../../ui/Markdown').then((module) => ({ default: module.Markdown })),
)
