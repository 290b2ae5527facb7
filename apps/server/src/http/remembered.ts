import { LRUCache } from 'lru-cache'

/**
 * Answers remembered for `ttlMs` (at most `max` of them) until `forget()`. Keys carry a generation,
 * so forgetting is a bump: nothing to clear (clearing an LRU cache fills every slot it was sized
 * for, on every write), and old answers age out. An answer whose load started before a forget is
 * not stored. `ttlMs` 0: nothing is remembered, every call loads.
 */
/**
 * What is kept until the next write (sessions' answers, viewers' facts and own reads) is kept this
 * many times READ_CACHE_MS, the shared bodies' TTL: a write forgets it at once, in every process
 * (events/invalidation.ts); the TTL only bounds how late a change shows that nobody was told of
 * (the database edited by hand) or that came while a process could not listen.
 */
export const KEPT_TTL_FACTOR = 60

export interface Remembered<V> {
  remember(key: string, load: () => Promise<V>): Promise<V>
  /** Whether an answer for `key` is remembered now. */
  has(key: string): boolean
  forget(): void
}

export function remembered<V>(max: number, ttlMs: number): Remembered<V> {
  const answers = ttlMs > 0 ? new LRUCache<string, { value: V }>({ max, ttl: ttlMs }) : null
  let generation = 0
  return {
    async remember(key, load) {
      const known = answers?.get(`${generation} ${key}`)
      if (known) return known.value
      const startedIn = generation
      const value = await load()
      if (startedIn === generation) answers?.set(`${startedIn} ${key}`, { value })
      return value
    },
    has: (key) => answers?.has(`${generation} ${key}`) ?? false,
    forget() {
      generation++
    },
  }
}
