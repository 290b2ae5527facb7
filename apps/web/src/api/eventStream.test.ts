import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { holdEventStream } from './eventStream'

/** A stand-in for the browser's EventSource: records each opening, fails on demand. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static opened: FakeEventSource[] = []
  readyState = FakeEventSource.CONNECTING
  constructor(readonly url: string) {
    super()
    FakeEventSource.opened.push(this)
  }
  /** The server answered something else than a stream (a 429, a 401): the browser gives up. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED
    this.dispatchEvent(new Event('error'))
  }
  accept() {
    this.readyState = FakeEventSource.OPEN
    this.dispatchEvent(new Event('open'))
  }
  close() {
    this.readyState = FakeEventSource.CLOSED
  }
}

describe('holdEventStream', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    FakeEventSource.opened = []
    vi.stubGlobal('EventSource', FakeEventSource)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  const latest = () => FakeEventSource.opened[FakeEventSource.opened.length - 1]

  it('opens a refused stream again after 1, 2, 4 … 30 s, never at once', () => {
    const stream = holdEventStream(
      () => '/api/v1/comments/post/p/stream',
      () => {},
    )
    const waits: number[] = []
    for (let i = 0; i < 7; i++) {
      latest().refuse()
      const before = FakeEventSource.opened.length
      let waited = 0
      while (FakeEventSource.opened.length === before) {
        vi.advanceTimersByTime(500)
        waited += 500
      }
      waits.push(waited)
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000])
    stream.close()
  })

  it('starts from 1 s again once a stream opened, asks the URL anew, and stops when closed', () => {
    let asked = 0
    const listened: string[] = []
    const stream = holdEventStream(
      () => `/stream?n=${++asked}`,
      (source) => listened.push((source as unknown as FakeEventSource).url),
    )
    latest().refuse()
    vi.advanceTimersByTime(1000)
    latest().refuse()
    vi.advanceTimersByTime(2000)
    latest().accept()
    latest().refuse()
    vi.advanceTimersByTime(1000)
    expect(listened).toEqual(['/stream?n=1', '/stream?n=2', '/stream?n=3', '/stream?n=4'])

    latest().refuse()
    stream.close()
    vi.advanceTimersByTime(60_000)
    expect(FakeEventSource.opened).toHaveLength(4)
  })
})
