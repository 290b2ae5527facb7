/** Edit histories of posts and comments: the kept revisions, appended by posts' and comments' edits. */

export { editState, madeBy, sameValue } from './revisions.rules'
export { revisionsStore } from './revisions.store'
