import {
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isSignature,
  isSolanaError,
  type KeyPairSigner,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getMintDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { TokenConfig } from '../../config'
import { ServiceUnavailableError } from '../../http/errors'
import {
  type ChainAccount,
  ChainFailure,
  explorerUrlFor,
  NETWORK_NAMES,
  scrub,
  type TokenChain,
} from './token.chain'

// A Solana cluster over JSON-RPC (devnet by default), at commitment confirmed. Confirmation is
// polled with getSignatureStatuses, so plain HTTP is enough: no websocket endpoint is needed.

export interface RpcChainOptions {
  /** How often to ask whether the transaction is confirmed. */
  pollIntervalMs?: number
  /** How long to wait for confirmation before answering "not confirmed yet" (the grant stays pending). */
  confirmTimeoutMs?: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// JSON-RPC's own error codes (-32768…-32000): the node answered and refused the request.
function isJsonRpcRefusal(error: unknown): boolean {
  if (!isSolanaError(error)) return false
  const code = (error.context as { __code?: number }).__code ?? 0
  return code <= -32000 && code >= -32768
}

export async function openRpcChain(config: TokenConfig, options: RpcChainOptions = {}): Promise<TokenChain> {
  const pollIntervalMs = options.pollIntervalMs ?? 500
  const confirmTimeoutMs = options.confirmTimeoutMs ?? 60_000
  if (!config.rpcUrl || !config.faucetKeypair || !config.mint) {
    throw new Error('SOLANA_RPC_URL, FAUCET_KEYPAIR and TOKEN_MINT are all needed for a Solana cluster')
  }
  const rpc = createSolanaRpc(config.rpcUrl)
  const cluster = config.cluster
  const networkName = NETWORK_NAMES[cluster]
  const mint = address(config.mint)

  let faucet: KeyPairSigner
  try {
    faucet = await createKeyPairSignerFromBytes(config.faucetKeypair.reveal())
  } catch {
    // Never quote the key: say only what is wrong with it.
    throw new Error('FAUCET_KEYPAIR is not a valid ed25519 keypair (its public half must match its secret)')
  }

  async function getAccounts(addresses: string[]): Promise<(ChainAccount | null)[]> {
    try {
      const { value } = await rpc
        .getMultipleAccounts(
          addresses.map((item) => address(item)),
          { encoding: 'base64', commitment: 'confirmed' },
        )
        .send()
      return value.map((account) =>
        account && account.lamports > 0n
          ? {
              lamports: account.lamports,
              owner: account.owner,
              data: Uint8Array.from(Buffer.from(account.data[0], 'base64')),
            }
          : null,
      )
    } catch (error) {
      throw new ChainFailure({ kind: 'unreachable' }, scrub(error))
    }
  }

  // The mint decides the decimals (9 for the faucet's token, but the chain is the authority).
  const [mintAccount] = await getAccounts([mint])
  if (!mintAccount || mintAccount.owner !== TOKEN_PROGRAM_ADDRESS) {
    throw new ServiceUnavailableError('service_unavailable', {
      detail: `Token operation failed: the token mint does not exist on ${networkName}`,
    })
  }
  const { decimals } = getMintDecoder().decode(mintAccount.data)

  const rentCache = new Map<number, bigint>()

  async function waitForConfirmation(signature: Signature, lastValidBlockHeight: bigint): Promise<void> {
    const deadline = Date.now() + confirmTimeoutMs
    for (;;) {
      try {
        const {
          value: [status],
        } = await rpc.getSignatureStatuses([signature]).send()
        if (status?.err) throw new ChainFailure({ kind: 'rejected', transaction: status.err })
        if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return
        if (!status) {
          const height = await rpc.getBlockHeight({ commitment: 'confirmed' }).send()
          // Past its blockhash's last valid height a transaction that has not landed never will.
          if (height > lastValidBlockHeight) throw new ChainFailure({ kind: 'expired' })
        }
      } catch (error) {
        if (error instanceof ChainFailure) throw error
        // The node did not answer this time; the transaction may still land. Keep asking.
      }
      if (Date.now() >= deadline) throw new ChainFailure({ kind: 'unconfirmed', signature })
      await sleep(pollIntervalMs)
    }
  }

  return {
    cluster,
    networkName,
    mint,
    decimals,
    faucet,
    persistent: true,
    getAccounts,

    async minimumBalanceForRentExemption(dataLength) {
      const cached = rentCache.get(dataLength)
      if (cached !== undefined) return cached
      try {
        const lamports = await rpc.getMinimumBalanceForRentExemption(BigInt(dataLength)).send()
        rentCache.set(dataLength, lamports)
        return lamports
      } catch (error) {
        throw new ChainFailure({ kind: 'unreachable' }, scrub(error))
      }
    },

    async send(instructions, onSigned) {
      let wire: ReturnType<typeof getBase64EncodedWireTransaction>
      let signature: Signature
      let lastValidBlockHeight: bigint
      try {
        const { value: latest } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
        lastValidBlockHeight = latest.lastValidBlockHeight
        const message = pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(faucet, m),
          (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
          (m) => appendTransactionMessageInstructions(instructions, m),
        )
        const transaction = await signTransactionMessageWithSigners(message)
        signature = getSignatureFromTransaction(transaction)
        wire = getBase64EncodedWireTransaction(transaction)
        // A transaction the runtime would refuse is not sent: it would only cost the fee.
        const simulation = await rpc
          .simulateTransaction(wire, { encoding: 'base64', commitment: 'confirmed', sigVerify: true })
          .send()
        if (simulation.value.err) {
          throw new ChainFailure({ kind: 'rejected', transaction: simulation.value.err })
        }
      } catch (error) {
        if (error instanceof ChainFailure) throw error
        throw new ChainFailure({ kind: 'unreachable' }, scrub(error))
      }
      await onSigned?.(signature)
      try {
        await rpc.sendTransaction(wire, { encoding: 'base64', skipPreflight: true }).send()
      } catch (error) {
        // A refusal is final; a lost answer is not: the node may have taken the transaction.
        if (isJsonRpcRefusal(error)) {
          throw new ChainFailure({ kind: 'rejected', transaction: 'SendRefused' }, scrub(error))
        }
      }
      await waitForConfirmation(signature, lastValidBlockHeight)
      return signature
    },

    async signatureStatus(signature) {
      if (!isSignature(signature)) return 'unknown'
      try {
        const {
          value: [status],
        } = await rpc.getSignatureStatuses([signature], { searchTransactionHistory: true }).send()
        if (!status) return 'unknown'
        if (status.err) return 'failed'
        const landed = status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized'
        return landed ? 'confirmed' : 'unknown'
      } catch (error) {
        throw new ChainFailure({ kind: 'unreachable' }, scrub(error))
      }
    },

    explorerUrl: (signature) => explorerUrlFor(cluster, signature),

    async close() {},
  }
}
