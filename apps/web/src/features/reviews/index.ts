/** The open peer reviews of a post, for the post page: the aggregate, the reviews, writing and inviting. */

export { ReviewsSection, type ReviewsSectionProps } from './ReviewsSection'
