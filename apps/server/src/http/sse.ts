import type { FastifyReply, FastifyRequest } from 'fastify'

/** A comment line this often keeps proxies and the browser from taking a quiet stream for a dead one. */
const HEARTBEAT_MS = 25_000
/** How long a browser waits before it reconnects a dropped stream (its own back-off adds to it). */
const RETRY_MS = 3_000

let openStreams = 0

/** Event streams this process holds open now (for /metrics). */
export function openEventStreamCount() {
  return openStreams
}

export interface EventStream {
  /** Sends one event (`data` as JSON), with `id` when the client may resume after it. */
  send(event: string, data: unknown, id?: string): void
  /** Runs `cleanup` once, when the stream ends for whatever reason. */
  onClose(cleanup: () => void): void
  end(): void
}

/**
 * Turns the reply into a stream of server-sent events (text/event-stream): the headers go at
 * once, then events as they are sent, a heartbeat meanwhile. Call it after every check that may
 * answer an error: from here on the reply is the stream's.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): EventStream {
  reply.hijack()
  const raw = reply.raw
  const headers: Record<string, string> = {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx and similar proxies pass the events on as they come instead of buffering them.
    'x-accel-buffering': 'no',
  }
  // Headers set by hooks before the hijack (security headers, CORS) still belong on the answer.
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && !(name in headers)) raw.setHeader(name, value as string)
  }
  raw.writeHead(200, headers)
  raw.write(`retry: ${RETRY_MS}\n\n`)
  const cleanups: (() => void)[] = []
  let ended = false
  openStreams += 1
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS)
  const finish = () => {
    if (ended) return
    ended = true
    openStreams -= 1
    clearInterval(heartbeat)
    for (const cleanup of cleanups.splice(0)) cleanup()
  }
  request.raw.on('close', finish)
  raw.on('close', finish)
  return {
    send(event, data, id) {
      if (ended) return
      const lines = [`event: ${event}`]
      if (id !== undefined) lines.push(`id: ${id}`)
      lines.push(`data: ${JSON.stringify(data)}`)
      raw.write(`${lines.join('\n')}\n\n`)
    },
    onClose(cleanup) {
      if (ended) cleanup()
      else cleanups.push(cleanup)
    },
    end() {
      finish()
      raw.end()
    },
  }
}
