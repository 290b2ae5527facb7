import { EventSource } from 'eventsource'

export interface Received {
  type: string
  data: Record<string, unknown>
  id: string
}

/**
 * An event-stream client that is not ours (the `eventsource` package, the WHATWG EventSource for
 * Node) on `url`, with `headers` on its request; every event of `types` is kept in order.
 */
export function openStream(url: string, types: string[], headers: Record<string, string> = {}) {
  const received: Received[] = []
  const source = new EventSource(url, {
    fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, ...headers } }),
  })
  for (const type of types) {
    source.addEventListener(type, (event) => {
      received.push({ type, data: JSON.parse(event.data), id: event.lastEventId })
    })
  }
  return { received, source, of: (type: string) => received.filter((event) => event.type === type) }
}
