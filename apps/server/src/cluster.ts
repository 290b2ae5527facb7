import cluster, { type Worker } from 'node:cluster'
import closeWithGrace from 'close-with-grace'

/** A worker that dies this soon after starting, this many times in a row, is not started again. */
const EARLY_DEATH_MS = 30_000
const EARLY_DEATHS_TOLERATED = 3
/** How long the workers have to finish their requests on SIGTERM (their own grace is 10 s). */
const STOP_GRACE_MS = 15_000
/** What the primary sends a worker to stop it gracefully. */
const STOP = 'agora:stop'

/**
 * WEB_CONCURRENCY > 1: this process forks `processes` server workers that share one port
 * (node:cluster hands each new connection to one of them). A worker that dies unexpectedly is
 * replaced; SIGTERM/SIGINT is passed on to every worker (as a message, not a signal: a Ctrl-C or a
 * `kill` of the process group reaches the workers too, and a second signal cuts a graceful stop
 * short), and this process exits once they have finished their requests. A worker that keeps
 * dying at start (a database that refuses it, say) is not restarted in a loop: after
 * EARLY_DEATHS_TOLERATED in a row everything stops.
 */
export function runPrimary(processes: number, say: (line: string) => void) {
  say(`Starting Agora in ${processes} processes…`)
  let stopping = false
  let exitCode = 0
  let earlyDeaths = 0
  const startedAt = new Map<Worker, number>()
  /** Workers past their start, which stop on a message; one still starting is simply terminated. */
  const serving = new Set<Worker>()
  cluster.on('listening', (worker) => serving.add(worker))

  const fork = () => startedAt.set(cluster.fork(), Date.now())
  for (let i = 0; i < processes; i++) fork()

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0)
    startedAt.delete(worker)
    serving.delete(worker)
    // Exit 0 is a graceful stop: the worker was signalled directly (a Ctrl-C, a kill of the group).
    if (stopping || (code === 0 && !signal)) {
      if (startedAt.size === 0) process.exit(exitCode)
      return
    }
    earlyDeaths = lived < EARLY_DEATH_MS ? earlyDeaths + 1 : 0
    const how = signal ? `was killed by ${signal}` : `exited with ${code}`
    if (earlyDeaths >= EARLY_DEATHS_TOLERATED) {
      console.error(
        `Server process ${worker.process.pid} ${how}; ${earlyDeaths} died at start in a row, stopping.`,
      )
      stop(1)
      return
    }
    say(`Server process ${worker.process.pid} ${how}; starting another.`)
    fork()
  })

  const stop = (code: number) => {
    if (stopping) return
    stopping = true
    exitCode = code
    if (startedAt.size === 0) process.exit(exitCode)
    for (const worker of startedAt.keys()) {
      if (serving.has(worker) && worker.isConnected()) worker.send(STOP)
      else worker.process.kill('SIGTERM')
    }
    setTimeout(() => {
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL')
      process.exit(exitCode)
    }, STOP_GRACE_MS).unref()
  }
  process.on('SIGTERM', () => stop(0))
  process.on('SIGINT', () => stop(0))
}

/**
 * The signals a worker leaves to `stopWhenAsked` rather than closeWithGrace, which takes a second
 * signal as "exit now": the primary's message and a signal to the whole group (Ctrl-C) both come.
 */
export const WORKER_STOP_SIGNALS: ('SIGINT' | 'SIGTERM')[] = ['SIGINT', 'SIGTERM']

/** In a worker: the primary's request to stop, or SIGINT/SIGTERM, runs `close` once. */
export function stopWhenAsked(close: () => unknown) {
  const stop = () => {
    if ((closeWithGrace as unknown as { closing: boolean }).closing) return
    void close()
  }
  process.on('message', (message) => message === STOP && stop())
  for (const signal of WORKER_STOP_SIGNALS) process.on(signal, stop)
}
