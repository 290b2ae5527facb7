import closeWithGrace from 'close-with-grace'
import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'

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
  const app = await buildApp(config)
  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the database.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error')
    else app.log.info({ signal }, 'shutting down')
    await app.close()
  })
  await app.listen({ port: config.port, host: config.host })
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
