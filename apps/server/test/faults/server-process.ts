import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'

const OUTPUT_TAIL = 64 * 1024
const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url))

/** The sources through tsx (runs before any build), or the built server `npm start` runs. */
export type ServerEntry = 'source' | 'dist'
const ENTRY_ARGS: Record<ServerEntry, string[]> = {
  source: ['--import', 'tsx', 'apps/server/src/main.ts'],
  dist: ['apps/server/dist/main.js'],
}

export interface ServerProcess {
  child: ChildProcess
  /** http://127.0.0.1:<port> */
  url: string
  /** SIGKILL: no shutdown hooks, no flushing, as a crash. */
  kill9(): Promise<void>
  /** SIGTERM and wait for the graceful exit. */
  stop(): Promise<void>
}

/**
 * Starts the real server as its own process and waits until it listens. The environment is the
 * whole configuration, as in production.
 */
export async function startServer(
  env: Record<string, string>,
  entry: ServerEntry = 'source',
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ENTRY_ARGS[entry], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      WEB_DIST: '',
      AGORA_DEMO: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = once(child, 'exit')
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), timeoutMs)
    let listening = false
    // Read until the server listens, keeping the tail to explain a failed start; after that the
    // output is only drained (a full pipe would stall the server).
    const onData = (chunk: Buffer) => {
      if (listening) return
      output = (output + chunk.toString()).slice(-OUTPUT_TAIL)
      // Fastify logs "Server listening at http://127.0.0.1:PORT" once it accepts connections.
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match) {
        listening = true
        clearTimeout(timer)
        resolve(match[1])
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code} before listening:\n${output}`))
    })
  })
  return {
    child,
    url,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
