import Type, { type Static } from 'typebox'
import { LiteralUnion, Nullable } from './common'
import { BOUNTY_AMOUNT_MAX, BOUNTY_REVIEWS_WANTED_MAX } from './limits'
import { UserSummary } from './user-fields'

/** Review bounties: tokens a funder puts in escrow on a post, awarded to reviews of it. */
export { BOUNTY_AMOUNT_MAX, BOUNTY_DAYS_MAX, BOUNTY_DAYS_MIN, BOUNTY_REVIEWS_WANTED_MAX } from './limits'

const WholeTokens = Type.Integer({ minimum: 1, maximum: BOUNTY_AMOUNT_MAX })

export const CreateBountyRequest = Type.Object(
  {
    /** Whole tokens, moved at once from the funder's claimable balance into escrow. */
    amount: WholeTokens,
    reviews_wanted: Type.Integer({ minimum: 1, maximum: BOUNTY_REVIEWS_WANTED_MAX }),
    /** An ISO date (the end of that UTC day) or date-time, 1 to 60 days ahead. */
    deadline: Type.String({ minLength: 10, maxLength: 40 }),
  },
  { additionalProperties: false },
)
export type CreateBountyRequest = Static<typeof CreateBountyRequest>

export const AwardBountyRequest = Type.Object(
  {
    review_id: Type.String({ maxLength: 64 }),
    /** Whole tokens, at most what the bounty has left. */
    amount: WholeTokens,
  },
  { additionalProperties: false },
)
export type AwardBountyRequest = Static<typeof AwardBountyRequest>

/** Someone a bounty names (its funder, a reviewer it paid), with their id: names can change. */
const BountyPerson = Type.Object({ id: Type.String(), ...UserSummary.properties })

export const BountyAward = Type.Object({
  id: Type.String(),
  review_id: Type.String(),
  reviewer: BountyPerson,
  amount: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
})
export type BountyAward = Static<typeof BountyAward>

export const BountyView = Type.Object({
  id: Type.String(),
  post: Type.Object({ id: Type.String(), title: Type.String() }),
  funder: BountyPerson,
  /** Whole tokens put in escrow. */
  amount: Type.Integer(),
  /** Whole tokens not awarded yet (returned to the funder when the bounty closes). */
  remaining: Type.Integer(),
  reviews_wanted: Type.Integer(),
  deadline: Type.String({ format: 'date-time' }),
  /** open; cancelled by its funder before any review came; closed at the deadline or when spent. */
  status: LiteralUnion('open', 'cancelled', 'closed'),
  awards: Type.Array(BountyAward),
  created_at: Type.String({ format: 'date-time' }),
  closed_at: Nullable(Type.String({ format: 'date-time' })),
})
export type BountyView = Static<typeof BountyView>

export const BountyListResponse = Type.Object({ items: Type.Array(BountyView) })
export type BountyListResponse = Static<typeof BountyListResponse>

export const BountyAwardResponse = Type.Object({ award: BountyAward, bounty: BountyView })
export type BountyAwardResponse = Static<typeof BountyAwardResponse>
