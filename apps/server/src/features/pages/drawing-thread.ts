import { readFileSync } from 'node:fs'
import { Worker } from 'node:worker_threads'
import type { FastifyBaseLogger } from 'fastify'

/**
 * A thread's code: the web app's server-side build, whose exports it runs by name, one at a time.
 * It says its Linux thread id so that the server can read the CPU time it spends (`cpuMs`).
 */
const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads')
let tid = null
try {
  tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop())
} catch {}
const message = (error) => (error instanceof Error ? error.stack || error.message : String(error))
import(workerData.entry)
  .then(async (screens) => {
    if (screens.warmUp) await screens.warmUp()
    parentPort.on('message', async ({ id, name, arg }) => {
      try {
        parentPort.postMessage({ id, result: await screens[name](arg) })
      } catch (error) {
        parentPort.postMessage({ id, error: message(error) })
      }
    })
    parentPort.postMessage({ ready: true, tid })
  })
  .catch((error) => parentPort.postMessage({ failed: message(error) }))
`

/** Loading the app's code, its languages, KaTeX and the highlighter, and a first draw. */
const THREAD_START_MS = 60_000
/** How often a running task's time is looked at (`Task.watch`). */
const WATCH_EVERY_MS = 20

/** Work given to a thread; `result` is null when it failed or was stopped. */
export interface Task<T> {
  readonly result: Promise<T | null>
  /** Whether the thread has begun it (a task waits while the one before it runs). */
  readonly started: boolean
  /**
   * Called every WATCH_EVERY_MS while it runs, with the thread's CPU time and the wall time since it
   * began; answering 'stop' ends the thread (and the task), and a new thread takes the next task.
   */
  watch?: (cpuMs: number, wallMs: number) => 'stop' | undefined
  /** Takes it out of the queue if the thread has not begun it (its result is then null). */
  drop(): void
}

interface Job {
  id: number
  name: string
  arg: unknown
  settle(value: unknown): void
  task: Task<unknown> & { started: boolean }
  begun?: { cpu: number | null; wall: number }
}

/**
 * One worker thread that draws with the app's server-side build (`entry`), its tasks in order. The
 * event loop only posts them and reads their answers; a task that runs too long is ended with the
 * thread, and a new one starts.
 */
export class DrawingThread {
  private worker: Worker | null = null
  private tid: number | null = null
  private warm = false
  private warmOnce = false
  private failed = false
  private closed = false
  private running: Job | null = null
  private readonly queue: Job[] = []
  private nextId = 0
  private watcher: NodeJS.Timeout | undefined

  constructor(
    private readonly entry: string,
    private readonly name: string,
    private readonly log: FastifyBaseLogger,
    private readonly resourceLimits?: { maxOldGenerationSizeMb: number },
  ) {
    this.start()
  }

  /** Whether a thread that was drawing is being replaced (after a task was stopped, or a crash). */
  get restarting(): boolean {
    return this.warmOnce && !this.warm
  }

  /** Tasks waiting for the thread, the running one not counted. */
  get waiting(): number {
    return this.queue.length
  }

  /** The task the thread is running now. */
  get current(): Task<unknown> | null {
    return this.running?.task ?? null
  }

  run<T>(name: string, arg: unknown): Task<T> {
    let settle: (value: unknown) => void = () => {}
    const result = new Promise<T | null>((resolve) => {
      settle = resolve as (value: unknown) => void
    })
    const task: Job['task'] = {
      result,
      started: false,
      drop: () => {
        const at = this.queue.indexOf(job)
        if (at < 0) return
        this.queue.splice(at, 1)
        settle(null)
      },
    }
    const job: Job = { id: this.nextId++, name, arg, settle: (value) => settle(value), task }
    if (this.failed || this.closed) settle(null)
    else {
      this.queue.push(job)
      this.next()
    }
    return task as Task<T>
  }

  close(): Promise<void> {
    this.closed = true
    clearInterval(this.watcher)
    for (const job of this.queue.splice(0)) job.settle(null)
    this.running?.settle(null)
    this.running = null
    return this.worker?.terminate().then(() => undefined) ?? Promise.resolve()
  }

  /** The CPU time the thread has run, in ms, or null where it cannot be read (not Linux). */
  private cpuMs(): number | null {
    if (this.tid === null) return null
    try {
      // The first field: nanoseconds on a CPU.
      return Number(readFileSync(`/proc/self/task/${this.tid}/schedstat`, 'latin1').split(' ')[0]) / 1e6
    } catch {
      return null
    }
  }

  private start() {
    this.warm = false
    this.tid = null
    const worker = new Worker(THREAD_CODE, {
      eval: true,
      workerData: { entry: this.entry },
      ...(this.resourceLimits ? { resourceLimits: this.resourceLimits } : {}),
    })
    this.worker = worker
    worker.unref()
    const timer = setTimeout(() => {
      this.log.warn({ thread: this.name }, 'the drawing thread did not start in time; pages are served plain')
      this.fail(worker)
    }, THREAD_START_MS)
    timer.unref()
    worker.on('message', (message: { ready?: boolean; tid?: number | null; failed?: string } & Answer) => {
      if (message.ready) {
        clearTimeout(timer)
        this.tid = message.tid ?? null
        this.warm = true
        this.warmOnce = true
        this.next()
      } else if (message.failed !== undefined) {
        clearTimeout(timer)
        this.log.warn({ thread: this.name, err: message.failed }, 'the drawing thread did not start')
        this.fail(worker)
      } else this.answer(message)
    })
    worker.on('error', (error) =>
      this.log.warn({ thread: this.name, err: error }, 'the drawing thread failed'),
    )
    worker.on('exit', () => {
      if (this.worker !== worker || this.closed) return
      clearTimeout(timer)
      if (!this.warm) return this.fail(worker)
      // A crash (e.g. out of memory): the task it ran is lost, the others go to a new thread.
      this.end(null)
      this.start()
    })
  }

  /** A thread that could not start is not started again: every task answers null. */
  private fail(worker: Worker) {
    this.failed = true
    this.warm = false
    void worker.terminate()
    this.end(null)
    for (const job of this.queue.splice(0)) job.settle(null)
  }

  private answer({ id, result, error }: Answer) {
    const job = this.running
    if (!job || job.id !== id) return
    if (error !== undefined) this.log.warn({ thread: this.name, task: job.name, err: error }, 'not drawn')
    this.end(error === undefined ? result : null)
    this.next()
  }

  private end(value: unknown) {
    clearInterval(this.watcher)
    this.watcher = undefined
    const job = this.running
    this.running = null
    job?.settle(value)
  }

  private next() {
    if (this.running || !this.warm || this.closed) return
    const job = this.queue.shift()
    if (!job || !this.worker) return
    this.running = job
    job.task.started = true
    job.begun = { cpu: this.cpuMs(), wall: performance.now() }
    this.worker.postMessage({ id: job.id, name: job.name, arg: job.arg })
    this.watcher = setInterval(() => this.look(job), WATCH_EVERY_MS)
  }

  private look(job: Job) {
    if (this.running !== job || !job.begun) return
    const wallMs = performance.now() - job.begun.wall
    const cpu = this.cpuMs()
    // Where the thread's CPU time cannot be read, its wall time stands in for it.
    const cpuMs = cpu === null || job.begun.cpu === null ? wallMs : cpu - job.begun.cpu
    if (job.task.watch?.(cpuMs, wallMs) !== 'stop') return
    const worker = this.worker
    this.worker = null
    this.end(null)
    void worker?.terminate()
    this.start()
  }
}

interface Answer {
  id: number
  result?: unknown
  error?: string
}
