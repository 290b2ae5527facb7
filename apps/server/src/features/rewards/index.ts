import type { Db } from '../../db/index'
import { claimsStore } from './rewards.claims.store'
import { DECIMALS, unitsToWholeTokens } from './rewards.rules'
import { rewardsStore } from './rewards.store'

export { rewardsLedger, subscribeLedger } from './rewards.ledger'
export { rewardsRoutes } from './rewards.routes'

/** What other screens show of the ledger: totals earned and paid, in whole tokens. */
export function rewardTotals(db: Db) {
  const store = rewardsStore(db)
  const claims = claimsStore(db)
  return {
    /** Whole tokens earned (earnings less reversals), by everyone or by one user. */
    earned: async (userId?: string) => unitsToWholeTokens(await store.earned(userId)),
    /** Base units earned by one user, as the API's strings carry them. */
    earnedUnits: async (userId: string) => (await store.earned(userId)).toString(),
    /** Tokens paid out by claims (fractional: claims are in base units). */
    paid: async () => Number(await claims.paidTotal()) / 10 ** DECIMALS,
  }
}
export { type EscrowLedger, escrowLedger } from './rewards.escrow'
export { tokensToUnits, unitsToWholeTokens } from './rewards.rules'
