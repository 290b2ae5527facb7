import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { get } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { waitFor } from '@agora/test-kit'
import { afterAll, describe, expect, it } from 'vitest'
import { type SpawnedServer, spawnServer } from '../faults/server-process'
import { createScratchPostgres, TEST_DB, TEST_POSTGRES_URL } from '../harness'
import { SHARED_CHAIN } from './shared-env'

/**
 * WEB_CONCURRENCY through the real entry (main.ts, cluster.ts): N server processes on one port,
 * a dead one replaced, SIGTERM stopping them all; and the set-ups that cannot share refused at start.
 */
const start = (env: Record<string, string>) =>
  spawnServer({ LOG_LEVEL: 'warn', ANALYSIS_WORKERS: '0', ...env })

async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, 'close')
  return port
}

/**
 * The pid of the process that answered, on a connection of its own (the cluster spreads
 * connections); null when nobody answered within a few seconds (a connection handed to the
 * process that was just killed is lost with it).
 */
function answeringPid(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const request = get(
      { host: '127.0.0.1', port, path: '/api/v1/health', agent: false, timeout: 3_000 },
      (response) => {
        response.resume()
        response.on('end', () => resolve(Number(response.headers['x-agora-process'])))
        response.on('error', () => resolve(null))
      },
    )
    request.on('timeout', () => request.destroy())
    request.on('error', () => resolve(null))
  })
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('WEB_CONCURRENCY refusals at start', () => {
  const temp = mkdtempSync(join(tmpdir(), 'agora-cluster-'))
  afterAll(() => rmSync(temp, { recursive: true, force: true }))

  it('with the embedded database, exits 2 naming DATABASE_URL', async () => {
    const server = start({ WEB_CONCURRENCY: '2', DATA_DIR: join(temp, 'a'), PORT: '0' })
    const [code] = await server.exited
    expect(code).toBe(2)
    expect(server.output()).toMatch(/WEB_CONCURRENCY=2 needs DATABASE_URL[\s\S]*PostgreSQL/)
  }, 60_000)

  it('with the embedded chain, exits 2 naming SOLANA_RPC_URL', async () => {
    const server = start({
      WEB_CONCURRENCY: '2',
      DATA_DIR: join(temp, 'b'),
      PORT: '0',
      DATABASE_URL: TEST_POSTGRES_URL,
    })
    const [code] = await server.exited
    expect(code).toBe(2)
    expect(server.output()).toMatch(/WEB_CONCURRENCY=2 needs SOLANA_RPC_URL/)
  }, 60_000)
})

describe.runIf(TEST_DB === 'postgres')('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  const temp = mkdtempSync(join(tmpdir(), 'agora-cluster-'))
  let scratch: { url: string; drop(): Promise<void> } | undefined
  let server: SpawnedServer | undefined

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL')
      await server.exited
    }
    await scratch?.drop()
    rmSync(temp, { recursive: true, force: true })
  }, 60_000)

  it('serves from two processes on one port, replaces a dead one, and stops on SIGTERM', async () => {
    scratch = await createScratchPostgres()
    const port = await freePort()
    server = start({
      WEB_CONCURRENCY: '2',
      PORT: String(port),
      DATA_DIR: join(temp, 'data'),
      DATABASE_URL: scratch.url,
      ...SHARED_CHAIN,
    })
    const taking = () => server!.output().match(/Server process \d+ is taking requests/g)?.length ?? 0
    await waitFor(
      () => taking() >= 2,
      `two server processes taking requests:\n${server.output()}`,
      120_000,
      100,
    )

    const pids = new Set<number>()
    await waitFor(
      async () => {
        const pid = await answeringPid(port)
        if (pid) pids.add(pid)
        return pids.size === 2
      },
      'answers from both processes',
      10_000,
      0,
    )
    expect(pids.has(server.child.pid!)).toBe(false)

    // One dies as in a crash: another takes its place, and both answer again.
    const [victim, survivor] = [...pids]
    process.kill(victim, 'SIGKILL')
    const killed = Date.now()
    const seen = new Set<number>()
    await waitFor(
      async () => {
        const pid = await answeringPid(port)
        if (pid) seen.add(pid)
        return [...seen].some((pid) => pid !== survivor && pid !== victim) && seen.has(survivor)
      },
      'a replacement process answering',
      120_000,
      50,
    )
    console.info(`a killed server process replaced and answering after ${Date.now() - killed} ms`)
    expect(seen.has(victim)).toBe(false)
    expect(server.output()).toMatch(
      new RegExp(`Server process ${victim} was killed by SIGKILL; starting another`),
    )

    server.child.kill('SIGTERM')
    const [code] = await server.exited
    expect(code).toBe(0)
    expect(server.output()).not.toMatch(/second SIG|killed by timeout/)
    await waitFor(() => [...seen].every((pid) => !alive(pid)), 'every server process stopped', 15_000)
  }, 300_000)
})
