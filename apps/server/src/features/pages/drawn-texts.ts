import { createHash } from 'node:crypto'
import type { DrawingThread, Task } from './drawing-thread'

/** A post's text drawn as Markdown (the web app's `renderPostText`). */
export interface DrawnText {
  html: string
  parts: ('markdown' | 'math' | 'code')[]
}

/**
 * Longest a page waits for its text drawn as Markdown, in CPU time of the drawing thread: what the
 * text costs, whatever else the machine does. Past it the page shows the text as written
 * (docs/decisions/012-bounded-markdown.md).
 */
const POST_TEXT_BUDGET_MS = 150
/** Longest a page waits for its text in all (the thread busy, a machine too loaded to give it the CPU). */
const POST_TEXT_WAIT_MS = 3000
/** A draw past this much CPU time is stopped with its thread, and the text is never drawn again. */
const TEXT_STOP_MS = 2000
/** …or past this much wall time, however little CPU it got. */
const TEXT_STOP_WALL_MS = 30_000
/** Draws waiting for the thread past this many are not queued: their pages show the text as written. */
const DRAWS_QUEUED_MAX = 4
/** Drawn texts kept, in characters of their HTML (~2 bytes each at most). */
const KEPT_CHARS = 8_000_000
/** Texts remembered as too costly to draw. */
const TOO_COSTLY_KEPT = 1000

interface Draw {
  task: Task<DrawnText>
  /** Past the budget: its waiters have their pages already. */
  late: boolean
  waiters: Set<(text: DrawnText | null) => void>
}

/**
 * Posts' texts drawn as Markdown on their own thread; a page waits for its text within the budget,
 * else shows it as written. Every draw's result is kept (by text and language), a late one too: the
 * text's next page has it at once. A text whose draw was stopped (or failed) is remembered, and
 * shown as written from then on without a draw.
 */
export class DrawnTexts {
  private readonly kept = new Map<string, DrawnText>()
  private keptChars = 0
  private readonly tooCostly = new Set<string>()
  private readonly drawing = new Map<string, Draw>()

  constructor(private readonly thread: DrawingThread) {}

  /** `text` drawn in `language`, or null: the page shows it as written. */
  drawn(text: string, language: string): Promise<DrawnText | null> {
    const textKey = createHash('sha256').update(text).digest('base64url')
    const key = `${language} ${textKey}`
    const kept = this.kept.get(key)
    if (kept) {
      // Most recently used last: the first ones go when there is no more room.
      this.kept.delete(key)
      this.kept.set(key, kept)
      return Promise.resolve(kept)
    }
    if (this.tooCostly.has(textKey)) return Promise.resolve(null)
    let draw = this.drawing.get(key)
    if (!draw) {
      if (this.thread.waiting >= DRAWS_QUEUED_MAX) return Promise.resolve(null)
      draw = this.start(text, language, key, textKey)
    }
    // A draw that cannot begin soon is not waited for: its result is kept for the next page. The
    // thread's first start is (within POST_TEXT_WAIT_MS): the server's first pages are drawn too.
    if (draw.late || (!draw.task.started && (this.runningLate() || this.thread.restarting)))
      return Promise.resolve(null)
    const waiting = draw
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(null), POST_TEXT_WAIT_MS)
      const done = (drawn: DrawnText | null) => {
        clearTimeout(timer)
        waiting.waiters.delete(done)
        resolve(drawn)
      }
      waiting.waiters.add(done)
    })
  }

  private start(text: string, language: string, key: string, textKey: string): Draw {
    const task = this.thread.run<DrawnText>('renderPostText', { text, language })
    const draw: Draw = { task, late: false, waiters: new Set() }
    this.drawing.set(key, draw)
    task.watch = (cpuMs, wallMs) => {
      if (cpuMs >= TEXT_STOP_MS || wallMs >= TEXT_STOP_WALL_MS) return 'stop'
      if (cpuMs >= POST_TEXT_BUDGET_MS && !draw.late) {
        draw.late = true
        this.release(draw)
        // The draws after it would wait for it too.
        for (const queued of this.drawing.values()) if (!queued.task.started) this.release(queued)
      }
      return undefined
    }
    void task.result.then((drawn) => {
      this.drawing.delete(key)
      if (drawn) this.keep(key, drawn)
      // Begun and not drawn: stopped, or it failed or took the thread down; never tried again.
      else if (task.started) this.remember(textKey)
      for (const waiter of [...draw.waiters]) waiter(drawn)
    })
    return draw
  }

  /** Whether the thread runs a draw past its budget: one queued behind it would wait for it. */
  private runningLate(): boolean {
    const running = this.thread.current
    for (const draw of this.drawing.values()) if (draw.task === running) return draw.late
    return false
  }

  private release(draw: Draw) {
    for (const waiter of [...draw.waiters]) waiter(null)
  }

  private keep(key: string, drawn: DrawnText) {
    this.kept.set(key, drawn)
    this.keptChars += drawn.html.length
    for (const [oldest, text] of this.kept) {
      if (this.keptChars <= KEPT_CHARS) break
      this.kept.delete(oldest)
      this.keptChars -= text.html.length
    }
  }

  private remember(textKey: string) {
    this.tooCostly.add(textKey)
    if (this.tooCostly.size > TOO_COSTLY_KEPT) {
      const oldest = this.tooCostly.values().next().value
      if (oldest !== undefined) this.tooCostly.delete(oldest)
    }
  }
}
