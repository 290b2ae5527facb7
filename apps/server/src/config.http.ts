import { ConfigError, type Env, int } from './config.read'

/** Per-user upload limits and the HTTP server's limits on slow clients, from the environment. */

export interface UploadLimitsConfig {
  /** Uploads (posts, versions, single files) one user may make per hour. */
  perHour: number
  /** Bytes of distinct files one user may have stored; null: no quota. */
  storageQuotaBytes: number | null
}

/** Time-outs in milliseconds; 0 turns one off. */
export interface HttpServerConfig {
  /** Open sockets the process accepts at once; further ones are closed on arrival. 0: no cap. */
  maxConnections: number
  /** Event streams one client address may hold open in the process (429 past it). 0: no cap. */
  maxStreamsPerIp: number
  /** Event streams one signed-in user may hold open in the process (429 past it). 0: no cap. */
  maxStreamsPerUser: number
  /** Time for a request's headers to arrive in full (a client sending them a byte a second is cut off). */
  headersTimeoutMs: number
  /** Time for a whole request; off by default, so a long upload that keeps sending is never cut off. */
  requestTimeoutMs: number
  /** A socket with nothing sent either way for this long is closed (a stalled body, a silent client). */
  idleTimeoutMs: number
  /** A kept-alive socket waiting for its next request is closed after this long. */
  keepAliveTimeoutMs: number
}

export function uploadLimitsConfig(env: Env): UploadLimitsConfig {
  const quotaMb = int(env, 'STORAGE_QUOTA_MB', 1024, 0, 100_000_000)
  return {
    perHour: int(env, 'UPLOAD_RATE_LIMIT', 60, 1, 1_000_000),
    storageQuotaBytes: quotaMb === 0 ? null : quotaMb * 1024 * 1024,
  }
}

export function httpServerConfig(env: Env): HttpServerConfig {
  const DAY_MS = 86_400_000
  const http = {
    maxConnections: int(env, 'HTTP_MAX_CONNECTIONS', 10_000, 0, 1_000_000),
    maxStreamsPerIp: int(env, 'HTTP_MAX_STREAMS_PER_IP', 20, 0, 1_000_000),
    maxStreamsPerUser: int(env, 'HTTP_MAX_STREAMS_PER_USER', 20, 0, 1_000_000),
    headersTimeoutMs: int(env, 'HTTP_HEADERS_TIMEOUT_MS', 15_000, 100, DAY_MS),
    requestTimeoutMs: int(env, 'HTTP_REQUEST_TIMEOUT_MS', 0, 0, DAY_MS),
    idleTimeoutMs: int(env, 'HTTP_IDLE_TIMEOUT_MS', 60_000, 0, DAY_MS),
    keepAliveTimeoutMs: int(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, DAY_MS),
  }
  // Event streams (notifications) send a heartbeat every 25 s: a shorter idle time-out would cut them.
  if (http.idleTimeoutMs > 0 && http.idleTimeoutMs < 30_000) {
    throw new ConfigError(
      `HTTP_IDLE_TIMEOUT_MS must be 0 (off) or at least 30000, got "${env.HTTP_IDLE_TIMEOUT_MS}"`,
    )
  }
  if (http.requestTimeoutMs > 0 && http.requestTimeoutMs < http.headersTimeoutMs) {
    throw new ConfigError('HTTP_REQUEST_TIMEOUT_MS must be 0 (off) or at least HTTP_HEADERS_TIMEOUT_MS')
  }
  return http
}
