// Error codes the web app tests for by value; plain constants, so the browser imports them without TypeBox.

/**
 * The `code` of GET /media/{id}'s 404 and 410: a post nobody else may see is `post_not_found`
 * (private, or absent), one the moderators hid `post_hidden` (404) and removed `post_removed` (410),
 * one its author deleted `post_deleted` (410).
 */
export const POST_UNAVAILABLE = {
  notFound: 'post_not_found',
  hidden: 'post_hidden',
  removed: 'post_removed',
  deleted: 'post_deleted',
} as const
export type PostUnavailableCode = (typeof POST_UNAVAILABLE)[keyof typeof POST_UNAVAILABLE]
