import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { isSolanaAddress, parseSecretKey, SecretKey } from './config.solana-keys'

/** Everything the server can be told from the environment. README.md lists each variable. */
export interface Config {
  port: number
  host: string
  dataDir: string
  /** PostgreSQL connection string; when absent the embedded PGlite under `dataDir/db` is used. */
  databaseUrl: string | null
  /** Connections the server keeps to PostgreSQL at most (not used with PGlite). */
  databasePoolSize: number
  /** Secret that signs access tokens. Generated once into `dataDir/jwt-secret` when not given. */
  jwtSecret: string
  /** Origins (besides the server's own) allowed to make credentialed cross-origin requests. */
  corsOrigins: string[]
  /** Whether cookies get the Secure attribute (on when served behind HTTPS). */
  secureCookies: boolean
  /** Login/register attempts allowed per IP per minute. */
  authRateLimit: number
  /** Comments (and replies) one user may post per minute. */
  commentRateLimit: number
  /** Edits of posts and comments per user per minute. */
  editRateLimit: number
  /** Like/unlike calls one user may make per minute. */
  likeRateLimit: number
  /** Follow/unfollow calls one user may make per minute. */
  followRateLimit: number
  /** How long anonymous reads (list, post, comments) are served from memory; 0 turns that off. */
  readCacheMs: number
  /** Redis for shared rate-limit counters when several processes run; in-process counters otherwise. */
  redisUrl: string | null
  /** Load the demo data set into an empty database at start. */
  demo: boolean
  /** Where uploaded files live: files under `dataDir/blobs`, or an S3-compatible bucket. */
  blobs: BlobConfig
  /** Directory of the built web app to serve; null serves the API only. */
  webDist: string | null
  logLevel: string
  /** `pretty`: one readable line per entry (the default on a terminal); `json`: one JSON object per line. */
  logFormat: 'pretty' | 'json'
  /** A log line per request (default: only when logging JSON, i.e. not on a terminal). */
  logRequests: boolean
  /** Which proxies' X-Forwarded-For to believe: false (none), true (all), or a hop count. */
  trustProxy: boolean | number
  /** The test-token faucet (features/token). */
  token: TokenConfig
  /** AI analysis of posts (features/analysis). */
  analysis: AnalysisConfig
  /** What contributions earn, and how earnings are claimed (features/rewards). */
  rewards: RewardsConfig
  /** New accounts' tighter limits and reports (features/moderation). */
  trust: TrustConfig
  /** Outgoing mail (issue 20): SMTP when `SMTP_URL` is set, else `.eml` files under `dataDir/mail`. */
  mail: MailConfig
}

/** Trust (issue 27): an account is new until it is old enough and has contributed enough. */
export interface TrustConfig {
  newAccountHours: number
  /** Posts and comments, none hidden or removed, a member has written. */
  minContributions: number
  /** A new account's posts per rolling 24 hours, comments per rolling hour, links per text. */
  newPostsPerDay: number
  newCommentsPerHour: number
  newLinksPerText: number
  /** Reports a user may file per hour. */
  reportsPerHour: number
}

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

/** The analysis worker, and the optional OpenAI-compatible engine (local analysis without it). */
export interface AnalysisConfig {
  /** Analysis jobs this process runs at once; 0 runs none (another process does them). */
  workers: number
  /** Chat-completions endpoint base, e.g. http://localhost:11434/v1 (Ollama) or a vLLM server. */
  ai: { baseUrl: string; apiKey: string | null; model: string } | null
}

