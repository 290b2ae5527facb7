/**
 * What the author's "Ask for review" button does (on a hidden or removed post or comment): asks
 * once, and not again while asking. aria-disabled, not disabled: the button keeps the focus of whoever
 * just pressed it.
 *
 *   <Button {...askReviewProps(review, moderation.review_requested)}>
 */
export function askReviewProps(review: { isPending: boolean; mutate: () => void }, requested: boolean) {
  return {
    'aria-disabled': requested || undefined,
    'aria-busy': review.isPending || undefined,
    onClick: () => {
      if (!requested && !review.isPending) review.mutate()
    },
  }
}
