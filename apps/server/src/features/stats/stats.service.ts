import type { StatsResponse } from '@agora/contract'
import type { Db } from '../../db/index'
import { rewardTotals } from '../rewards/index'
import { faucetTotal } from '../token/index'
import { statsStore } from './stats.store'

/** The real figures of the home and forum heroes. */
export function statsService(db: Db) {
  const store = statsStore(db)
  const rewards = rewardTotals(db)
  return {
    async current(): Promise<StatsResponse> {
      const [members, posts, faucet, claimsPaid, earned] = await Promise.all([
        store.members(),
        store.posts(),
        faucetTotal(db),
        rewards.paid(),
        rewards.earned(),
      ])
      return {
        members,
        posts: posts.count,
        comments: posts.comments,
        // Whole tokens, from the records: faucet grants confirmed plus reward claims paid.
        tokens_distributed: Math.floor(faucet + claimsPaid),
        tokens_earned: earned,
      }
    },
  }
}
