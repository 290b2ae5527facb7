import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'

const OUTPUT_TAIL = 64 * 1024
export const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url))

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

/** A server process as spawned, listening or not yet. */
export interface SpawnedServer {
  child: ChildProcess
  exited: Promise<[number | null, NodeJS.Signals | null]>
  /** The tail of what it wrote to stdout and stderr so far. */
  output(): string
}

/**
 * Spawns the real server as its own process, without waiting for anything. The environment is the
 * whole configuration, as in production, over quiet defaults (no web app, no demo).
 */
export function spawnServer(env: Record<string, string>, entry: ServerEntry = 'source'): SpawnedServer {
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
  // Always drained (a full pipe would stall the server), keeping the tail to explain a failure.
  const read = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL)
  }
  child.stdout?.on('data', read)
  child.stderr?.on('data', read)
  return {
    child,
    exited: once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>,
    output: () => output,
  }
}

/** Starts the real server as its own process (spawnServer) and waits until it listens. */
export async function startServer(
  env: Record<string, string>,
  entry: ServerEntry = 'source',
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  const { child, exited, output } = spawnServer(env, entry)
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output()}`)), timeoutMs)
    const onData = () => {
      // Fastify logs "Server listening at http://127.0.0.1:PORT" once it accepts connections.
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output())
      if (match) {
        clearTimeout(timer)
        child.stdout?.off('data', onData)
        child.stderr?.off('data', onData)
        resolve(match[1])
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code} before listening:\n${output()}`))
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
