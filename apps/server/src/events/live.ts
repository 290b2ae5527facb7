import { EventEmitter } from 'node:events'
import { sql } from 'kysely'
import type { DatabaseHandle, Db } from '../db/index'

/** The one LISTEN/NOTIFY channel live news travels on; a message names its topic. */
export const LIVE_CHANNEL = 'agora_live'

/**
 * Live news for open event streams (issue 18, docs/decisions/006-live-streams.md): what an action
 * tells a topic (`user:{id}`, `post:{id}`) reaches the listeners of that topic in every server
 * process — once the action's transaction commits, and never when it rolls back — through
 * PostgreSQL's NOTIFY (PGlite's, in the embedded set-up). Messages carry ids only; a stream reads
 * what it sends from the database, so nobody learns more than a request would tell them.
 */
export interface Live {
  /** Inside `trx`: each `data` goes to the listeners of its `topic` when `trx` commits. */
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

export function createLive(database: Pick<DatabaseHandle, 'listen'>): Live {
  const topics = new EventEmitter()
  topics.setMaxListeners(0)
  const enders = new Set<() => void>()
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
      for (const payload of payloadsOf(news))
        await sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`.execute(trx)
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
    async stop() {
      for (const end of [...enders]) end()
      enders.clear()
      const unlisten = listening
      listening = null
      if (unlisten) await (await unlisten)()
    },
  }
}
