import type { Server } from 'node:http'
import type { HttpServerConfig } from '../config'

/**
 * The HTTP server's defences against slow and idle clients, which would otherwise hold sockets open.
 * Headers must arrive within `headersTimeoutMs` (checked every second, so a client sending them a
 * byte at a time is answered 408 and cut off); a socket silent either way for `idleTimeoutMs` is
 * closed (a stalled body, a client that went quiet); a kept-alive socket waits `keepAliveTimeoutMs`
 * for its next request. There is no limit on a whole request unless `requestTimeoutMs` is set: a
 * long upload over a slow line that keeps sending is never cut off (docs/reliability.md).
 */
export function slowClientOptions(http: HttpServerConfig) {
  return {
    connectionTimeout: http.idleTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    requestTimeout: http.requestTimeoutMs,
    http: {
      headersTimeout: http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, http.headersTimeoutMs),
    },
  }
}

/** At most `maxConnections` open sockets (0: no cap); Node closes further ones as they arrive. */
export function capConnections(server: Server, http: HttpServerConfig) {
  if (http.maxConnections > 0) server.maxConnections = http.maxConnections
}
