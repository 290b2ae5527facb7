import { lazy } from 'react'

/** The post page's Markdown renderer, loaded on demand (one chunk for the post and its comments). */
export const loadMarkdown = () => import('../../ui/Markdown').then((module) => ({ default: module.Markdown }))

export const Markdown = lazy(loadMarkdown)
