// What `npm run backup` and `npm run restore` share: where the data is, checksums, blob copies and
// the embedded database. A backup directory holds manifest.json, the database (db.dump from
// pg_dump, or db.tar.gz from PGlite), blobs/<shard>/<cid> as the local blob store lays them out, and
// solana-local/ (the embedded chain's state and keys) when DATA_DIR has one.
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createReadStream, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { chmod, copyFile, mkdir, readdir, stat } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

export const run = promisify(execFile)
export const MANIFEST = 'manifest.json'
export const BLOB_DIR = 'blobs'
/** The blob folder's id, which several processes on one database compare. */
const STORE_ID_FILE = '.store-id'
export const DB_FILES = { postgres: 'db.dump', pglite: 'db.tar.gz' }
/** The tables whose row counts the manifest records and a restore checks. */
export const COUNTED_TABLES = [
  'users',
  'posts',
  'post_files',
  'post_likes',
  'comments',
  'comment_likes',
  'blobs',
]

/** The server's own settings, read the way it reads them (README: DATA_DIR, DATABASE_URL, BLOB_BACKEND). */
export function targetFromEnv(env = process.env) {
  if ((env.BLOB_BACKEND || 'local').trim().toLowerCase() !== 'local') {
    fail(
      'BLOB_BACKEND=s3: back the bucket up with its own tools (versioning, replication); this covers local blobs',
    )
  }
  const dataDir = resolve(env.DATA_DIR || './data')
  return {
    dataDir,
    blobRoot: join(dataDir, 'blobs'),
    pgliteDir: join(dataDir, 'db'),
    databaseUrl: env.DATABASE_URL?.trim() || null,
  }
}

/** The value after `--name` on the command line, or a clear stop. */
export function argument(name, usage) {
  const at = process.argv.indexOf(`--${name}`)
  const value = at >= 0 ? process.argv[at + 1] : undefined
  if (!value) fail(`missing --${name}. Usage: ${usage}`)
  return resolve(value)
}

export function fail(message) {
  console.error(`error: ${message}`)
  process.exit(1)
}

export function sha256(path) {
  return new Promise((resolvePromise, reject) => {
    const hash = createHash('sha256')
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolvePromise(hash.digest('hex')))
  })
}

/** Every blob file under a blob root as [shard, cid] (the staging directory is not data). */
export async function listBlobs(root) {
  const found = []
  for (const shard of await readdir(root).catch(() => [])) {
    if (shard.startsWith('.')) continue
    for (const cid of await readdir(join(root, shard))) found.push([shard, cid])
  }
  return found
}

/** Copies the blob files of `from` that `to` does not have yet; answers the CIDs copied. */
export async function copyBlobs(from, to, have = new Set()) {
  const copied = []
  for (const [shard, cid] of await listBlobs(from)) {
    if (have.has(cid)) continue
    await mkdir(join(to, shard), { recursive: true })
    await copyFile(join(from, shard, cid), join(to, shard, cid))
    have.add(cid)
    copied.push(cid)
  }
  // The folder's id (apps/server/src/blobs/shared-store.ts) goes with its files: a restored folder
  // is the one the restored database knows, and the server accepts it.
  try {
    await stat(join(from, STORE_ID_FILE))
    await mkdir(to, { recursive: true })
    await copyFile(join(from, STORE_ID_FILE), join(to, STORE_ID_FILE))
  } catch (error) {
    if (error.code !== 'ENOENT') throw error
  }
  return copied
}

/**
 * The embedded database is one process's: take the lock the server takes on it
 * (apps/server/src/folder-lock.ts, proper-lockfile on `<dir>.lock`), or stop with who holds it.
 * Held until this script exits.
 */
async function lockPglite(dataDir) {
  const { default: lockfile } = await import('proper-lockfile')
  const staleMs = Math.max(Number(process.env.DATA_DIR_LOCK_STALE_MS) || 10_000, 2_000)
  const ownerFile = `${dataDir}.lock-owner.json`
  try {
    await lockfile.lock(dataDir, {
      realpath: false,
      lockfilePath: `${dataDir}.lock`,
      stale: staleMs,
      update: Math.floor(staleMs / 2),
    })
  } catch (error) {
    if (error.code !== 'ELOCKED') throw error
    let who = 'Another Agora process'
    try {
      const owner = JSON.parse(readFileSync(ownerFile, 'utf8'))
      who = `Another Agora process (pid ${owner.pid} on ${owner.host}, since ${owner.since})`
    } catch {}
    console.error(`${who} is using the embedded database in ${dataDir}: stop the server first.`)
    process.exit(3)
  }
  writeFileSync(
    ownerFile,
    `${JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() })}\n`,
  )
  process.once('exit', () => rmSync(ownerFile, { force: true }))
}

/** The embedded database with the extensions the server loads (db/index.ts), locked for this process. */
export async function openPglite(options) {
  await lockPglite(options.dataDir)
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent')
  return PGlite.create({ ...options, extensions: { pg_trgm, unaccent } })
}

/** Row counts of COUNTED_TABLES in `db` (a pg client or a PGlite: `query(sql) → { rows }`). */
export async function countRows(db) {
  const counts = {}
  for (const table of COUNTED_TABLES)
    counts[table] = Number((await db.query(`select count(*) as n from ${table}`)).rows[0].n)
  return counts
}

/** Row counts as the scripts print them: `3 users, 12 posts, …`. */
export function countsText(counts) {
  return Object.entries(counts)
    .map(([table, n]) => `${n} ${table}`)
    .join(', ')
}

/**
 * `use(client)` on a connection to the PostgreSQL database at `url`, closed after; a failure stops
 * the script with `{what} failed: …` (the tool's own stderr when there is one).
 */
export async function withPostgres(url, what, use) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await use(client)
  } catch (error) {
    fail(`${what} failed: ${error.stderr || error.message}`)
  } finally {
    await client.end()
  }
}

/** A file's size and checksum, as the manifest records them. */
export async function fileSummary(path) {
  return { size: (await stat(path)).size, sha256: await sha256(path) }
}

/**
 * The embedded test chain's folder (DATA_DIR/solana-local: chain.bin, the chain's state, and
 * keys.json, its mint and generated faucet key). Without it a restored server would make a new
 * chain, mint and faucet, and every balance and grant the database records would be gone.
 */
export const CHAIN_DIR = 'solana-local'
const CHAIN_FILES = ['chain.bin', 'keys.json']

/** Copies the chain's files from `fromDir` to `toDir`; answers each with its size and checksum (none: no chain). */
export async function copyChain(fromDir, toDir) {
  const present = CHAIN_FILES.filter((name) => existsSync(join(fromDir, name)))
  if (present.length === 0) return []
  if (present.length < CHAIN_FILES.length)
    fail(`${fromDir} holds ${present.join(' but not ')}: the embedded chain is incomplete`)
  await mkdir(toDir, { recursive: true, mode: 0o700 })
  const files = []
  for (const name of CHAIN_FILES) {
    // keys.json holds the faucet's secret key: readable by its owner only, as the server writes it.
    await copyFile(join(fromDir, name), join(toDir, name))
    if (name === 'keys.json') await chmod(join(toDir, name), 0o600)
    files.push({ name, ...(await fileSummary(join(toDir, name))) })
  }
  return files
}
