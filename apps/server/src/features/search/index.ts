import { commentSearchSource } from './search.comments'
import { postSearchSource } from './search.posts'
import type { SearchSource } from './search.query'

export { commentSearchSource } from './search.comments'
export { type Frequency, type SearchedTable, type WordFrequencies, wordFrequencies } from './search.frequency'
export type { WindowStarts } from './search.newest'
export { postSearchSource, RECENT_WINDOW } from './search.posts'
export {
  anyWordQuery,
  bestHits,
  fewMatches,
  prefixQuery,
  RANK_CANDIDATES,
  type SearchSource,
  searchTerms,
} from './search.query'
export { type SnippetTarget, snippetsOf } from './search.snippets'
export { widerWindows } from './search.windows'

/** Every source search looks in, best first: a post that matches itself beats one found through a comment. */
export const searchSources: SearchSource[] = [postSearchSource, commentSearchSource]
