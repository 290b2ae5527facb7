import { lazy } from 'react'

/** The app's safe Markdown renderer, loaded on demand: one chunk for the post, its comments and reviews. */
export const loadMarkdown = () => import('./Markdown').then((module) => ({ default: module.Markdown }))

export const Markdown = lazy(loadMarkdown)
