import cluster from 'node:cluster'
import closeWithGrace from 'close-with-grace'
import { buildApp } from './app'
import { BlobStoreNotSharedError, checkSharedBlobStore } from './blobs/shared-store'
import { runPrimary, stopWhenAsked, WORKER_STOP_SIGNALS } from './cluster'
import { ConfigError, loadConfig } from './config'
import { warmCitations } from './features/citations/index'
import { DEMO_MODERATOR, DEMO_PASSWORD, DEMO_USERS } from './features/demo/index'
import { DataDirInUseError, lockDataDir } from './folder-lock'

/** A line for the person who started the server, in words (the log is for operators). */
function say(line: string) {
  process.stdout.write(`${line}\n`)
}

async function main() {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`)
      process.exit(2)
    }
    throw error
  }
  // WEB_CONCURRENCY > 1: this process only forks and watches the server processes (cluster.ts).
  if (config.webConcurrency > 1 && cluster.isPrimary) return runPrimary(config.webConcurrency, say)
  if (cluster.isPrimary) say('Starting Agora…')
  // One process owns DATA_DIR's embedded database and chain: a second one refuses here.
  let unlock: () => Promise<void>
  try {
    unlock = await lockDataDir(config, say)
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message)
      process.exit(3)
    }
    throw error
  }
  const app = await buildApp(config, { onProgress: cluster.isPrimary ? say : () => {} })
  // Several processes on one database must share one blob folder: another one stops here.
  try {
    await checkSharedBlobStore(config, app.ctx.db)
  } catch (error) {
    if (error instanceof BlobStoreNotSharedError) {
      console.error(error.message)
      await app.close()
      process.exit(3)
    }
    throw error
  }
  // Which of the processes answered (a load balancer's or a test's question); none when alone.
  if (cluster.isWorker)
    app.server.prependListener('request', (_request, response) =>
      response.setHeader('x-agora-process', process.pid),
    )
  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the database.
  // A cluster worker takes SIGINT/SIGTERM itself (cluster.ts): closeWithGrace would count two as a hurry.
  const skip = cluster.isWorker ? WORKER_STOP_SIGNALS : []
  const { close } = closeWithGrace({ delay: 10_000, skip }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error')
    else app.log.info({ signal }, 'shutting down')
    await app.close()
    await unlock()
  })
  if (cluster.isWorker) stopWhenAsked(close)
  const address = await app.listen({ port: config.port, host: config.host })
  if (cluster.isWorker) say(`Server process ${process.pid} is taking requests.`)
  if (cluster.worker?.id === 1 || cluster.isPrimary)
    say(`Agora is running at ${browserUrl(address, config.host)}${await demoLogin(app.ctx.db)}`)
  if (!config.logRequests) say('Requests are not logged on a terminal; LOG_REQUESTS=1 turns them on.')
  // After the first requests could be taken: the citation styles compile while nobody waits on them.
  setImmediate(() => {
    try {
      warmCitations()
    } catch (err) {
      app.log.warn({ err }, 'citation warm-up failed; the first citation will be slower')
    }
  })
}

/** The address to open: localhost when the server listens on every interface. */
function browserUrl(address: string, host: string) {
  return host === '0.0.0.0' || host === '::' ? address.replace(/\/\/[^:/]+/, '//localhost') : address
}

/** " — log in as …" while the demo accounts exist, so a first visitor can sign in at once. */
async function demoLogin(db: Awaited<ReturnType<typeof buildApp>>['ctx']['db']) {
  const [first, ...others] = DEMO_USERS.map((user) => user.username)
  const demo = await db.selectFrom('users').select('id').where('username', '=', first).executeTakeFirst()
  if (!demo) return ''
  return ` — log in as ${first} with the password ${DEMO_PASSWORD} (or ${others.join(', ')}; ${DEMO_MODERATOR.username} moderates)`
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
