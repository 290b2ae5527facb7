import type { FaucetResponse, TokenBalanceResponse, TokenInfoResponse } from '@agora/contract'
import type { FastifyBaseLogger } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import type { TokenConfig } from '../../config'
import { isSolanaAddress } from '../../config.solana-keys'
import type { Db } from '../../db/index'
import { BadRequestError, HttpError, ServiceUnavailableError, TooManyRequestsError } from '../../http/errors'
import type { TokenChainSlot } from './chain.open'
import { ChainFailure, type ChainFailureReason, scrub, type TokenChain } from './token.chain'
import { fateOf, type Settled, storeSignatureFirst, UNSIGNED_AFTER_MS } from './token.settle'
import { type GrantParties, type GrantUsage, tokenStore } from './token.store'

export { tokensDistributed } from './token.store'

const DAY_MS = 24 * 3600 * 1000
// Sums of decimal amounts are compared with this much slack (amounts have at most 9 decimals).
const EPSILON = 1e-10
/** Pending grants one sweep looks at (the next sweep takes the rest). */
const SWEEP_BATCH = 100

/** Why a grant settled after its request ended was failed (kept in the row, for an operator). */
export const GRANT_FAILURES: Record<Exclude<Settled, 'landed'>, string> = {
  refused: 'The network refused the transfer',
  expired: 'The transfer did not reach the network in time',
  unsigned: 'The transfer was never sent: the server stopped before signing it',
}

// The Solana libraries load with the first token request, not with the server.
const loadTransfer = () => import('./token.transfer')

export interface GrantInput {
  userId: string
  ip: string
  address: string
  amount: number
}

/** A blocked limit: whose it is, what is left, and when enough frees up for the amount asked. */
interface Blocked {
  who: string
  remaining: number
  freesAt: Date
}

const round9 = (value: number) => Math.round(value * 1e9) / 1e9

/** What a party may still get now (limit minus its grants of the last 24 hours). */
function remainingFor(rows: GrantUsage[], limit: number) {
  const used = rows.reduce((sum, row) => sum + Number(row.amount), 0)
  return Math.max(0, round9(limit - used))
}

/**
 * Checks one party's rolling 24-hour limit. When `amount` does not fit, finds the moment enough of
 * the party's grants have aged out of the window for it to fit.
 */
function checkLimit(rows: GrantUsage[], who: string, amount: number, limit: number): Blocked | null {
  const used = rows.reduce((sum, row) => sum + Number(row.amount), 0)
  if (used + amount <= limit + EPSILON) return null
  let freed = 0
  for (const row of rows) {
    freed += Number(row.amount)
    if (used - freed + amount <= limit + EPSILON) {
      return {
        who,
        remaining: Math.max(0, round9(limit - used)),
        freesAt: new Date(row.created_at.getTime() + DAY_MS),
      }
    }
  }
  // Unreachable while amount ≤ limit (the config guarantees max per request ≤ daily limit).
  return { who, remaining: 0, freesAt: new Date(Date.now() + DAY_MS) }
}

/** Whole tokens → base units, refusing more decimals than the token has. */
export function toBaseUnits(amount: number, decimals: number): bigint | null {
  const fixed = amount.toFixed(decimals)
  if (Number(fixed) !== amount) return null
  return BigInt(fixed.replace('.', ''))
}

function formatUnits(units: bigint, decimals: number): number {
  const scale = 10n ** BigInt(decimals)
  return Number(units / scale) + Number(units % scale) / Number(scale)
}

/** A chain failure, for the server log: the runtime's error code, never an RPC URL or a key. */
function describeReason(reason: ChainFailureReason | undefined) {
  if (!reason) return undefined
  return JSON.stringify(reason, (_key, value) => (typeof value === 'bigint' ? value.toString() : value))
}