export type BlobConfig =
  | { backend: 'local' }
  | {
      backend: 's3'
      bucket: string
      region: string
      /** Custom endpoint for S3-compatible stores (MinIO, R2, ...); null talks to AWS. */
      endpoint: string | null
      /** Static keys; null uses the AWS SDK's default credential chain (env, profile, role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | null
      /** `bucket.host/key` (false) or `host/bucket/key` (true); most self-hosted stores need path style. */
      forcePathStyle: boolean
    }

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`)
  }
  return value
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase()
  if (raw === undefined || raw === '') return fallback
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true
  if (['0', 'false', 'no', 'off'].includes(raw)) return false
  throw new ConfigError(`${name} must be true or false (or 1/0), got "${env[name]}"`)
}

function databaseUrl(env: Env): string | null {
  const raw = env.DATABASE_URL?.trim()
  if (!raw) return null
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://')
  }
  return raw
}

function jwtSecret(env: Env, dataDir: string): string {
  const given = env.JWT_SECRET
  if (given !== undefined && given !== '') {
    if (given.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long')
    return given
  }
  // One secret per data directory, so restarts keep sessions alive without any setup.
  const file = join(dataDir, 'jwt-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

export interface MailConfig {
  /** `smtp://user:pass@host:587` or `smtps://…`; null: messages are written to `dataDir/mail/`. */
  smtpUrl: string | null
  /** The From of every message. */
  from: string
  /** Where the product is reached from outside: every link in a message starts with it. */
  publicUrl: string
  /** How often an idle mail worker looks for due messages. */
  pollMs: number
  /** Sending attempts of one message before it fails for good. */
  maxAttempts: number
  /** Password-reset requests per hour, per account and per address. */
  resetRateLimit: number
}

