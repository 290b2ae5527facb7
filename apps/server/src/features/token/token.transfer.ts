import { type Address, address, type Instruction } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTokenDecoder,
  getTokenErrorMessage,
  getTokenSize,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
  type TokenError,
} from '@solana-program/token'
import { isSolanaAddress } from '../../config.solana-keys'
import { BadRequestError, type HttpError, ServiceUnavailableError } from '../../http/errors'
import { type ChainAccount, ChainFailure, type OnSigned, type TokenChain } from './token.chain'

// product-spec §4 "Token transfer", one step after the other: validate the address; check that the
// source accounts exist; activate a missing target with a minimum of SOL; create the target's
// token account if needed; transfer. The steps after the checks go into ONE transaction, so a
// grant happens whole or not at all. Every failure becomes one of the texts of §8 "Token".

/** The SOL sent to activate a target account that does not exist yet (product-spec §9). */
export const ACTIVATION_LAMPORTS = 990_880n
/** The fee of a transaction with one signature. */
const SIGNATURE_FEE = 5_000n
const MEMO_PROGRAM_ADDRESS = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')

export const INVALID_ADDRESS = 'Invalid Solana address'
export const SOURCE_ACCOUNT_MISSING = 'Source account does not exist or is not activated'
export const SOURCE_TOKEN_ACCOUNT_MISSING = 'Source token account does not exist or is not activated'
export const NO_SOL_FOR_TOKEN_ACCOUNT = 'Insufficient funds: not enough SOL to create the token account'
export const TRANSFER_FAILED = 'Token transfer failed, please try again'
const activationFailed = (why: string) => `Account activation failed: ${why}`
const verificationFailed = (why: string) => `Account verification failed: ${why}`
const operationFailed = (why: string) => `Token operation failed: ${why}`

/** The transfer may still land: the grant stays pending (and counts against the limits). */
export class TransferUnconfirmedError extends ServiceUnavailableError {
  constructor(readonly signature: string) {
    super('transfer_unconfirmed', {
      detail: operationFailed(
        'the transfer was sent but the network has not confirmed it yet; check again later',
      ),
    })
  }
}

type Step = 'memo' | 'activate' | 'create_token_account' | 'transfer'

export interface TransferRequest {
  target: string
  baseUnits: bigint
  /** Written on chain with the transfer: ties the transaction to its grant (and makes it unique). */
  memo: string
  /** Stores the signature with the grant or claim before the transaction is submitted. */
  onSigned?: OnSigned
}

export async function transferTokens(chain: TokenChain, request: TransferRequest): Promise<string> {
  // 1. The address.
  if (!isSolanaAddress(request.target)) {
    throw new BadRequestError('invalid_address', {
      errors: [{ field: 'address', message: 'is not a Solana address' }],
    })
  }
  const target = address(request.target)
  const faucet = chain.faucet.address
  const mint = address(chain.mint)
  if (target === faucet) throw new BadRequestError('faucet_to_itself')
  const [sourceTokenAccount] = await findAssociatedTokenPda({
    owner: faucet,
    mint,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  const [targetTokenAccount] = await findAssociatedTokenPda({
    owner: target,
    mint,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })

  // 2. The source accounts, and what the target already has.
  let source: ChainAccount | null
  let sourceToken: ChainAccount | null
  let targetAccount: ChainAccount | null
  let targetToken: ChainAccount | null
  let tokenAccountRent: bigint
  let reserve: bigint
  try {
    ;[source, sourceToken, targetAccount, targetToken] = await chain.getAccounts([
      faucet,
      sourceTokenAccount,
      target,
      targetTokenAccount,
    ])
    tokenAccountRent = await chain.minimumBalanceForRentExemption(getTokenSize())
    reserve = await chain.minimumBalanceForRentExemption(0)
  } catch (error) {
    throw failureOf(error, [], verificationFailed('the Solana network could not be reached'))
  }
  if (!source) throw new ServiceUnavailableError('transfer_failed', { detail: SOURCE_ACCOUNT_MISSING })
  if (!sourceToken || sourceToken.owner !== TOKEN_PROGRAM_ADDRESS) {
    throw new ServiceUnavailableError('transfer_failed', { detail: SOURCE_TOKEN_ACCOUNT_MISSING })
  }
  if (targetAccount && targetAccount.owner === TOKEN_PROGRAM_ADDRESS) {
    // Tokens sent to a token account's own token account would be lost.
    throw new BadRequestError('token_account_address', {
      errors: [{ field: 'address', message: 'is a token account' }],
    })
  }
  if (getTokenDecoder().decode(sourceToken.data).amount < request.baseUnits) {
    throw new ServiceUnavailableError('transfer_failed', {
      detail: operationFailed('the faucet has run out of tokens'),
    })
  }
  const activate = targetAccount === null
  const createTokenAccount = targetToken === null
  const lamportsNeeded =
    SIGNATURE_FEE +
    reserve +
    (activate ? ACTIVATION_LAMPORTS : 0n) +
    (createTokenAccount ? tokenAccountRent : 0n)
  if (source.lamports < lamportsNeeded) throw notEnoughSol(activate, createTokenAccount)

  // 3–5. Activate, create the token account, transfer: one transaction.
  const steps: Step[] = ['memo']
  const instructions: Instruction[] = [
    { programAddress: MEMO_PROGRAM_ADDRESS, data: new TextEncoder().encode(request.memo) },
  ]
  if (activate) {
    steps.push('activate')
    instructions.push(
      getTransferSolInstruction({ source: chain.faucet, destination: target, amount: ACTIVATION_LAMPORTS }),
    )
  }
  if (createTokenAccount) {
    steps.push('create_token_account')
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer: chain.faucet,
        ata: targetTokenAccount,
        owner: target,
        mint,
      }),
    )
  }
  steps.push('transfer')
  instructions.push(
    getTransferCheckedInstruction({
      source: sourceTokenAccount,
      mint,
      destination: targetTokenAccount,
      authority: chain.faucet,
      amount: request.baseUnits,
      decimals: chain.decimals,
    }),
  )
  try {
    return await chain.send(instructions, request.onSigned)
  } catch (error) {
    throw failureOf(error, steps, TRANSFER_FAILED, { activate, createTokenAccount })
  }
}

