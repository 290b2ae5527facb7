import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { type FastifyServerOptions, LogController } from 'fastify'
import type { Config } from '../config'

/**
 * The server's logger: readable lines on a terminal (pino-pretty, in a worker thread), one JSON
 * object per line otherwise (LOG_FORMAT), at LOG_LEVEL.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
): FastifyServerOptions['logger'] {
  if (config.logFormat === 'json') return { level: config.logLevel }
  return {
    level: config.logLevel,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
    },
  }
}

/** Whether each request gets a log line (LOG_REQUESTS; by default only when logging JSON). */
export function logControllerFor(config: Pick<Config, 'logRequests'>) {
  return new LogController({ disableRequestLogging: !config.logRequests })
}

/** What an incoming X-Request-Id may be to be kept: short, and nothing a log reader could trip on. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** A request's id: the caller's X-Request-Id when well-formed (a proxy's, to follow it across), else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id']
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
}
