import Type, { type Static } from 'typebox'

/** GET /stats: the real figures behind the home and forum heroes. */
export const StatsResponse = Type.Object({
  members: Type.Integer(),
  posts: Type.Integer(),
  comments: Type.Integer(),
  /** Whole tokens sent to wallets: faucet grants confirmed plus reward claims paid, from the records. */
  tokens_distributed: Type.Number(),
  /** Whole tokens all users have earned as rewards (earnings less reversals). */
  tokens_earned: Type.Number(),
})
export type StatsResponse = Static<typeof StatsResponse>
