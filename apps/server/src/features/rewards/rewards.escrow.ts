import { sql } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import type { RewardsConfig } from '../../config'
import type { Db } from '../../db/index'
import { claimableOf, holdStart } from './rewards.rules'
import { rewardsStore } from './rewards.store'

/** Where a bounty's tokens are, as the ledger names it: the bounty itself, or one award of it. */
type EscrowSource = { kind: 'bounty' | 'award'; id: string }

/**
 * The ledger's side of review bounties (features/bounties), each inside the caller's transaction:
 * the escrow out of a funder's claimable balance, an award into a reviewer's earnings (held like
 * any earning), and a refund of what was not awarded, written once per source.
 */
export function escrowLedger(db: Db, config: RewardsConfig) {
  const store = rewardsStore(db)

  async function entry(
    userId: string,
    reason: 'bounty_escrow' | 'bounty_award' | 'bounty_refund',
    source: EscrowSource,
    amount: bigint,
    about: { postId: string; reviewId?: string },
  ): Promise<boolean> {
    // The index's predicate is written into the text: as a parameter, a prepared statement's generic
    // plan cannot match the partial unique index (PostgreSQL 42P10).
    const written = await db
      .insertInto('reward_entries')
      .values({
        id: uuidv7(),
        user_id: userId,
        amount,
        reason,
        source_kind: source.kind,
        source_id: source.id,
        target_id: about.reviewId ?? null,
        post_id: about.postId,
      })
      .onConflict((oc) =>
        oc
          .columns(['reason', 'source_kind', 'source_id'])
          .where('reason', '<>', sql.lit('reversal'))
          .doNothing(),
      )
      .returning('id')
      .executeTakeFirst()
    return written !== undefined
  }

  return {
    /**
     * Takes the funder's rewards lock (as a claim does) and answers what they may put in escrow now:
     * of concurrent fundings and claims, each sees the ones before it.
     */
    async lockClaimable(userId: string): Promise<bigint> {
      await store.lockUsers([userId])
      const summary = await store.summary(userId, holdStart(config, new Date()))
      return claimableOf(BigInt(summary.balance), BigInt(summary.held))
    },
    escrow: (funderId: string, bountyId: string, postId: string, amount: bigint) =>
      entry(funderId, 'bounty_escrow', { kind: 'bounty', id: bountyId }, -amount, { postId }),
    award: (reviewerId: string, award: { id: string; reviewId: string; postId: string }, amount: bigint) =>
      entry(reviewerId, 'bounty_award', { kind: 'award', id: award.id }, amount, {
        postId: award.postId,
        reviewId: award.reviewId,
      }),
    /** Back to the funder: a bounty's remainder (once per bounty), or a returned award's amount (once per award). */
    refund: (funderId: string, source: EscrowSource, postId: string, amount: bigint) =>
      entry(funderId, 'bounty_refund', source, amount, { postId }),
  }
}
export type EscrowLedger = ReturnType<typeof escrowLedger>
