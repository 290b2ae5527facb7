const FIRST_RETRY_MS = 1000
const LONGEST_RETRY_MS = 30_000

export interface HeldEventStream {
  close(): void
}

/**
 * Holds a server-sent event stream open. The browser reconnects a dropped stream by itself; when it
 * gives up (the server refused it, e.g. 429 past the streams' cap, or went away) the stream is
 * opened again after 1, 2, 4 … 30 s, so a refusal never turns into a loop of requests. `url` is
 * asked again at each opening; `listen` adds the stream's listeners to each new source.
 */
export function holdEventStream(url: () => string, listen: (source: EventSource) => void): HeldEventStream {
  let source: EventSource | null = null
  let retryMs = FIRST_RETRY_MS
  let timer: ReturnType<typeof setTimeout> | undefined
  let closed = false

  const open = () => {
    const opened = new EventSource(url(), { withCredentials: true })
    source = opened
    opened.addEventListener('open', () => {
      retryMs = FIRST_RETRY_MS
    })
    opened.addEventListener('error', () => {
      // CONNECTING: the browser retries by itself. CLOSED: it gave up; try again, later each time.
      if (opened.readyState !== EventSource.CLOSED || closed) return
      timer = setTimeout(open, retryMs)
      retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS)
    })
    listen(opened)
  }
  open()
  return {
    close() {
      closed = true
      clearTimeout(timer)
      source?.close()
    },
  }
}
