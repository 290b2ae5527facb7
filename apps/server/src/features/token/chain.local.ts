import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressEncoder,
  getSignatureFromTransaction,
  type Instruction,
  isSignature,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
  address as toAddress,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { FailedTransactionMetadata, LiteSVM } from 'litesvm'
import type { SecretKey } from '../../config.solana-keys'
import { type ChainAccount, ChainFailure, NETWORK_NAMES, type TokenChain } from './token.chain'

// The embedded chain: LiteSVM runs the real System, SPL Token and Associated Token programs in
// this process, so the faucet works on a machine with no network. Its state is saved to
// `<stateDir>/solana-local/` after every transaction and restored at start.

export const LOCAL_DECIMALS = 9
/** What the faucet holds on a new local chain: a billion tokens, and 10,000 SOL (~3 million activations). */
const LOCAL_SUPPLY = 1_000_000_000n * 10n ** BigInt(LOCAL_DECIMALS)
const LOCAL_FAUCET_LAMPORTS = 10_000n * 1_000_000_000n
/** What pays for setting the chain up. */
const SETUP_LAMPORTS = 10n * 1_000_000_000n

export interface LocalChainOptions {
  /** Directory for the snapshot and the faucet key; null keeps everything in memory. */
  stateDir: string | null
  /** Use this key for the faucet instead of a generated one. */
  faucetKeypair?: SecretKey | null
  /** Lamports the faucet starts with; 0 leaves its account out (tests of a faucet not set up). */
  faucetLamports?: bigint
  /** False leaves the faucet's token account out (tests of a faucet not set up). */
  createFaucetTokenAccount?: boolean
  /** Base units minted to the faucet's token account. */
  supply?: bigint
}

interface SavedKeys {
  mint: string
  faucetAddress: string
  /** The generated faucet's 64-byte secret key (solana-keygen's JSON form); absent when configured. */
  faucet?: number[]
}

// TransactionError variants without fields, in the runtime's order (litesvm reports the index).
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
]
const INSTRUCTION_ERRORS = ['GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData']

/** litesvm's error objects, spelled as JSON-RPC spells a TransactionError. */
export function asRpcError(err: unknown): unknown {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? `TransactionError${err}`
  const value = err as {
    index?: number
    accountIndex?: number
    err?: () => unknown
    constructor: { name: string }
  }
  if (typeof value.index === 'number' && typeof value.err === 'function') {
    const inner = value.err() as number | { code?: number; constructor: { name: string } }
    const instruction =
      typeof inner === 'number'
        ? (INSTRUCTION_ERRORS[inner] ?? `InstructionError${inner}`)
        : typeof inner.code === 'number'
          ? { Custom: inner.code }
          : inner.constructor.name
    return { InstructionError: [value.index, instruction] }
  }
  if (typeof value.accountIndex === 'number' && /InsufficientFundsForRent/.test(value.constructor.name)) {
    return { InsufficientFundsForRent: { account_index: value.accountIndex } }
  }
  return value.constructor.name
}

/** What a new local chain is given; the faucet options of {@link LocalChainOptions}. */
export type SeedOptions = Pick<
  LocalChainOptions,
  'faucetLamports' | 'createFaucetTokenAccount' | 'supply'
> & {
  /** Give the mint a freeze authority (the faucet), for tests of frozen accounts. */
  freezable?: boolean
}

/**
 * Sets a fresh LiteSVM up as the faucet's chain: the faucet's SOL, a mint of 9 decimals whose
 * authority is the faucet, and the whole supply in the faucet's associated token account.
 * Answers the mint's address.
 */
export async function seedLocalChain(
  svm: LiteSVM,
  faucet: KeyPairSigner,
  options: SeedOptions = {},
): Promise<string> {
  const mintSigner = await generateKeyPairSigner()
  const faucetLamports = options.faucetLamports ?? LOCAL_FAUCET_LAMPORTS
  // A funder pays for the setup, so the faucet ends with exactly the lamports asked for.
  const payer = await generateKeyPairSigner()
  const funded = [
    svm.airdrop(payer.address, lamports(SETUP_LAMPORTS)),
    faucetLamports > 0n ? svm.airdrop(faucet.address, lamports(faucetLamports)) : null,
  ]
  if (funded.some((result) => result instanceof FailedTransactionMetadata)) {
    throw new Error('setting up the local test chain failed: the airdrop was refused')
  }
  const [faucetTokenAccount] = await findAssociatedTokenPda({
    owner: faucet.address,
    mint: mintSigner.address,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  const setup: Instruction[] = [
    getCreateAccountInstruction({
      payer,
      newAccount: mintSigner,
      lamports: svm.minimumBalanceForRentExemption(BigInt(getMintSize())),
      space: getMintSize(),
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({
      mint: mintSigner.address,
      decimals: LOCAL_DECIMALS,
      mintAuthority: faucet.address,
      freezeAuthority: options.freezable ? faucet.address : null,
    }),
  ]
  if (options.createFaucetTokenAccount ?? true) {
    setup.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer,
        ata: faucetTokenAccount,
        owner: faucet.address,
        mint: mintSigner.address,
      }),
      getMintToInstruction({
        mint: mintSigner.address,
        token: faucetTokenAccount,
        mintAuthority: faucet,
        amount: options.supply ?? LOCAL_SUPPLY,
      }),
    )
  }
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
    (m) => appendTransactionMessageInstructions(setup, m),
  )
  const result = svm.sendTransaction(await signTransactionMessageWithSigners(message))
  if (result instanceof FailedTransactionMetadata) {
    throw new Error(`setting up the local test chain failed: ${result.toString()}`)
  }
  return mintSigner.address
}