function mailConfig(env: Env, port: number): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || null
  if (smtpUrl && !/^smtps?:\/\//i.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://')
  }
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, '')
  if (!/^https?:\/\/[^/]+/i.test(publicUrl)) {
    throw new ConfigError(`PUBLIC_URL must be an http:// or https:// address; got "${publicUrl}"`)
  }
  return {
    smtpUrl,
    from: env.MAIL_FROM?.trim() || 'Agora <no-reply@agora.localhost>',
    publicUrl,
    pollMs: int(env, 'MAIL_POLL_MS', 1000, 10, 600_000),
    maxAttempts: int(env, 'MAIL_MAX_ATTEMPTS', 8, 1, 100),
    resetRateLimit: int(env, 'PASSWORD_RESET_RATE_LIMIT', 5, 1, 100_000),
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

function tokenConfig(env: Env): TokenConfig {
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

function analysisConfig(env: Env): AnalysisConfig {
  const workers = int(env, 'ANALYSIS_WORKERS', 1, 0, 32)
  const baseUrl = env.AI_BASE_URL?.trim() || null
  const model = env.AI_MODEL?.trim() || null
  // The key is a secret: it never appears in an error message.
  const apiKey = env.AI_API_KEY?.trim() || null
  if (!baseUrl) {
    if (model || apiKey) {
      throw new ConfigError(
        'AI_MODEL and AI_API_KEY need AI_BASE_URL (an OpenAI-compatible API, e.g. http://localhost:11434/v1)',
      )
    }
    return { workers, ai: null }
  }
  if (!/^https?:\/\/[^\s/]+/.test(baseUrl) || !URL.canParse(baseUrl)) {
    throw new ConfigError('AI_BASE_URL must be an http:// or https:// URL, e.g. http://localhost:11434/v1')
  }
  if (!model)
    throw new ConfigError('AI_MODEL is required with AI_BASE_URL: the name of the model the endpoint serves')
  return { workers, ai: { baseUrl: baseUrl.replace(/\/+$/, ''), apiKey, model } }
}

/** Each reason's env name stem, default amount (whole tokens) and default daily cap. */
const REWARD_DEFAULTS: Record<EarningReason, [string, number, number]> = {
  post_published: ['POST_PUBLISHED', 10, 5],
  comment_written: ['COMMENT_WRITTEN', 2, 20],
  post_like_received: ['POST_LIKE_RECEIVED', 1, 100],
  comment_like_received: ['COMMENT_LIKE_RECEIVED', 1, 100],
  upload_analysed: ['UPLOAD_ANALYSED', 5, 5],
}

function trustConfig(env: Env): TrustConfig {
  return {
    newAccountHours: int(env, 'TRUST_NEW_ACCOUNT_HOURS', 24, 0, 24 * 365),
    minContributions: int(env, 'TRUST_MIN_CONTRIBUTIONS', 3, 0, 10_000),
    newPostsPerDay: int(env, 'TRUST_NEW_POSTS_PER_DAY', 3, 1, 100_000),
    newCommentsPerHour: int(env, 'TRUST_NEW_COMMENTS_PER_HOUR', 10, 1, 100_000),
    newLinksPerText: int(env, 'TRUST_NEW_LINKS_PER_TEXT', 2, 0, 100_000),
    reportsPerHour: int(env, 'REPORT_RATE_LIMIT', 10, 1, 100_000),
  }
}

function rewardsConfig(env: Env): RewardsConfig {
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

function blobConfig(env: Env): BlobConfig {
  const backend = env.BLOB_BACKEND?.trim().toLowerCase() || 'local'
  if (backend === 'local') return { backend: 'local' }
  if (backend !== 's3') throw new ConfigError(`BLOB_BACKEND must be local or s3, got "${env.BLOB_BACKEND}"`)
  const bucket = env.S3_BUCKET?.trim()
  if (!bucket) throw new ConfigError('S3_BUCKET is required when BLOB_BACKEND=s3')
  const endpoint = env.S3_ENDPOINT?.trim() || null
  if (endpoint && !/^https?:\/\//.test(endpoint)) {
    throw new ConfigError('S3_ENDPOINT must start with http:// or https://')
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim()
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim()
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be given together')
  }
  return {
    backend: 's3',
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    endpoint,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', endpoint !== null),
  }
}

function trustProxy(env: Env): boolean | number {
  const raw = env.TRUST_PROXY?.trim().toLowerCase()
  if (!raw) return false
  if (/^\d+$/.test(raw)) return Number(raw)
  return bool(env, 'TRUST_PROXY', false)
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || './data')
  const logLevel = env.LOG_LEVEL || 'info'
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(
      `LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "${logLevel}"`,
    )
  }
  const webDist = env.WEB_DIST === '' ? null : resolve(env.WEB_DIST || 'apps/web/dist')
  const logFormat = (env.LOG_FORMAT || (process.stdout.isTTY ? 'pretty' : 'json')).trim().toLowerCase()
  if (logFormat !== 'pretty' && logFormat !== 'json') {
    throw new ConfigError(`LOG_FORMAT must be pretty or json; got "${logFormat}"`)
  }
  return {
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: databaseUrl(env),
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    jwtSecret: jwtSecret(env, dataDir),
    corsOrigins: (env.CORS_ORIGINS || '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    secureCookies: bool(env, 'SECURE_COOKIES', false),
    authRateLimit: int(env, 'AUTH_RATE_LIMIT', 20, 1, 100_000),
    commentRateLimit: int(env, 'COMMENT_RATE_LIMIT', 10, 1, 100_000),
    editRateLimit: int(env, 'EDIT_RATE_LIMIT', 30, 1, 100_000),
    likeRateLimit: int(env, 'LIKE_RATE_LIMIT', 120, 1, 100_000),
    followRateLimit: int(env, 'FOLLOW_RATE_LIMIT', 30, 1, 100_000),
    readCacheMs: int(env, 'READ_CACHE_MS', 1000, 0, 60_000),
    redisUrl: env.REDIS_URL?.trim() || null,
    demo: bool(env, 'AGORA_DEMO', true),
    blobs: blobConfig(env),
    webDist,
    logLevel,
    logFormat,
    logRequests: bool(env, 'LOG_REQUESTS', logFormat === 'json'),
    trustProxy: trustProxy(env),
    token: tokenConfig(env),
    analysis: analysisConfig(env),
    rewards: rewardsConfig(env),
    trust: trustConfig(env),
    mail: mailConfig(env, int(env, 'PORT', 8080, 0, 65535)),
  }
}
