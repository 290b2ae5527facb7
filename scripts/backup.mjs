// `npm run backup -- --out <dir>`: the database and the stored files of DATA_DIR / DATABASE_URL into
// a new directory, with the embedded chain (DATA_DIR/solana-local) when there is one, and a manifest of row counts and checksums (docs/reliability.md, "Backup and
// restore"). PostgreSQL is dumped live; the embedded database must not be in use (stop the server).
import { existsSync, readdirSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  argument,
  BLOB_DIR,
  CHAIN_DIR,
  copyBlobs,
  copyChain,
  countRows,
  countsText,
  DB_FILES,
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

const out = argument('out', 'npm run backup -- --out <new directory>')
const target = targetFromEnv()
if (existsSync(out) && readdirSync(out).length > 0) fail(`${out} is not empty: back up into a new directory`)
const outBlobs = join(out, BLOB_DIR)
await mkdir(outBlobs, { recursive: true })

// Files first, then the database, then files again: every file the dump refers to existed at one
// of the two copies (files are only deleted after their rows are gone).
const copied = new Set()
await copyBlobs(target.blobRoot, outBlobs, copied)
const kind = target.databaseUrl ? 'postgres' : 'pglite'
const dbFile = join(out, DB_FILES[kind])
const { counts, referenced } =
  kind === 'postgres'
    ? await dumpPostgres(target.databaseUrl, dbFile)
    : await dumpPglite(target.pgliteDir, dbFile)
await copyBlobs(target.blobRoot, outBlobs, copied)
// The embedded chain after the database: every grant the dump records confirmed is in this state.
const chain = await copyChain(join(target.dataDir, CHAIN_DIR), join(out, CHAIN_DIR))

const missing = referenced.filter((cid) => !copied.has(cid))
if (missing.length > 0)
  console.warn(
    `warning: ${missing.length} files the database lists were not in the blob store: ${missing.join(', ')}`,
  )
const blobs = []
for (const [shard, cid] of await listBlobs(outBlobs)) {
  blobs.push({ cid, ...(await fileSummary(join(outBlobs, shard, cid))) })
}
const manifest = {
  format: 1,
  created_at: new Date().toISOString(),
  database: kind,
  database_file: DB_FILES[kind],
  database_sha256: await sha256(dbFile),
  counts,
  missing_blobs: missing,
  blobs,
  // The embedded chain's files (its state and keys, the faucet's secret key among them); [] when none.
  chain,
}
await writeFile(join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
console.log(`backup of the ${kind} database (${countsText(counts)}) and ${blobs.length} files in ${out}`)
console.log(
  chain.length > 0
    ? `the embedded chain (${CHAIN_DIR}: its state, mint and faucet key) is included; the backup holds a secret key, keep it private`
    : `no embedded chain in ${target.dataDir} (SOLANA_RPC_URL set, or no token used yet): nothing of the chain to back up`,
)

/**
 * pg_dump under a snapshot exported by our own read-only transaction, so the row counts and the
 * list of files in the manifest describe exactly what was dumped, while the server keeps writing.
 */
async function dumpPostgres(url, file) {
  return withPostgres(url, 'pg_dump', async (client) => {
    await client.query('begin isolation level repeatable read read only')
    const { rows } = await client.query('select pg_export_snapshot() as snapshot')
    const counts = await countRows(client)
    const referenced = await referencedFiles(client)
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${rows[0].snapshot}`,
      '--file',
      file,
      '--dbname',
      url,
    ])
    await client.query('commit')
    return { counts, referenced }
  })
}

/** PGlite's own copy of its data directory (a tarball), taken with the database closed to others. */
async function dumpPglite(dataDir, file) {
  if (!existsSync(dataDir))
    fail(`no embedded database at ${dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`)
  const db = await openPglite({ dataDir })
  try {
    const counts = await countRows(db)
    const referenced = await referencedFiles(db)
    const tarball = await db.dumpDataDir('gzip')
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()))
    return { counts, referenced }
  } finally {
    await db.close()
  }
}

/** The CIDs of the files the database lists. */
async function referencedFiles(db) {
  return (await db.query('select cid from blobs')).rows.map((row) => row.cid)
}
