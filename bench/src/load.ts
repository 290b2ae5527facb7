import autocannon from 'autocannon'

export interface LoadFigure {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  errors: number
  non2xx: number
  requests: number
}

export interface LoadSettings {
  connections: number
  duration: number
  warmup: number
}

export type LoadRequest = autocannon.Request

/**
 * Loads `url` with autocannon: a warm-up whose figures are dropped (JIT, caches, pool), then the
 * measured run. `requests` (optional) shapes each request, e.g. a different user and post per like.
 */
export async function measure(
  url: string,
  settings: LoadSettings,
  options: Partial<autocannon.Options> = {},
): Promise<LoadFigure> {
  if (settings.warmup > 0)
    await run({ ...options, url, connections: settings.connections, duration: settings.warmup })
  const result = await run({
    ...options,
    url,
    connections: settings.connections,
    duration: settings.duration,
  })
  return {
    requestsPerSecond: round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    requests: result.requests.total,
  }
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)))
  })
}

/** The middle value (the upper one of an even count). */
export const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

export function round(value: number, digits = 1): number {
  const scale = 10 ** digits
  return Math.round(value * scale) / scale
}
