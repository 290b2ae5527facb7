import type {
  LeaderboardPeriod,
  LeaderboardResponse,
  RewardClaim,
  RewardClaimRequest,
  RewardEntry,
  RewardsMeQuery,
  RewardsMeResponse,
} from '@agora/contract'
import type { FastifyBaseLogger } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import type { Config } from '../../config'
import { isId } from '../../db/ids'
import type { Db } from '../../db/index'
import type { EventBus } from '../../events/index'
import { BadRequestError, ConflictError, HttpError, ServiceUnavailableError } from '../../http/errors'
import {
  ChainFailure,
  explorerUrlFor,
  fateOf,
  isSolanaAddress,
  loadTransfer,
  type Settled,
  scrub,
  storeSignatureFirst,
  type TokenChain,
  type TokenChainSlot,
  UNSIGNED_AFTER_MS,
} from '../token/index'
import { type ClaimRow, claimsStore } from './rewards.claims.store'
import { claimableOf, DECIMALS, holdStart, rulesView, tokensToUnits, unitsToTokens } from './rewards.rules'
import { type EntryCursor, type EntryView, rewardsStore } from './rewards.store'

const DAY_MS = 24 * 3600_000
const CLAIMS_LISTED = 50
/** Stale pending claims one sweep settles (the next sweep takes the rest). */
const SWEEP_BATCH = 100
export const CLAIM_PENDING = 'You already have a claim on its way: wait until it is paid or has failed'
export const KEY_REUSED = 'This client_key was already used for a claim with another address or amount'
export const CLAIM_REFUSED = 'The network refused the transfer; the tokens are back in your balance'
export const CLAIM_DID_NOT_LAND =
  'The transfer did not reach the network in time; the tokens are back in your balance'
export const CLAIM_NOT_SENT = 'The transfer was never sent; the tokens are back in your balance'

/** Why a claim settled after its request ended was failed (and credited back). */
const CLAIM_FAILURES: Record<Exclude<Settled, 'landed'>, string> = {
  refused: CLAIM_REFUSED,
  expired: CLAIM_DID_NOT_LAND,
  unsigned: CLAIM_NOT_SENT,
}

function toEntry(row: EntryView): RewardEntry {
  return {
    id: row.id,
    amount: row.amount,
    reason: row.reason,
    source: { kind: row.source_kind, id: row.source_id, post_id: row.post_id },
    created_at: row.created_at.toISOString(),
  }
}

/** The ledger (what is earned, the users' locks) and the claims, on one connection or transaction. */
const ledgerAndClaims = (db: Db) => ({ ...rewardsStore(db), ...claimsStore(db) })

const encodeCursor = (row: EntryView) => `${row.created_at.toISOString()}_${row.id}`

function parseCursor(raw: string | undefined): EntryCursor | null {
  if (!raw) return null
  const [time, id] = raw.split('_')
  const createdAt = new Date(time ?? '')
  // Years the database's timestamps can hold; anything else is not a cursor we gave out.
  const year = createdAt.getUTCFullYear()
  if (Number.isNaN(year) || year < 1970 || year > 9999 || !isId(id)) {
    throw new BadRequestError('bad_cursor', {
      detail: 'Invalid cursor: pass back the next_cursor of an earlier page',
      errors: [{ field: 'cursor', message: 'is not a cursor this server gave out' }],
    })
  }
  return { createdAt, id }
}

/** A claim amount: positive integer base units, at least the minimum. */
function parseClaimAmount(raw: string, minClaim: bigint): bigint {
  const amount = /^-?[0-9]{1,30}$/.test(raw) ? BigInt(raw) : -1n
  if (amount <= 0n) {
    throw new BadRequestError('claim_amount_invalid', {
      detail: 'Amount must be a positive whole number of base units (10^-9 tokens)',
      errors: [{ field: 'amount', message: 'must be greater than 0' }],
    })
  }
  if (amount < minClaim) {
    throw new BadRequestError('claim_amount_invalid', {
      detail: `The smallest claim is ${unitsToTokens(minClaim)} tokens`,
      errors: [{ field: 'amount', message: `must be at least ${minClaim}` }],
    })
  }
  return amount
}

const PERIOD_DAYS: Record<LeaderboardPeriod, number | null> = { week: 7, month: 30, all: null }

/**
 * Reading the ledger, the rules and the leaderboard, and claiming to a wallet. A claim that ends,
 * paid or failed, raises `claim.settled` in the transaction that settles it (`events`).
 */
