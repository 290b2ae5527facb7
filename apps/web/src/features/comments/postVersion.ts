import { createContext } from 'react'

/** The post's current version of its files, for comments to say when they were written on an earlier one. */
export const PostVersion = createContext(1)
