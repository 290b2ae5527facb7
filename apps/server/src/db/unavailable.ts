/**
 * Whether an error means the database cannot be reached right now (down, restarting, network
 * gone), as opposed to a wrong query: such a request answers 503 and may be retried.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const err = error as { code?: unknown; message?: unknown } | null
  const code = typeof err?.code === 'string' ? err.code : ''
  if (UNAVAILABLE_CODES.has(code)) return true
  // SQLSTATE class 08: connection exceptions.
  if (/^08[0-9A-Z]{3}$/.test(code)) return true
  // node-postgres and its pool raise these without a code.
  return !code && typeof err?.message === 'string' && DRIVER_MESSAGES.test(err.message)
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  // admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections
  '57P01',
  '57P02',
  '57P03',
  '53300',
])

const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable)/
