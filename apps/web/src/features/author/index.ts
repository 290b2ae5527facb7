/** What other screens may use of the author page: the posts a user liked (the test page lists them). */
export { useUserLiked } from './useAuthorProfile'
