// `npm run admin -- grant <username> moderator|admin` and `npm run admin -- revoke <username>`:
// roles are granted from the command line, against the database the server uses
// (DATA_DIR's embedded one, or DATABASE_URL). The embedded database is one process's at a time:
// stop the server first. Every change is written to the moderation log.
import { sql } from 'kysely'
import { ConfigError, loadConfig } from './config'
import { migrateToLatest, openDatabase, pgliteDirFor } from './db/index'
import { createEventBus } from './events/index'
import { INVALIDATE_CHANNEL } from './events/invalidation'
import { moderationService } from './features/moderation/index'
import { DataDirInUseError, lockDataDir } from './folder-lock'

const USAGE = `Usage:
  npm run admin -- grant <username> moderator|admin   give a user a role
  npm run admin -- revoke <username>                  make them a plain user again
  npm run admin -- list                               who is a moderator or an administrator`

function fail(message: string, code = 2): never {
  console.error(message)
  process.exit(code)
}

async function main(args: string[]) {
  const [command, username, role] = args
  if (!command || !['grant', 'revoke', 'list'].includes(command)) fail(USAGE)
  if (command !== 'list' && !username) fail(USAGE)
  if (command === 'grant' && role !== 'moderator' && role !== 'admin') fail(USAGE)

  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`)
    throw error
  }
  // The embedded database is a running server's: refuse rather than open it beside the server.
  let unlock: () => Promise<void>
  try {
    unlock = await lockDataDir(config, (line) => console.log(line), { chain: false })
  } catch (error) {
    if (error instanceof DataDirInUseError) fail(error.message, 3)
    throw error
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: pgliteDirFor(config.dataDir),
    poolSize: 1,
  })
  try {
    await migrateToLatest(database.db as never)
    const moderation = moderationService(database.db, createEventBus(), config.trust)
    if (command === 'list') {
      const staff = [
        ...(await moderation.users({ role: 'admin' })).items,
        ...(await moderation.users({ role: 'moderator' })).items,
      ]
      if (staff.length === 0) console.log('Nobody is a moderator or an administrator yet.')
      for (const user of staff) console.log(`${user.username}\t${user.role}`)
      return
    }
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirst()
    if (!user) fail(`No user is named ${username}.`, 1)
    const changed = await moderation.setRole(
      null,
      user.id,
      command === 'grant' ? (role as 'moderator') : 'user',
    )
    // Running servers on the same PostgreSQL forget what they remembered of sessions and roles now
    // (events/invalidation.ts; a sender no process is, so every one of them forgets).
    if (database.kind === 'postgres')
      await sql`select pg_notify(${INVALIDATE_CHANNEL}, 'admin')`.execute(database.db)
    const what = { user: 'a plain user', moderator: 'a moderator', admin: 'an administrator' }[changed.role]
    console.log(`${changed.username} is now ${what}.`)
  } finally {
    await database.close()
    await unlock()
  }
}

await main(process.argv.slice(2))
