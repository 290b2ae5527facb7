import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { waitFor } from '@agora/test-kit'

/**
 * The built server (what `npm start` runs) as the browser tests start it: here rather than in
 * fixtures.ts so that the global setup can start one too (a template database) without Playwright's
 * test runner.
 */

export const root = fileURLToPath(new URL('..', import.meta.url))

/** The built web app the server sends (what `npm start` builds). */
export const WEB_DIST = join(root, 'apps/web/dist')

/**
 * Where the global setup left an empty, migrated embedded database (global-setup.ts). A new PGlite
 * database costs an initdb: about 5 s of a core here when idle, and over 60 s when the machine was
 * loaded, which a server's health check then waited out; a copy of this one takes 0.3 s.
 */
export const TEMPLATE_ENV = 'AGORA_E2E_TEMPLATE_DIR'

/** A new empty data directory for a server: a copy of the template database when there is one. */
export function freshDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'agora-e2e-'))
  const template = process.env[TEMPLATE_ENV]
  if (template) cpSync(join(template, 'db'), join(dataDir, 'db'), { recursive: true })
  return dataDir
}

export interface AgoraServer {
  url: string
  dataDir: string
  /** The server's log so far (stdout + stderr), for failure messages. */
  log(): string
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string) {
  const healthy = async () => {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      return (await fetch(`${url}/api/v1/health`)).ok
    } catch {
      return false // not listening yet
    }
  }
  await waitFor(healthy, 'the server to answer its health check', 180_000, 200).catch((error: Error) => {
    throw new Error(`${error.message}:\n${log()}`)
  })
}

export interface StartServerOptions {
  /**
   * Start on this data directory (e.g. again, after a command-line tool changed it) and leave it on
   * stop: its owner removes it. Without it the server gets an empty directory of its own.
   */
  dataDir?: string
}

/** Starts the built server (what `npm start` runs) with its own empty data directory (`freshDataDir`), or `dataDir`. */
export async function startServer(
  env: Record<string, string> = {},
  options: StartServerOptions = {},
): Promise<AgoraServer & { stop(): Promise<void> }> {
  const port = await freePort()
  const dataDir = options.dataDir ?? freshDataDir()
  let output = ''
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST,
      // As `npm start` runs it (scripts/start.mjs): React renders the server-drawn screens in production mode.
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      AGORA_DEMO: '0',
      AUTH_RATE_LIMIT: '10000',
      COMMENT_RATE_LIMIT: '10000',
      LIKE_RATE_LIMIT: '10000',
      UPLOAD_RATE_LIMIT: '10000',
      // Test users are a moment old: trusted at once (the new-account limits have their API tests).
      TRUST_NEW_ACCOUNT_HOURS: '0',
      TRUST_MIN_CONTRIBUTIONS: '0',
      // A kept-alive socket stays open for the whole run. The tests' API requests (page.request) go
      // through Playwright's keep-alive agent, which never closes an idle socket itself: with the
      // server's 5 s, a request written on a socket as the server closed it met ECONNRESET (a POST
      // is not retried). Browsers retry that case; the agent does not. Closing the server closes them.
      HTTP_KEEP_ALIVE_TIMEOUT_MS: String(60 * 60_000),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const url = `http://127.0.0.1:${port}`
  // A server that never became healthy is stopped here: nothing else would, and it would load the machine.
  await waitForHealth(url, child, () => output).catch((error) => {
    child.kill('SIGKILL')
    throw error
  })
  return {
    url,
    dataDir,
    log: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
