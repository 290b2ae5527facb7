// What the timing measurements (login-timing.ts, forgot-timing.ts) share: they are run by hand,
// not by `npm test`.
import type { InjectOptions } from 'fastify'
import type { TestApp } from '../harness'

/** How long, in milliseconds, the app takes to answer `request`, which must answer `status`. */
export async function timeAnswer(t: TestApp, request: InjectOptions, status: number): Promise<number> {
  const started = process.hrtime.bigint()
  const response = await t.app.inject(request)
  if (response.statusCode !== status) throw new Error(`expected ${status}, got ${response.statusCode}`)
  return Number(process.hrtime.bigint() - started) / 1e6
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** The two samples' medians side by side, and how far apart they are. */
export function compareMedians(
  what: string,
  first: [string, number[]],
  second: [string, number[]],
  digits: number,
) {
  const [a, b] = [median(first[1]), median(second[1])]
  console.log(
    `${what} median over ${first[1].length}: ${first[0]} ${a.toFixed(digits)} ms, ${second[0]} ${b.toFixed(digits)} ms ` +
      `(ratio ${(Math.max(a, b) / Math.min(a, b)).toFixed(2)})`,
  )
}