export function rewardsService(db: Db, config: Config, events: EventBus, tokenChain: TokenChainSlot) {
  const store = ledgerAndClaims(db)
  const rules = config.rewards
  const minClaim = tokensToUnits(rules.minClaim)
  // Explorer links need only the cluster: listing claims never has to start the chain.
  const cluster = config.token.rpcUrl ? config.token.cluster : 'local'

  function toClaim(row: ClaimRow): RewardClaim {
    return {
      id: row.id,
      amount: row.amount,
      address: row.address,
      status: row.status,
      signature: row.signature,
      explorer_url: row.signature ? explorerUrlFor(cluster, row.signature) : null,
      failure: row.failure,
      created_at: row.created_at.toISOString(),
    }
  }

  async function chain(log: FastifyBaseLogger): Promise<TokenChain> {
    try {
      return await tokenChain.get()
    } catch (error) {
      log.error(
        { reason: error instanceof ChainFailure ? error.message : scrub(error) },
        'the token chain did not start',
      )
      if (error instanceof HttpError) throw error
      throw new ServiceUnavailableError('chain_unreachable')
    }
  }

  /**
   * Checks and records a pending claim with its ledger debit, in one transaction under the user's
   * rewards lock: of parallel claims, each sees the ones before it, so together they never take
   * more than was claimable. A client_key already used answers its claim instead.
   */
  async function reserve(userId: string, clientKey: string, address: string, amount: bigint) {
    return db.transaction().execute(async (trx) => {
      const tx = ledgerAndClaims(trx)
      await tx.lockUsers([userId])
      const earlier = await tx.findClaimByKey(userId, clientKey)
      if (earlier) return { claim: sameClaim(earlier, address, amount), isNew: false }
      if (await tx.pendingClaim(userId)) throw new ConflictError('claim_pending')
      const summary = await tx.summary(userId, holdStart(rules, new Date()))
      const claimable = claimableOf(BigInt(summary.balance), BigInt(summary.held))
      if (amount > claimable) {
        throw new BadRequestError('claim_amount_invalid', {
          detail: `You can claim at most ${unitsToTokens(claimable)} tokens now (earnings become claimable ${rules.holdHours} hours after they are made)`,
          errors: [{ field: 'amount', message: `must be at most ${claimable}` }],
        })
      }
      const claim = { id: uuidv7(), user_id: userId, client_key: clientKey, address, amount }
      await tx.insertClaim(claim)
      await tx.insertClaimEntry(claim, 'claim')
      return { claim: (await tx.findClaim(claim.id))!, isNew: true }
    })
  }

  /** A retried claim must be the same claim: same address and amount. */
  function sameClaim(earlier: ClaimRow, address: string, amount: bigint): ClaimRow {
    if (earlier.address !== address || BigInt(earlier.amount) !== amount)
      throw new ConflictError('claim_key_reused')
    return earlier
  }

  /** Tells the claim's end (notifications) in the transaction that settles it. */
  const raiseSettled = (trx: Db, claim: ClaimRow, status: 'paid' | 'failed') =>
    events.raise(trx, 'claim.settled', [
      { claimId: claim.id, userId: claim.user_id, status, amount: claim.amount },
    ])

  /**
   * Marks a pending claim failed and credits its amount back (in the caller's transaction `trx`);
   * a claim settled already is left alone, so nothing is ever credited back (or told) twice.
   */
  async function failAndRefund(trx: Db, claim: ClaimRow, failure: string) {
    const tx = ledgerAndClaims(trx)
    if (!(await tx.markFailed(claim.id, failure))) return
    await tx.insertClaimEntry({ ...claim, amount: BigInt(claim.amount) }, 'claim_refund')
    await raiseSettled(trx, claim, 'failed')
  }

  /** Marks a claim paid, under its user's rewards lock; told once, when it was not paid before. */
  async function markPaid(claim: ClaimRow, signature: string) {
    await db.transaction().execute(async (trx) => {
      const tx = ledgerAndClaims(trx)
      await tx.lockUsers([claim.user_id])
      const before = await tx.findClaim(claim.id)
      await tx.markLanded(claim.id, signature)
      if (before && before.status !== 'paid') await raiseSettled(trx, before, 'paid')
    })
  }

  /**
   * Settles the user's pending claim from its signature and age (token.settle.ts): landed is paid;
   * refused, expired, or never signed (the process stopped first) is failed and credited back.
   * Never fails the request it runs in: a chain that cannot be asked now is asked next time.
   */
  async function settlePending(userId: string, log: FastifyBaseLogger) {
    const pending = await store.pendingClaim(userId)
    if (!pending) return
    try {
      const fate = await fateOf(pending, () => chain(log))
      if (fate === 'open') return
      await db.transaction().execute(async (trx) => {
        const tx = ledgerAndClaims(trx)
        await tx.lockUsers([userId])
        const current = await tx.findClaim(pending.id)
        // Settled by a parallel request, or signed since it was read: judged again next time.
        if (current?.status !== 'pending' || current.signature !== pending.signature) return
        if (fate === 'landed') {
          await tx.markLanded(current.id, current.signature!)
          await raiseSettled(trx, current, 'paid')
        } else await failAndRefund(trx, current, CLAIM_FAILURES[fate])
      })
      log.info({ claim: pending.id, fate }, 'pending reward claim settled')
    } catch (error) {
      log.warn(
        { claim: pending.id, error: (error as Error)?.name },
        'a pending reward claim could not be settled now',
      )
    }
  }

  /** Sends a reserved claim; a failed transfer marks it failed and credits the ledger back. */
  async function pay(network: TokenChain, claim: ClaimRow, log: FastifyBaseLogger) {
    const { transferTokens, TransferUnconfirmedError } = await loadTransfer()
    try {
      const signature = await transferTokens(network, {
        target: claim.address,
        baseUnits: BigInt(claim.amount),
        memo: `Agora reward claim ${claim.id}`,
        onSigned: storeSignatureFirst((signature, madeAfter) =>
          store.recordSignature(claim.id, signature, madeAfter),
        ),
      })
      await markPaid(claim, signature)
      log.info(
        { claim: claim.id, address: claim.address, amount: claim.amount, signature },
        'reward claim paid',
      )
    } catch (error) {
      const failure = error instanceof HttpError ? error : new ServiceUnavailableError('transfer_failed')
      if (error instanceof TransferUnconfirmedError) {
        // It may still land: it stays pending and debited until settlePending learns its fate.
        await store.markUnconfirmed(claim.id, error.signature, failure.detail)
      } else {
        await db.transaction().execute((trx) => failAndRefund(trx, claim, failure.detail))
      }
      log.warn(
        {
          claim: claim.id,
          failure: failure.detail,
          ...(error instanceof HttpError ? {} : { error: (error as Error)?.name }),
        },
        'reward claim failed',
      )
      throw failure
    }
  }

  return {
    rules: () => rulesView(rules),

    /**
     * Settles the claims a stopped server left pending for users who do not come back (a user who
     * does has theirs settled by their next rewards request): SWEEP_BATCH of them, oldest first.
     */
    async sweep(log: FastifyBaseLogger) {
      const before = new Date(Date.now() - UNSIGNED_AFTER_MS)
      for (const userId of await store.staleClaimants(before, SWEEP_BATCH)) await settlePending(userId, log)
    },

    async me(userId: string, query: RewardsMeQuery, log: FastifyBaseLogger): Promise<RewardsMeResponse> {
      const limit = query.limit ?? 20
      const cursor = parseCursor(query.cursor)
      await settlePending(userId, log)
      const summary = await store.summary(userId, holdStart(rules, new Date()))
      const rows = await store.page(userId, cursor, limit + 1)
      const pending = await store.pendingClaim(userId)
      const page = rows.slice(0, limit)
      return {
        balance: summary.balance,
        claimable: claimableOf(BigInt(summary.balance), BigInt(summary.held)).toString(),
        earned_total: summary.earned,
        min_claim: minClaim.toString(),
        pending_claim: pending ? toClaim(pending) : null,
        entries: page.map(toEntry),
        next_cursor: rows.length > limit ? encodeCursor(page[page.length - 1]) : null,
      }
    },

    async claims(userId: string, log: FastifyBaseLogger): Promise<RewardClaim[]> {
      await settlePending(userId, log)
      return (await store.listClaims(userId, CLAIMS_LISTED)).map(toClaim)
    },

    async leaderboard(period: LeaderboardPeriod, limit: number): Promise<LeaderboardResponse> {
      const days = PERIOD_DAYS[period]
      const since = days === null ? null : new Date(Date.now() - days * DAY_MS)
      const rows = await store.leaderboard(since, limit)
      return {
        period,
        entries: rows.map((row) => ({ ...row, nickname: row.nickname || row.username })),
      }
    },

    async claim(userId: string, input: RewardClaimRequest, log: FastifyBaseLogger): Promise<RewardClaim> {
      const address = input.address.trim()
      if (!isSolanaAddress(address)) {
        throw new BadRequestError('invalid_address', {
          errors: [{ field: 'address', message: 'is not a Solana address' }],
        })
      }
      const amount = parseClaimAmount(input.amount, minClaim)
      // A retry of a claim already made answers it at once, whatever the chain is doing now.
      const earlier = await store.findClaimByKey(userId, input.client_key)
      if (earlier) return toClaim(sameClaim(earlier, address, amount))
      await settlePending(userId, log)
      const network = await chain(log)
      if (network.decimals !== DECIMALS) {
        throw new ServiceUnavailableError('service_unavailable', {
          detail: `Claims need a token of ${DECIMALS} decimals; this one has ${network.decimals}`,
        })
      }
      const { claim, isNew } = await reserve(userId, input.client_key, address, amount)
      if (isNew) await pay(network, claim, log)
      return toClaim((await store.findClaim(claim.id))!)
    },
  }
}
export type RewardsService = ReturnType<typeof rewardsService>
