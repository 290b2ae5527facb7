import { createContext } from 'react'

/** The ids of the people the reader blocked: their comments fold away until asked for. */
export const BlockedAuthors = createContext<ReadonlySet<string>>(new Set())