/** SOL and token balance of a wallet, in base units; an address with nothing answers zeros. */
export async function balanceOf(chain: TokenChain, owner: string) {
  if (!isSolanaAddress(owner)) {
    throw new BadRequestError('invalid_address', {
      errors: [{ field: 'address', message: 'is not a Solana address' }],
    })
  }
  const [tokenAccount] = await findAssociatedTokenPda({
    owner: address(owner),
    mint: address(chain.mint),
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  let wallet: ChainAccount | null
  let token: ChainAccount | null
  try {
    ;[wallet, token] = await chain.getAccounts([owner, tokenAccount])
  } catch (error) {
    throw failureOf(error, [], verificationFailed('the Solana network could not be reached'))
  }
  const tokens =
    token && token.owner === TOKEN_PROGRAM_ADDRESS ? getTokenDecoder().decode(token.data).amount : 0n
  return {
    lamports: wallet?.lamports ?? 0n,
    baseUnits: tokens,
    tokenAccount: token ? (tokenAccount as Address) : null,
  }
}

function notEnoughSol(activate: boolean, createTokenAccount: boolean): HttpError {
  if (createTokenAccount)
    return new ServiceUnavailableError('transfer_failed', { detail: NO_SOL_FOR_TOKEN_ACCOUNT })
  if (activate)
    return new ServiceUnavailableError('transfer_failed', {
      detail: activationFailed('the faucet does not have enough SOL'),
    })
  return new ServiceUnavailableError('transfer_failed', {
    detail: operationFailed('the faucet does not have enough SOL to pay the fee'),
  })
}

/** Why a custom program error happened, in words, for the step that raised it. */
function customReason(step: Step, code: number): string {
  if (step === 'transfer') {
    try {
      const message = getTokenErrorMessage(code as TokenError)
      if (message) return message.charAt(0).toLowerCase() + message.slice(1)
    } catch {}
  }
  // The System program's "result with negative lamports": the payer has too little SOL.
  if (code === 1) return 'not enough SOL'
  return `program error ${code}`
}

/** The §8 text for a failure, carrying the chain's own reason (non-enumerable) for the server log. */
function failureOf(
  error: unknown,
  steps: Step[],
  fallback: string,
  plan: { activate: boolean; createTokenAccount: boolean } = { activate: false, createTokenAccount: false },
): HttpError {
  const failure = explain(error, steps, fallback, plan)
  if (error instanceof ChainFailure) Object.defineProperty(failure, 'chainReason', { value: error.reason })
  return failure
}

function explain(
  error: unknown,
  steps: Step[],
  fallback: string,
  plan: { activate: boolean; createTokenAccount: boolean },
): HttpError {
  if (!(error instanceof ChainFailure))
    return new ServiceUnavailableError('transfer_failed', { detail: fallback })
  const { reason } = error
  switch (reason.kind) {
    case 'unreachable':
      return new ServiceUnavailableError('transfer_failed', {
        detail: steps.length ? TRANSFER_FAILED : fallback,
      })
    case 'expired':
      return new ServiceUnavailableError('transfer_failed')
    case 'unconfirmed':
      return new TransferUnconfirmedError(reason.signature)
    case 'rejected':
      break
  }
  const tx = reason.transaction as string | Record<string, unknown>
  if (tx === 'InsufficientFundsForFee') return notEnoughSol(false, false)
  if (typeof tx === 'object' && tx && 'InsufficientFundsForRent' in tx) {
    return notEnoughSol(plan.activate, plan.createTokenAccount)
  }
  const instructionError = typeof tx === 'object' && tx ? tx.InstructionError : undefined
  if (!Array.isArray(instructionError)) return new ServiceUnavailableError('transfer_failed')
  const [index, inner] = instructionError as [number, unknown]
  const step = steps[Number(index)]
  const custom =
    typeof inner === 'object' && inner && 'Custom' in inner
      ? Number((inner as { Custom: number | bigint }).Custom)
      : null
  const why = custom !== null ? customReason(step, custom) : 'the network refused it'
  switch (step) {
    case 'activate':
      return new ServiceUnavailableError('transfer_failed', { detail: activationFailed(why) })
    case 'create_token_account':
      if (custom === 1 || inner === 'InsufficientFunds')
        return new ServiceUnavailableError('transfer_failed', { detail: NO_SOL_FOR_TOKEN_ACCOUNT })
      return new ServiceUnavailableError('transfer_failed', {
        detail: operationFailed(`the token account could not be created (${why})`),
      })
    case 'transfer':
      return new ServiceUnavailableError('transfer_failed', {
        detail: custom !== null ? operationFailed(why) : TRANSFER_FAILED,
      })
    default:
      return new ServiceUnavailableError('transfer_failed')
  }
}
