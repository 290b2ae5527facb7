import { EventEmitter } from 'node:events'
import { sql } from 'kysely'
import { afterCommit } from '../db/after-commit'
import type { DatabaseHandle, Db } from '../db/index'
import type { Log } from './invalidation'

/** The one LISTEN/NOTIFY channel live news travels on; a message names its topic. */
export const LIVE_CHANNEL = 'agora_live'

/**
 * Live news for open event streams (docs/decisions/006-live-streams.md), told to every process by
 * NOTIFY once the action's transaction commits: one NOTIFY per event-loop turn, outside the
 * transaction, because PostgreSQL serialises the commits of transactions that notified. Messages
 * carry ids only, so a stream tells no more than a request would.
 */
export interface Live {
  /** Each `data` goes to the listeners of its `topic` once `trx` commits (never if it rolls back). */
  tell(trx: Db, news: readonly News[]): Promise<void>
  /** Listens to `topic` in this process (from the moment it answers); answers the function that stops. */
  listen(topic: string, listener: (data: Record<string, unknown>) => void): Promise<() => void>
  /** Streams held open on this process end with this (before the app closes). */
  onStop(end: () => void): () => void
  stop(): Promise<void>
}

export interface News {
  topic: string
  data: Record<string, unknown>
}

/** One NOTIFY's payload: news for topics, as many as fit (PostgreSQL takes under 8,000 bytes). */
type Message = { t: string; d: Record<string, unknown> }[]
const PAYLOAD_BYTES = 7_000

/** `news` as payloads of at most PAYLOAD_BYTES each. */
function payloadsOf(news: readonly News[]): string[] {
  const payloads: string[] = []
  let items: string[] = []
  let bytes = 2
  for (const { topic, data } of news) {
    const item = JSON.stringify({ t: topic, d: data })
    const size = Buffer.byteLength(item) + 1
    if (items.length > 0 && bytes + size > PAYLOAD_BYTES) {
      payloads.push(`[${items.join(',')}]`)
      items = []
      bytes = 2
    }
    items.push(item)
    bytes += size
  }
  if (items.length > 0) payloads.push(`[${items.join(',')}]`)
  return payloads
}

export function createLive(database: Pick<DatabaseHandle, 'db' | 'listen'>, log: Log): Live {
  const topics = new EventEmitter()
  topics.setMaxListeners(0)
  const enders = new Set<() => void>()
  const notify = (db: Db, payload: string) => sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`.execute(db)
  /** News of committed transactions not sent yet (all of a turn go in one NOTIFY), and the NOTIFY under way. */
  let queued: News[] = []
  let sending: Promise<void> = Promise.resolve()
  const send = () => {
    const news = queued
    queued = []
    if (news.length === 0) return sending
    const sent = sending.then(async () => {
      for (const payload of payloadsOf(news)) await notify(database.db, payload)
    })
    sending = sent.catch((err) =>
      log.warn({ err }, 'open event streams were not told of new activity; they catch up when reopened'),
    )
    return sending
  }
  const queue = (news: readonly News[]) => {
    if (queued.length === 0) setImmediate(send)
    queued.push(...news)
  }
  let listening: Promise<() => Promise<void>> | null = null
  const start = () => {
    listening ??= database.listen(LIVE_CHANNEL, (payload) => {
      let message: Message
      try {
        message = JSON.parse(payload) as Message
      } catch {
        return // not ours
      }
      if (!Array.isArray(message)) return
      for (const item of message) if (typeof item?.t === 'string') topics.emit(item.t, item.d ?? {})
    })
    return listening
  }

  return {
    async tell(trx, news) {
      if (afterCommit(trx, () => queue(news))) return
      for (const payload of payloadsOf(news)) await notify(trx, payload)
    },
    async listen(topic, listener) {
      await start()
      topics.on(topic, listener)
      return () => void topics.off(topic, listener)
    },
    onStop(end) {
      enders.add(end)
      return () => void enders.delete(end)
    },
    /** Sends the news of what has committed, ends the streams open here, and stops listening. */
    async stop() {
      await send()
      for (const end of [...enders]) end()
      enders.clear()
      const unlisten = listening
      listening = null
      if (unlisten) await (await unlisten)()
    },
  }
}