export function tokenService(db: Db, config: TokenConfig, openChain: () => Promise<TokenChain>) {
  const store = tokenStore(db)

  async function chain(log: FastifyBaseLogger): Promise<TokenChain> {
    try {
      return await openChain()
    } catch (error) {
      // Said once per failed start (a started chain is kept): the operator needs the reason.
      const reason = error instanceof ChainFailure ? error.message : scrub(error)
      log.error({ reason }, 'the token chain did not start')
      if (error instanceof HttpError) throw error
      throw new ServiceUnavailableError('chain_unreachable', {
        detail: 'Account verification failed: the Solana network could not be reached',
      })
    }
  }

  function validate(input: { address: string; amount: number }) {
    const { amount } = input
    if (!Number.isFinite(amount) || amount <= 0) {
      throw new BadRequestError('amount_invalid', {
        errors: [{ field: 'amount', message: 'must be greater than 0' }],
      })
    }
    if (amount > config.maxPerRequest) {
      throw new BadRequestError('amount_too_large', {
        params: { max: config.maxPerRequest },
        errors: [{ field: 'amount', message: `must be at most ${config.maxPerRequest}` }],
      })
    }
    if (!isSolanaAddress(input.address)) {
      throw new BadRequestError('invalid_address', {
        errors: [{ field: 'address', message: 'is not a Solana address' }],
      })
    }
  }

  /**
   * Checks the three limits and records a pending grant, in one transaction that holds a lock per
   * party: of two requests at the limit, the second sees the first one's grant and is refused.
   */
  async function reserve(parties: GrantParties, amount: number, network: TokenChain): Promise<string> {
    return db.transaction().execute(async (trx) => {
      const tx = tokenStore(trx)
      await tx.lockParties(parties)
      const now = new Date()
      const rows = await tx.usageSince(parties, new Date(now.getTime() - DAY_MS))
      const blocked = [
        checkLimit(
          rows.filter((row) => row.user_id === parties.userId),
          'your account',
          amount,
          config.dailyLimit,
        ),
        checkLimit(
          rows.filter((row) => row.address === parties.address),
          'this address',
          amount,
          config.dailyLimit,
        ),
        checkLimit(
          rows.filter((row) => row.ip === parties.ip),
          'your network',
          amount,
          config.dailyLimit,
        ),
      ]
        .filter((limit): limit is Blocked => limit !== null)
        .sort((a, b) => b.freesAt.getTime() - a.freesAt.getTime())[0]
      if (blocked) {
        const left = blocked.remaining > 0 ? `${blocked.remaining} tokens are left` : 'nothing is left'
        throw new TooManyRequestsError(
          'faucet_daily_limit',
          Math.max(1, (blocked.freesAt.getTime() - now.getTime()) / 1000),
          {
            detail:
              `Daily limit reached: ${blocked.who} can receive ${config.dailyLimit} tokens in 24 hours and ${left}. ` +
              `${amount} tokens can be requested again after ${blocked.freesAt.toISOString()}.`,
          },
        )
      }
      const id = uuidv7()
      await tx.insertGrant({
        id,
        user_id: parties.userId,
        address: parties.address,
        ip: parties.ip,
        amount,
        cluster: network.cluster,
        mint: network.mint,
        created_at: now,
      })
      return id
    })
  }

  /**
   * Settles the pending grants that can be settled (token.settle.ts): landed ones are confirmed,
   * the others failed, and a failed grant stops counting against the limits. Never fails the
   * request it runs in: a chain that cannot be asked now is asked next time.
   */
  async function settle(
    grants: { id: string; signature: string | null; created_at: Date }[],
    log: FastifyBaseLogger,
  ) {
    for (const grant of grants) {
      try {
        const fate = await fateOf(grant, () => chain(log))
        if (fate === 'open') continue
        if (fate === 'landed') await store.markLanded(grant.id, grant.signature!)
        else if (!(await store.markFailed(grant.id, GRANT_FAILURES[fate]))) continue
        log.info({ grant: grant.id, fate }, 'pending faucet grant settled')
      } catch (error) {
        log.warn(
          { grant: grant.id, error: (error as Error)?.name },
          'a pending faucet grant could not be settled now',
        )
      }
    }
  }

  const settlePending = async (userId: string, log: FastifyBaseLogger) =>
    settle(await store.pendingGrants(userId), log)

  return {
    /**
     * Settles anyone's grants a stopped server left pending (SWEEP_BATCH, oldest first): a user who
     * never comes back would otherwise have them count against an address's and an IP's limits.
     */
    async sweep(log: FastifyBaseLogger) {
      await settle(await store.stalePendingGrants(new Date(Date.now() - UNSIGNED_AFTER_MS), SWEEP_BATCH), log)
    },

    async grant(input: GrantInput, log: FastifyBaseLogger): Promise<FaucetResponse> {
      validate(input)
      const network = await chain(log)
      // As many decimals as the token has, and no more than the grants table keeps (9).
      const places = Math.min(network.decimals, 9)
      const baseUnits = toBaseUnits(input.amount, network.decimals)
      if (baseUnits === null || toBaseUnits(input.amount, places) === null) {
        throw new BadRequestError('amount_too_precise', {
          params: { places },
          errors: [{ field: 'amount', message: `has more than ${places} decimal places` }],
        })
      }
      const { transferTokens, TransferUnconfirmedError } = await loadTransfer()
      await settlePending(input.userId, log)
      const grantId = await reserve(input, input.amount, network)
      try {
        const signature = await transferTokens(network, {
          target: input.address,
          baseUnits,
          memo: `Agora faucet grant ${grantId}`,
          onSigned: storeSignatureFirst((signature, madeAfter) =>
            store.recordSignature(grantId, signature, madeAfter),
          ),
        })
        await store.markLanded(grantId, signature)
        log.info(
          { grant: grantId, address: input.address, amount: input.amount, signature },
          'faucet grant confirmed',
        )
        return {
          address: input.address,
          amount: input.amount,
          signature,
          time: new Date().toISOString(),
          cluster: network.cluster,
          explorer_url: network.explorerUrl(signature),
        }
      } catch (error) {
        const failure = error instanceof HttpError ? error : new ServiceUnavailableError('transfer_failed')
        const reason = describeReason((error as { chainReason?: ChainFailureReason }).chainReason)
        if (error instanceof TransferUnconfirmedError) {
          await store.markUnconfirmed(grantId, error.signature, failure.detail)
        } else {
          await store.markFailed(grantId, failure.detail)
        }
        log.warn(
          {
            grant: grantId,
            address: input.address,
            amount: input.amount,
            failure: failure.detail,
            reason,
            // An unexpected error is named, not printed: its message could carry an RPC URL.
            ...(error instanceof HttpError ? {} : { error: (error as Error)?.name }),
          },
          'faucet grant failed',
        )
        throw failure
      }
    },

    async info(
      viewer: { userId: string; ip: string } | null,
      log: FastifyBaseLogger,
    ): Promise<TokenInfoResponse> {
      const network = await chain(log)
      let remaining: number | null = null
      if (viewer) {
        await settlePending(viewer.userId, log)
        const rows = await store.usageSince(viewer, new Date(Date.now() - DAY_MS))
        remaining = Math.min(
          remainingFor(
            rows.filter((row) => row.user_id === viewer.userId),
            config.dailyLimit,
          ),
          remainingFor(
            rows.filter((row) => row.ip === viewer.ip),
            config.dailyLimit,
          ),
        )
      }
      return {
        cluster: network.cluster,
        network_name: network.networkName,
        mint: network.mint,
        decimals: network.decimals,
        faucet_address: network.faucet.address,
        max_per_request: config.maxPerRequest,
        daily_limit: config.dailyLimit,
        remaining_today: remaining,
        persistent: network.persistent,
      }
    },

    async balance(address: string, log: FastifyBaseLogger): Promise<TokenBalanceResponse> {
      if (!isSolanaAddress(address)) {
        throw new BadRequestError('invalid_address', {
          errors: [{ field: 'address', message: 'is not a Solana address' }],
        })
      }
      const network = await chain(log)
      const { balanceOf } = await loadTransfer()
      const { lamports, baseUnits } = await balanceOf(network, address)
      return {
        address,
        sol: formatUnits(lamports, 9),
        tokens: formatUnits(baseUnits, network.decimals),
        lamports: lamports.toString(),
        base_units: baseUnits.toString(),
      }
    },
  }
}
export type TokenService = ReturnType<typeof tokenService>

/** The service over the app's chain (opened on first use). */
export function tokenServiceFor(db: Db, config: TokenConfig, chain: TokenChainSlot) {
  return tokenService(db, config, () => chain.get())
}