function writeAtomically(path: string, bytes: Uint8Array | string, mode = 0o644) {
  const temporary = `${path}.${process.pid}.tmp`
  writeFileSync(temporary, bytes, { mode })
  renameSync(temporary, path)
}

export async function openLocalChain(options: LocalChainOptions): Promise<TokenChain> {
  const dir = options.stateDir ? join(options.stateDir, 'solana-local') : null
  const snapshotFile = dir && join(dir, 'chain.bin')
  const keysFile = dir && join(dir, 'keys.json')

  let svm: LiteSVM | null = null
  let faucet: KeyPairSigner
  let mint: string

  const configured = options.faucetKeypair
    ? await createKeyPairSignerFromBytes(options.faucetKeypair.reveal())
    : null
  const saved =
    keysFile && snapshotFile && existsSync(keysFile) && existsSync(snapshotFile)
      ? (JSON.parse(readFileSync(keysFile, 'utf8')) as SavedKeys)
      : null
  const savedFaucet =
    saved?.faucet && !configured
      ? await createKeyPairSignerFromBytes(Uint8Array.from(saved.faucet))
      : configured

  if (saved && savedFaucet && saved.faucetAddress === savedFaucet.address) {
    svm = LiteSVM.fromBytes(readFileSync(snapshotFile!))
    faucet = savedFaucet
    mint = saved.mint
  } else {
    const seed = configured ? null : randomBytes(32)
    faucet = configured ?? (await createKeyPairSignerFromPrivateKeyBytes(seed!))
    svm = new LiteSVM()
    mint = await seedLocalChain(svm, faucet, options)
    if (dir) {
      mkdirSync(dir, { recursive: true })
      // A configured key stays where the operator keeps it; only a generated one is saved here.
      const keys: SavedKeys = {
        mint,
        faucetAddress: faucet.address,
        ...(seed ? { faucet: [...seed, ...getAddressEncoder().encode(faucet.address)] } : {}),
      }
      writeAtomically(keysFile!, JSON.stringify(keys), 0o600)
      chmodSync(keysFile!, 0o600)
      writeAtomically(snapshotFile!, svm.toBytes())
    }
  }

  const chain = svm
  return {
    cluster: 'local',
    networkName: NETWORK_NAMES.local,
    mint,
    decimals: LOCAL_DECIMALS,
    faucet,
    persistent: dir !== null,

    async getAccounts(addresses) {
      return addresses.map((address): ChainAccount | null => {
        const account = chain.getAccount(toAddress(address))
        if (!account.exists || account.lamports === 0n) return null
        return { lamports: account.lamports, owner: account.programAddress, data: account.data }
      })
    },

    async minimumBalanceForRentExemption(dataLength) {
      return chain.minimumBalanceForRentExemption(BigInt(dataLength))
    },

    async send(instructions, onSigned) {
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(faucet, m),
        (m) => chain.setTransactionMessageLifetimeUsingLatestBlockhash(m),
        (m) => appendTransactionMessageInstructions(instructions, m),
      )
      const transaction = await signTransactionMessageWithSigners(message)
      const signature = getSignatureFromTransaction(transaction)
      await onSigned?.(signature)
      const result = chain.sendTransaction(transaction)
      if (result instanceof FailedTransactionMetadata) {
        throw new ChainFailure({ kind: 'rejected', transaction: asRpcError(result.err()) })
      }
      if (snapshotFile) writeAtomically(snapshotFile, chain.toBytes())
      return signature
    },

    async signatureStatus(signature) {
      const result = isSignature(signature) ? chain.getTransaction(signature) : null
      if (!result) return 'unknown'
      return result instanceof FailedTransactionMetadata ? 'failed' : 'confirmed'
    },

    explorerUrl: () => null,

    async close() {
      if (snapshotFile) writeAtomically(snapshotFile, chain.toBytes())
    },
  }
}
