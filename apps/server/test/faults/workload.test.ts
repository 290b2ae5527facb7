import { describe, expect, it } from 'vitest'
import { recorder } from './workload'

/** A request that answers after `ms` (a timer standing in for the server's answer). */
const answerAfter = (ms: number) => () => new Promise((resolve) => setTimeout(resolve, ms))

describe('the workload recorder', () => {
  it('names the seconds its slow requests began in, busiest first', async () => {
    // The counted window began 2.5 s ago: requests begun now fall in its third second (second 2).
    const recorded = recorder(Number.POSITIVE_INFINITY, Date.now() - 2_500)
    await Promise.all([
      recorded.timed('search', answerAfter(40)),
      recorded.timed('open', answerAfter(40)),
      recorded.timed('browse', async () => 'at once'),
    ])

    expect(recorded.slowBySecond(20)).toEqual({ slow: 2, seconds: [{ second: 2, slow: 2 }] })
    expect(recorded.slowBySecond(10_000)).toEqual({ slow: 0, seconds: [] })
  })

  it('leaves out what began before its window, as its latencies do', async () => {
    const recorded = recorder(Number.POSITIVE_INFINITY, Date.now() + 60_000)
    await recorded.timed('search', answerAfter(40))

    expect(recorded.latencies).toEqual([])
    expect(recorded.slowBySecond(20)).toEqual({ slow: 0, seconds: [] })
  })
})
