import { spawn } from 'node:child_process'
import { Agent, get } from 'node:http'
import { sql } from 'kysely'
import { percentile } from '../../apps/server/test/faults/workload'
import { openBenchDatabase } from './database'
import { round } from './load'

/** The trivial server of `measureRoundTrips`, run in a process of its own. */
const ECHO_SERVER = `
  const server = require('node:http').createServer((request, response) => response.end('ok'))
  server.listen(0, '127.0.0.1', () => process.send(server.address().port))
`

/**
 * How long one loopback hop to another Node process takes, one after another. Every request makes
 * several such hops (one per statement), so its p99 tells a slow day from a fast one.
 */
export async function measureRoundTrips(requests = 3000, warmup = 500) {
  const child = spawn(process.execPath, ['-e', ECHO_SERVER], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (message) => resolve(Number(message)))
      child.once('error', reject)
    })
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const ask = () =>
      new Promise<void>((resolve, reject) => {
        get({ host: '127.0.0.1', port, agent }, (response) => {
          response.resume()
          response.on('end', resolve)
        }).on('error', reject)
      })
    for (let i = 0; i < warmup; i++) await ask()
    const micros: number[] = []
    for (let i = 0; i < requests; i++) {
      const started = process.hrtime.bigint()
      await ask()
      micros.push(Number(process.hrtime.bigint() - started) / 1000)
    }
    agent.destroy()
    micros.sort((a, b) => a - b)
    return { requests, p50Us: round(percentile(micros, 0.5)), p99Us: round(percentile(micros, 0.99)) }
  } finally {
    child.kill()
  }
}

/**
 * The PostgreSQL server's settings that decide how much of the forum it keeps in memory and how it
 * cleans up after writes: `shared_buffers` (a 100k forum is about 2.4 GB; Debian's default keeps
 * 128 MB of it) and `autovacuum` (off on the bench machine, so the bench vacuums where it says so).
 */
export async function databaseSettings(url: string) {
  const { db, close } = await openBenchDatabase({ url })
  try {
    const { rows } = await sql<{ name: string; setting: string }>`
      select name, current_setting(name) as setting from unnest(${sql.val(DATABASE_SETTINGS)}::text[]) as name`.execute(
      db,
    )
    return Object.fromEntries(rows.map((row) => [row.name, row.setting]))
  } finally {
    await close()
  }
}

const DATABASE_SETTINGS = [
  'server_version',
  'shared_buffers',
  'autovacuum',
  'effective_cache_size',
  'work_mem',
]
