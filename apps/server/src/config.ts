import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import {
  type HttpServerConfig,
  httpServerConfig,
  type UploadLimitsConfig,
  uploadLimitsConfig,
} from './config.http'
import { type PinningConfig, pinningConfig } from './config.ipfs'
import { type MailConfig, mailConfig } from './config.mail'
import { type OrcidConfig, orcidConfig } from './config.orcid'
import { bool, ConfigError, type Env, int } from './config.read'
import { type RewardsConfig, rewardsConfig, type TokenConfig, tokenConfig } from './config.token'
import type { DatabaseTimeouts } from './db/index'
import { DEFAULT_PREPARED_STATEMENTS } from './db/prepared'

export type { HttpServerConfig, UploadLimitsConfig } from './config.http'
export type { PinningConfig, PinningTarget } from './config.ipfs'
export type { MailConfig } from './config.mail'
export type { OrcidConfig } from './config.orcid'
export { ConfigError } from './config.read'
export type { EarningReason, RewardsConfig, SolanaCluster, TokenConfig } from './config.token'

/** Everything the server can be told from the environment. README.md lists each variable. */
export interface Config {
  port: number
  host: string
  dataDir: string
  /**
   * A lock on DATA_DIR's embedded database and chain not refreshed for this long was left by a
   * process that died, and the next start takes it over.
   */
  dataDirLockStaleMs: number
  /** PostgreSQL connection string; when absent the embedded PGlite under `dataDir/db` is used. */
  databaseUrl: string | null
  /** Connections the server keeps to PostgreSQL at most (not used with PGlite). */
  databasePoolSize: number
  /** Statement texts sent as named prepared statements at most (db/prepared.ts; 0: none). */
  databasePreparedStatements: number
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
  /** Outgoing mail: SMTP when `SMTP_URL` is set, else `.eml` files under `dataDir/mail`. */
  mail: MailConfig
  /** Pinning public files on the IPFS network (features/pinning); null: off. */
  pinning: PinningConfig | null
  /** Signing in with ORCID (features/auth/orcid*); null: off. */
  orcid: OrcidConfig | null
  /** Server processes `npm start` runs on one port (node:cluster, cluster.ts); 1: this process serves. */
  webConcurrency: number
  /** Per-user upload limits (features/files/files.quota.ts). */
  uploads: UploadLimitsConfig
  /** Slow and idle clients: the HTTP server's time-outs and connection cap. */
  http: HttpServerConfig
  // Operating: time-outs of request connections, writes per item, /metrics.
  /** Statement, lock-wait, idle-in-transaction and pool-wait limits of request connections (PostgreSQL). */
  databaseTimeouts: DatabaseTimeouts
  /** Writes to one item (a post's likes, say) this process lets run at once; more wait in memory. */
  writesPerItem: number
  /** Bearer token that opens GET /metrics; null: the endpoint answers 404. */
  metricsToken: string | null
}

/** Trust: an account is new until it is old enough and has contributed enough. */
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
  const mail = mailConfig(env, int(env, 'PORT', 8080, 0, 65535))
  const token = tokenConfig(env)
  const dbUrl = databaseUrl(env)
  return {
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir,
    dataDirLockStaleMs: int(env, 'DATA_DIR_LOCK_STALE_MS', 10_000, 2_000, 600_000),
    databaseUrl: dbUrl,
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    databasePreparedStatements: int(
      env,
      'DATABASE_PREPARED_STATEMENTS',
      DEFAULT_PREPARED_STATEMENTS,
      0,
      5000,
    ),
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
    uploads: uploadLimitsConfig(env),
    http: httpServerConfig(env),
    readCacheMs: int(env, 'READ_CACHE_MS', 1000, 0, 60_000),
    redisUrl: env.REDIS_URL?.trim() || null,
    demo: bool(env, 'AGORA_DEMO', true),
    blobs: blobConfig(env),
    webDist,
    logLevel,
    logFormat,
    logRequests: bool(env, 'LOG_REQUESTS', logFormat === 'json'),
    trustProxy: trustProxy(env),
    token,
    analysis: analysisConfig(env),
    rewards: rewardsConfig(env),
    trust: trustConfig(env),
    mail,
    pinning: pinningConfig(env, mail.publicUrl),
    orcid: orcidConfig(env),
    webConcurrency: webConcurrency(env, dbUrl, token),
    databaseTimeouts: {
      statementMs: int(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 10_000, 100, 3_600_000),
      lockMs: int(env, 'DATABASE_LOCK_TIMEOUT_MS', 3_000, 100, 3_600_000),
      idleInTransactionMs: int(env, 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', 15_000, 100, 3_600_000),
      acquireMs: int(env, 'DATABASE_ACQUIRE_TIMEOUT_MS', 5_000, 100, 600_000),
    },
    writesPerItem: int(env, 'WRITES_PER_ITEM', 2, 1, 1000),
    metricsToken: metricsToken(env),
  }
}

function metricsToken(env: Env): string | null {
  const token = env.METRICS_TOKEN?.trim()
  if (!token) return null
  if (token.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters long')
  return token
}

/**
 * WEB_CONCURRENCY processes share what they keep: the embedded database and the embedded chain
 * live inside one process (folder-lock.ts), so more than one needs PostgreSQL and a Solana RPC.
 */
function webConcurrency(env: Env, dbUrl: string | null, token: TokenConfig): number {
  const processes = int(env, 'WEB_CONCURRENCY', 1, 1, 256)
  if (processes === 1) return 1
  if (!dbUrl) {
    throw new ConfigError(
      `WEB_CONCURRENCY=${processes} needs DATABASE_URL: the embedded PGlite database opens in one process only. ` +
        'Set DATABASE_URL to a PostgreSQL server, or leave WEB_CONCURRENCY at 1.',
    )
  }
  if (!token.rpcUrl) {
    throw new ConfigError(
      `WEB_CONCURRENCY=${processes} needs SOLANA_RPC_URL (with FAUCET_KEYPAIR and TOKEN_MINT): the embedded Solana chain runs inside one process. ` +
        'Set them to a Solana cluster all processes share, or leave WEB_CONCURRENCY at 1.',
    )
  }
  return processes
}
