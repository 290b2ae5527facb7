import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createScratchPostgres, TEST_DB } from '../harness'
import { apiClient } from './client'
import { type ServerProcess, startServer } from './server-process'

const PASSWORD = 'correct horse battery staple'

/**
 * Two real server processes on one DATA_DIR. The embedded PGlite
 * database (TEST_DB=pglite) and the embedded Solana chain (both databases) are one process's: a
 * second process refuses at start, naming the holder and the fix, while the first keeps serving.
 */
describe(`one process per DATA_DIR (${TEST_DB})`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'agora-lock-'))
  let postgres: { url: string; drop(): Promise<void> } | null = null
  let env: Record<string, string>
  const running: ServerProcess[] = []

  // The embedded database is held first; with PostgreSQL only the embedded chain is left to refuse.
  const refusal =
    TEST_DB === 'postgres'
      ? /exited with 3[\s\S]*Another Agora process \(pid \d+ on [^)]+\) is using the embedded Solana chain in \S+solana-local[\s\S]*SOLANA_RPC_URL/
      : /exited with 3[\s\S]*Another Agora process \(pid \d+ on [^)]+\) is using DATA_DIR \S+ \(the embedded PGlite database[\s\S]*DATABASE_URL/

  async function start() {
    const server = await startServer(env)
    running.push(server)
    return server
  }

  /** A second start that must refuse; one that starts anyway is stopped with the others. */
  async function refused() {
    const attempt = startServer(env).then((server) => {
      running.push(server)
      return server
    })
    await expect(attempt).rejects.toThrow(refusal)
  }

  async function health(server: ServerProcess) {
    return (await fetch(`${server.url}/api/v1/health`)).status
  }

  async function logsIn(server: ServerProcess, username: string) {
    const response = await fetch(`${server.url}/api/v1/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: PASSWORD, secure_mode: false }),
    })
    return response.status
  }

  beforeAll(async () => {
    if (TEST_DB === 'postgres') postgres = await createScratchPostgres()
    env = {
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    }
  })

  afterAll(async () => {
    for (const server of running) await server.kill9()
    await postgres?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('refuses a second process while the first serves; starts after a SIGTERM and after a SIGKILL', async () => {
    const first = await start()
    await apiClient(first.url).register('first_owner')

    await refused()
    expect(await health(first)).toBe(200)
    expect(await logsIn(first, 'first_owner')).toBe(200)

    await first.stop()
    const second = await start()
    expect(await logsIn(second, 'first_owner')).toBe(200)
    await apiClient(second.url).register('second_owner')

    // A crash leaves the lock behind, fresh (stale only after 10 s): the next start sees that its
    // holder no longer runs and takes it over at once.
    await second.kill9()
    const third = await startServer(env)
    running.push(third)
    expect(await health(third)).toBe(200)
    expect(await logsIn(third, 'second_owner')).toBe(200)
    await refused()
    expect(await health(third)).toBe(200)
  }, 240_000)
})
