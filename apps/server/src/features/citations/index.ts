export { CITE_CONTENT_TYPES, CITE_EXTENSIONS, type CitedReview, citeReview, warmCitations } from './citations'
export { citationsRoutes } from './citations.routes'
