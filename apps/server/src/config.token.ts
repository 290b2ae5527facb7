import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { ConfigError, type Env, int } from './config.read'
import { isSolanaAddress, parseSecretKey, SecretKey } from './config.solana-keys'

// The token's settings: the test-token faucet (features/token) and what contributions earn (features/rewards).

/** The reasons a contribution earns tokens (features/rewards/rewards.rules.ts applies them). */
export type EarningReason =
  | 'post_published'
  | 'comment_written'
  | 'post_like_received'
  | 'comment_like_received'
  | 'upload_analysed'

export interface RewardsConfig {
  /** Whole tokens each reason earns, and how many such entries one user may earn per UTC day. */
  rules: Record<EarningReason, { amount: number; dailyCap: number }>
  /** Accounts younger than this earn nothing. */
  minAccountAgeHours: number
  /** Earnings become claimable after this long (time for a reversal to land). */
  holdHours: number
  /** Whole tokens: the smallest claim. */
  minClaim: number
  /** Claims one user may send per minute. */
  claimRateLimit: number
}

/** Each reason's env name stem, default amount (whole tokens) and default daily cap. */
const REWARD_DEFAULTS: Record<EarningReason, [string, number, number]> = {
  post_published: ['POST_PUBLISHED', 10, 5],
  comment_written: ['COMMENT_WRITTEN', 2, 20],
  post_like_received: ['POST_LIKE_RECEIVED', 1, 100],
  comment_like_received: ['COMMENT_LIKE_RECEIVED', 1, 100],
  upload_analysed: ['UPLOAD_ANALYSED', 5, 5],
}

export function rewardsConfig(env: Env): RewardsConfig {
  const rules = {} as RewardsConfig['rules']
  for (const [reason, [stem, amount, cap]] of Object.entries(REWARD_DEFAULTS)) {
    rules[reason as EarningReason] = {
      amount: int(env, `REWARDS_${stem}`, amount, 0, 1_000_000),
      dailyCap: int(env, `REWARDS_${stem}_DAILY_CAP`, cap, 0, 1_000_000),
    }
  }
  return {
    rules,
    minAccountAgeHours: int(env, 'REWARDS_MIN_ACCOUNT_AGE_HOURS', 24, 0, 24 * 365),
    holdHours: int(env, 'REWARDS_HOLD_HOURS', 24, 0, 24 * 365),
    minClaim: int(env, 'REWARDS_MIN_CLAIM', 10, 1, 1_000_000_000),
    claimRateLimit: int(env, 'REWARDS_CLAIM_RATE_LIMIT', 10, 1, 100_000),
  }
}

export type SolanaCluster = 'devnet' | 'testnet' | 'mainnet-beta' | 'localnet'
const SOLANA_CLUSTERS: SolanaCluster[] = ['devnet', 'testnet', 'mainnet-beta', 'localnet']

/** The test-token faucet. Without an RPC URL the server runs its own in-process chain. */
export interface TokenConfig {
  /** Solana JSON-RPC endpoint; null runs the embedded "Local test chain". May embed an access key: never logged. */
  rpcUrl: string | null
  /** Which cluster the RPC URL serves (devnet unless set on purpose). */
  cluster: SolanaCluster
  /** Pays the fees and owns the token account the faucet sends from. Never logged, never sent out. */
  faucetKeypair: SecretKey | null
  /** The token's mint address (needed with an RPC URL; the embedded chain makes its own). */
  mint: string | null
  /** Whole tokens one request may ask for. */
  maxPerRequest: number
  /** Whole tokens per user, per address and per IP in a rolling 24 hours. */
  dailyLimit: number
  /** Faucet requests allowed per IP per minute, whatever their amounts. */
  rateLimit: number
}

function faucetKeypair(env: Env): SecretKey | null {
  const raw = env.FAUCET_KEYPAIR?.trim()
  if (!raw) return null
  // A path to a keypair file (solana-keygen's JSON array), or the secret itself. Never echo it.
  const isSecretText = raw.startsWith('[') || /^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(raw)
  let text = raw
  if (!isSecretText) {
    if (!existsSync(resolve(raw))) {
      throw new ConfigError(
        'FAUCET_KEYPAIR must be a path to a keypair JSON file, or the secret key as base58 text or a JSON array of 64 numbers',
      )
    }
    text = readFileSync(resolve(raw), 'utf8')
  }
  try {
    return new SecretKey(parseSecretKey(text))
  } catch (error) {
    throw new ConfigError(`FAUCET_KEYPAIR ${(error as Error).message}`)
  }
}

export function tokenConfig(env: Env): TokenConfig {
  const rpcUrl = env.SOLANA_RPC_URL?.trim() || null
  if (rpcUrl && !/^https?:\/\/\S+$/.test(rpcUrl)) {
    throw new ConfigError('SOLANA_RPC_URL must be an http:// or https:// URL')
  }
  const cluster = (env.SOLANA_CLUSTER?.trim() || 'devnet') as SolanaCluster
  if (!SOLANA_CLUSTERS.includes(cluster)) {
    throw new ConfigError(`SOLANA_CLUSTER must be one of ${SOLANA_CLUSTERS.join(', ')}; got "${cluster}"`)
  }
  const mint = env.TOKEN_MINT?.trim() || null
  if (mint && !isSolanaAddress(mint)) {
    throw new ConfigError('TOKEN_MINT must be a Solana address (the base58 public key of the token mint)')
  }
  const keypair = faucetKeypair(env)
  if (rpcUrl && !keypair) {
    throw new ConfigError(
      'FAUCET_KEYPAIR is required with SOLANA_RPC_URL: the key of the account the faucet pays from',
    )
  }
  if (rpcUrl && !mint) {
    throw new ConfigError(
      'TOKEN_MINT is required with SOLANA_RPC_URL: the mint address of the token to give out',
    )
  }
  const maxPerRequest = int(env, 'FAUCET_MAX_PER_REQUEST', 100, 1, 1_000_000_000)
  const dailyLimit = int(env, 'FAUCET_DAILY_LIMIT', 500, 1, 1_000_000_000)
  if (dailyLimit < maxPerRequest) {
    throw new ConfigError(
      `FAUCET_DAILY_LIMIT (${dailyLimit}) must be at least FAUCET_MAX_PER_REQUEST (${maxPerRequest})`,
    )
  }
  const rateLimit = int(env, 'FAUCET_RATE_LIMIT', 20, 1, 100_000)
  return { rpcUrl, cluster, faucetKeypair: keypair, mint, maxPerRequest, dailyLimit, rateLimit }
}
