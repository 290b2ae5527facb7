// `npm run restore -- --from <dir>`: a backup made by `npm run backup` into a fresh DATA_DIR (and,
// for a PostgreSQL backup, the empty database DATABASE_URL names). Everything is checked against
// the manifest before anything is written; the server then starts on the restored data as usual.
import { existsSync, readdirSync } from 'node:fs'
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  argument,
  BLOB_DIR,
  CHAIN_DIR,
  copyBlobs,
  copyChain,
  countRows,
  countsText,
  fail,
  fileSummary,
  listBlobs,
  MANIFEST,
  openPglite,
  run,
  sha256,
  targetFromEnv,
  withPostgres,
} from './backup-lib.mjs'

const from = argument('from', 'npm run restore -- --from <backup directory>')
const target = targetFromEnv()
const manifestPath = join(from, MANIFEST)
if (!existsSync(manifestPath)) fail(`${from} has no ${MANIFEST}: not a backup made by npm run backup`)
const manifest = JSON.parse(await readFile(manifestPath, 'utf8'))
const dbFile = join(from, manifest.database_file)

await verifyBackup()
if ((await listBlobs(target.blobRoot)).length > 0)
  fail(`${target.blobRoot} already holds files: restore into a fresh DATA_DIR`)
const chainDir = join(target.dataDir, CHAIN_DIR)
if ((manifest.chain ?? []).length > 0 && existsSync(chainDir) && readdirSync(chainDir).length > 0)
  fail(`${chainDir} already holds a chain: restore into a fresh DATA_DIR`)
const counts = manifest.database === 'postgres' ? await restorePostgres() : await restorePglite()
for (const [table, expected] of Object.entries(manifest.counts)) {
  if (counts[table] !== expected) fail(`restored ${table} has ${counts[table]} rows, the backup ${expected}`)
}
const copied = await copyBlobs(join(from, BLOB_DIR), target.blobRoot)
const chain = (manifest.chain ?? []).length > 0 ? await copyChain(join(from, CHAIN_DIR), chainDir) : []
console.log(
  `restored the ${manifest.database} database (${countsText(counts)}), ${copied.length} files${chain.length > 0 ? ' and the embedded chain (state, mint, faucet key)' : ''} into ${target.dataDir}`,
)

/** Every file is there with the size and checksum the manifest gives. */
async function verifyBackup() {
  if (manifest.format !== 1) fail(`unknown backup format ${manifest.format}`)
  if ((await sha256(dbFile)) !== manifest.database_sha256)
    fail(`${manifest.database_file} does not match its checksum`)
  for (const blob of manifest.blobs) {
    const path = join(from, BLOB_DIR, blob.cid.slice(-3, -1), blob.cid)
    await verifyFile(path, blob, `file ${blob.cid}`)
  }
  for (const file of manifest.chain ?? []) {
    await verifyFile(join(from, CHAIN_DIR, file.name), file, `the chain's ${file.name}`)
  }
}

/** The file at `path` is there, with the size and checksum `expected` gives. */
async function verifyFile(path, expected, what) {
  if (!existsSync(path)) fail(`${what} is missing from the backup`)
  const actual = await fileSummary(path)
  if (actual.size !== expected.size || actual.sha256 !== expected.sha256)
    fail(`${what} does not match its checksum`)
}

async function restorePostgres() {
  if (!target.databaseUrl)
    fail('this backup is of PostgreSQL: set DATABASE_URL to a new, empty database (createdb)')
  return withPostgres(target.databaseUrl, 'pg_restore', async (client) => {
    const { rows } = await client.query(`select count(*) as n from pg_tables where schemaname = 'public'`)
    if (Number(rows[0].n) > 0) fail('the database DATABASE_URL names is not empty: restore into a new one')
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--dbname',
      target.databaseUrl,
      dbFile,
    ])
    return await countRows(client)
  })
}

async function restorePglite() {
  if (target.databaseUrl) fail('this backup is of the embedded database: unset DATABASE_URL')
  if (existsSync(target.pgliteDir) && readdirSync(target.pgliteDir).length > 0) {
    fail(`${target.pgliteDir} already holds a database: restore into a fresh DATA_DIR`)
  }
  await mkdir(target.pgliteDir, { recursive: true })
  const db = await openPglite({ dataDir: target.pgliteDir, loadDataDir: new Blob([await readFile(dbFile)]) })
  try {
    return await countRows(db)
  } finally {
    await db.close()
  }
}
