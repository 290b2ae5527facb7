import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { ExtractionError } from './extract.limits'
import { type Preparation, type PreparationInput, prepareSource } from './prepare'
import { seconds } from './remote-engine'

/**
 * Runs a preparation in its own worker thread, so parsing a hostile file can neither block the
 * server's event loop nor grow its heap: the thread gets a memory ceiling and is terminated at
 * the deadline, whatever it is doing.
 */

export interface SandboxOptions {
  /** Hard stop, a little after the extraction deadline the preparation enforces itself. */
  timeoutMs: number
  memoryMb: number
}

type WorkerAnswer = { ok: true; preparation: Preparation } | { ok: false; name: string; message: string }

/**
 * Where the worker's code is: beside this module when running from source (tests, `tsx`), or
 * `analysis.thread.js` beside the server bundle, which scripts/build.mjs emits as its own entry.
 */
function workerSource(): { code: string; eval: true } | { file: URL } | null {
  const here = import.meta.url
  if (here.endsWith('.ts')) {
    const entry = new URL('./analysis.thread.ts', here).href
    // A worker starts without the TypeScript loader of its parent: register tsx first.
    const require = createRequire(here)
    const tsxPackage = require.resolve('tsx/package.json')
    const tsxApi = new URL(require(tsxPackage).exports['./esm/api'].import.default, pathToFileURL(tsxPackage))
      .href
    const code = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}) })`
    return { code, eval: true }
  }
  const bundled = new URL('./analysis.thread.js', here)
  return existsSync(fileURLToPath(bundled)) ? { file: bundled } : null
}

let warnedInline = false
let nextRequest = 0

interface Thread {
  worker: Worker
  memoryMb: number
  /** Settles when the thread has loaded its code and model (or could not). */
  ready: Promise<void>
}

/** Starting a thread (loading pdf.js, the Word reader and the language model) may take this long. */
const THREAD_START_MS = 60_000

/** Threads kept between jobs: starting one loads the language model, which takes most of a second. */
const idle: Thread[] = []
const MAX_IDLE_THREADS = 4

let threadsStarted = 0

/** How many threads were started so far (threads are reused; a test checks that they are). */
export function sandboxThreadsStarted() {
  return threadsStarted
}

function startThread(source: NonNullable<ReturnType<typeof workerSource>>, memoryMb: number): Thread {
  threadsStarted += 1
  const resourceLimits = { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 32 }
  const worker =
    'code' in source
      ? new Worker(source.code, { eval: true, resourceLimits })
      : new Worker(source.file, { resourceLimits })
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error('The analysis thread did not start in time.')),
      THREAD_START_MS,
    )
    const done = () => {
      clearTimeout(timer)
      worker.off('message', onMessage)
      worker.off('error', fail)
      worker.off('exit', onExit)
    }
    const onMessage = (message: { ready?: boolean }) => {
      if (!message.ready) return
      done()
      resolve()
    }
    const fail = (error: Error) => {
      done()
      void worker.terminate()
      reject(error)
    }
    const onExit = (code: number) =>
      fail(new Error(`The analysis thread stopped while starting (exit code ${code}).`))
    worker.on('message', onMessage)
    worker.on('error', fail)
    worker.on('exit', onExit)
  })
  return { worker, memoryMb, ready }
}

function release(thread: Thread) {
  thread.worker.unref()
  if (idle.length < MAX_IDLE_THREADS) idle.push(thread)
  else void thread.worker.terminate()
}

/** Ends the idle threads (app shutdown). Threads busy with a job end with it. */
export async function closeSandboxThreads() {
  await Promise.all(idle.splice(0).map((thread) => thread.worker.terminate()))
}

export async function prepareInSandbox(
  input: PreparationInput,
  options: SandboxOptions,
  log: { warn(message: string): void } = console,
): Promise<Preparation> {
  const source = workerSource()
  if (!source) {
    if (!warnedInline) {
      log.warn('analysis.thread.js is missing beside the server bundle: analysing files on the main thread')
      warnedInline = true
    }
    return prepareSource(input)
  }
  const reusable = idle.findIndex((thread) => thread.memoryMb === options.memoryMb)
  const thread = reusable >= 0 ? idle.splice(reusable, 1)[0] : startThread(source, options.memoryMb)
  const { worker } = thread
  worker.ref()
  // Not the file's fault when a thread cannot start: a plain error, so the job is retried.
  await thread.ready
  const id = ++nextRequest
  // Bytes that own their whole buffer move to the thread without a copy; views into shared pools are copied.
  const transfer = input.files.flatMap(({ bytes }) =>
    bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? [bytes.buffer as ArrayBuffer]
      : [],
  )
  return new Promise<Preparation>((resolve, reject) => {
    let settled = false
    /** `healthy`: the thread answered and may serve the next job; otherwise it is ended. */
    const settle = (healthy: boolean, outcome: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      worker.off('message', onMessage)
      worker.off('error', onError)
      worker.off('exit', onExit)
      if (healthy) release(thread)
      else void worker.terminate()
      outcome()
    }
    const onMessage = (answer: WorkerAnswer & { id: number }) => {
      if (answer.id !== id) return
      settle(true, () => {
        if (answer.ok) return resolve(answer.preparation)
        reject(
          answer.name === 'ExtractionError' ? new ExtractionError(answer.message) : new Error(answer.message),
        )
      })
    }
    const onError = (error: Error & { code?: string }) =>
      settle(false, () =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ExtractionError('The files need more memory to analyse than we allow.')
            : error,
        ),
      )
    const onExit = (code: number) =>
      settle(false, () => reject(new Error(`The analysis thread stopped (exit code ${code}).`)))
    const timer = setTimeout(
      () =>
        settle(false, () =>
          reject(new ExtractionError(`Analysing the files took longer than ${seconds(options.timeoutMs)}.`)),
        ),
      options.timeoutMs,
    )
    worker.on('message', onMessage)
    worker.on('error', onError)
    worker.on('exit', onExit)
    worker.postMessage({ id, input }, transfer)
  })
}
