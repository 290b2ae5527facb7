import Type, { type Static } from 'typebox'

/** GET /stats: the real figures behind the home and forum heroes. */
export const StatsResponse = Type.Object({
  members: Type.Integer(),
  posts: Type.Integer(),
  comments: Type.Integer(),
  tokens_distributed: Type.Number(),
})
export type StatsResponse = Static<typeof StatsResponse>
