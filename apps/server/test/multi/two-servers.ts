import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { type ServerProcess, startServer } from '../faults/server-process'
import { useScratchPostgres } from '../harness'
import { SHARED_CHAIN } from './shared-env'

export interface TwoServers {
  /** The processes' folder (their DATA_DIR), made when the `describe` is collected. */
  temp: string
  /** The scratch database both use. */
  databaseUrl: string
  first: ServerProcess
  second: ServerProcess
}

/**
 * Two real server processes on one scratch PostgreSQL database, as behind a load balancer, for the
 * tests of a `describe`: started before its first test (the first migrates the database; the
 * second finds it ready), stopped after its last, and the database and folder gone with them. They
 * share one JWT secret (a session made on one is good on the other), one DATA_DIR (its blob
 * folder) and one chain, as several processes must (README, "Running several processes": a
 * process with a blob folder of its own refuses to start); `env` adds to that.
 */
export function useTwoServers(tempPrefix: string, env: Record<string, string>): TwoServers {
  const servers = { temp: mkdtempSync(join(tmpdir(), tempPrefix)) } as TwoServers
  const scratch = useScratchPostgres()
  beforeAll(async () => {
    servers.databaseUrl = scratch.url
    const shared = {
      DATABASE_URL: scratch.url,
      DATA_DIR: servers.temp,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...SHARED_CHAIN,
      ...env,
    }
    servers.first = await startServer({ ...shared })
    servers.second = await startServer({ ...shared })
  }, 180_000)
  afterAll(async () => {
    await Promise.all([servers.first?.stop(), servers.second?.stop()])
    rmSync(servers.temp, { recursive: true, force: true })
  }, 60_000)
  return servers
}
