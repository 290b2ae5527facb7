import { isIPv6 } from 'node:net'
import { TOO_MANY_STREAMS } from '@agora/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from './errors'

/** A comment line this often keeps proxies and the browser from taking a quiet stream for a dead one. */
const HEARTBEAT_MS = 25_000
/** How long a browser waits before it reconnects a dropped stream (its own back-off adds to it). */
const RETRY_MS = 3_000

let openStreams = 0

/** Event streams this process holds open now (for /metrics). */
export function openEventStreamCount() {
  return openStreams
}

/** Streams one client may hold open in this process at once; 0: no cap. */
export interface StreamLimits {
  maxStreamsPerIp: number
  maxStreamsPerUser: number
}

/** When a refused client may try again: streams end when their readers leave, not on a clock. */
const RETRY_AFTER_SECONDS = 30

/** 429 past a cap; the socket is closed with the answer, so a refused stream holds no connection. */
export class TooManyStreamsError extends HttpError {
  constructor(detail: string) {
    super(TOO_MANY_STREAMS, {
      detail,
      headers: { 'retry-after': String(RETRY_AFTER_SECONDS), connection: 'close' },
    })
  }
}

/**
 * The event streams of every route, counted per client address (as TRUST_PROXY says it; an IPv6
 * one by its /64) and per
 * signed-in user: a stream lives in one process, so the count does too. One client holding the
 * process's sockets open would lock every other reader out.
 */
export interface StreamSlots {
  /**
   * Holds a slot for the stream `request` is about to open (429 past a cap), given back when its
   * answer ends: the stream closed by either side, or an error answered before it opened.
   */
  take(request: FastifyRequest, reply: FastifyReply, userId: string | null): void
  /** Streams held now by an address (its /64 for IPv6) and by a user. */
  held(ip: string, userId?: string | null): { ip: number; user: number }
}

/** The key an address is counted under: an IPv6 client is given a whole /64, so it counts as one. */
export function streamAddressKey(ip: string): string {
  if (!isIPv6(ip) || ip.toLowerCase().startsWith('::ffff:')) return ip
  const [head = '', tail] = ip.split('%')[0].toLowerCase().split('::')
  const front = head ? head.split(':') : []
  const back = tail ? tail.split(':') : []
  const zeros = tail === undefined ? [] : Array(Math.max(0, 8 - front.length - back.length)).fill('0')
  const groups = [...front, ...zeros, ...back].slice(0, 4).map((group) => group.replace(/^0+(?=.)/, ''))
  return `${groups.join(':')}::/64`
}

export function createStreamSlots(limits: StreamLimits): StreamSlots {
  const perIp = new Map<string, number>()
  const perUser = new Map<string, number>()
  const add = (counts: Map<string, number>, key: string, by: number) => {
    const count = (counts.get(key) ?? 0) + by
    if (count > 0) counts.set(key, count)
    else counts.delete(key)
  }
  const full = (counts: Map<string, number>, key: string, cap: number) =>
    cap > 0 && (counts.get(key) ?? 0) >= cap
  return {
    take(request, reply, userId) {
      const ip = streamAddressKey(request.ip)
      if (full(perIp, ip, limits.maxStreamsPerIp)) {
        throw new TooManyStreamsError(
          `Too many live streams from your address (at most ${limits.maxStreamsPerIp}); close some pages and try again`,
        )
      }
      if (userId && full(perUser, userId, limits.maxStreamsPerUser)) {
        throw new TooManyStreamsError(
          `Too many live streams on your account (at most ${limits.maxStreamsPerUser}); close some pages and try again`,
        )
      }
      add(perIp, ip, 1)
      if (userId) add(perUser, userId, 1)
      let released = false
      reply.raw.once('close', () => {
        if (released) return
        released = true
        add(perIp, ip, -1)
        if (userId) add(perUser, userId, -1)
      })
    },
    held: (ip, userId) => ({
      ip: perIp.get(streamAddressKey(ip)) ?? 0,
      user: userId ? (perUser.get(userId) ?? 0) : 0,
    }),
  }
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
