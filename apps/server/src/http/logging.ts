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
