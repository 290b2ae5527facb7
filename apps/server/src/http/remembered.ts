import { LRUCache } from 'lru-cache'

/**
 * Answers remembered for `ttlMs` (at most `max` of them) until `forget()`. Keys carry a generation,
 * so forgetting is a bump: nothing to clear (clearing an LRU cache fills every slot it was sized
 * for, on every write), and old answers age out. An answer whose load started before a forget is
 * not stored. `ttlMs` 0: nothing is remembered, every call loads.
 */
export interface Remembered<V> {
  remember(key: string, load: () => Promise<V>): Promise<V>
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
    forget() {
      generation++
    },
  }
}
