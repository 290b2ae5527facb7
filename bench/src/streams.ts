import { type ClientRequest, request } from 'node:http'
import { waitFor } from '@agora/test-kit'
import { residentBytes } from './processes'
import type { Report } from './report'

export const IDLE_STREAMS = 2_000
export const STREAMS_BUDGET = { memoryGrowthBytes: 100 * 1024 * 1024 }
export const STREAMS_FIGURE = `${IDLE_STREAMS.toLocaleString('en')} idle event streams, server memory growth`
const MB = 1024 * 1024

/** Opens one notification stream with `token`; answers once its headers are in (the request, to end it). */
function openStream(serverUrl: string, token: string): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${serverUrl}/api/v1/notifications/stream`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      agent: false,
    })
    outgoing.on('response', (incoming) => {
      if (incoming.statusCode !== 200) return reject(new Error(`stream answered ${incoming.statusCode}`))
      incoming.resume() // the unread count and heartbeats are read and dropped
      resolve(outgoing)
    })
    outgoing.on('error', (error) => {
      if (!outgoing.destroyed) reject(error)
    })
    outgoing.end()
  })
}

/**
 * Idle streams: 2,000 notification streams held open on one server process (signed-in
 * readers, tokens of the generated sessions in turn), the process's RSS before and after they
 * settle. Budget: ≤ 100 MB for all of them.
 */
export async function measureIdleStreams(
  serverUrl: string,
  pid: number,
  tokens: readonly string[],
  report: Report,
) {
  const before = residentBytes(pid)
  const open: ClientRequest[] = []
  try {
    // In batches of 100, so the figure is the streams' and not a connection storm's.
    for (let start = 0; start < IDLE_STREAMS; start += 100) {
      const batch = Array.from({ length: Math.min(100, IDLE_STREAMS - start) }, (_, index) =>
        openStream(serverUrl, tokens[(start + index) % tokens.length]),
      )
      open.push(...(await Promise.all(batch)))
    }
    // Settled: the RSS stops moving (two samples a second apart within 1 MB), at most 20 s.
    let last = residentBytes(pid)
    await waitFor(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 1000))
        const now = residentBytes(pid)
        const settled = Math.abs(now - last) < MB
        last = now
        return settled
      },
      'the server memory to settle',
      20_000,
      0,
    ).catch(() => {})
    const growth = residentBytes(pid) - before
    report.add(
      {
        name: STREAMS_FIGURE,
        value: `${Math.round(growth / MB)} MB (${Math.round(growth / IDLE_STREAMS / 1024)} KB a stream)`,
        budget: `≤ ${STREAMS_BUDGET.memoryGrowthBytes / MB} MB`,
        met: growth <= STREAMS_BUDGET.memoryGrowthBytes,
      },
      { beforeBytes: before, growthBytes: growth, streams: open.length },
    )
  } finally {
    for (const stream of open) stream.destroy()
  }
}
