// One process owns a folder only one process can keep (the embedded PGlite database and chain): an
// atomic mkdir lock, refreshed while it lives and taken over once stale or its holder here is gone.
// The holder is written beside it (`<folder>.lock-owner.json`) so that a refusal names them.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import lockfile from 'proper-lockfile'

export interface FolderOwner {
  pid: number
  host: string
  since: string
}

/** The folder is held by another live process; `owner` is who, when it could be read. */
export class FolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly owner: FolderOwner | null,
  ) {
    super(`${folder} is locked by another process`)
  }
}

export interface FolderLock {
  /** A stale lock (its process died without releasing it) was taken over: who left it, when known. */
  tookOverFrom: FolderOwner | 'unknown' | null
  release(): Promise<void>
}

const ownerFile = (folder: string) => `${folder}.lock-owner.json`

function readOwner(folder: string): FolderOwner | null {
  try {
    return JSON.parse(readFileSync(ownerFile(folder), 'utf8')) as FolderOwner
  } catch {
    return null
  }
}

/**
 * Takes the folder for this process, or throws FolderLockedError. The folder need not exist yet
 * (its parent must). Held until release() or the process's exit.
 */
export async function lockFolder(folder: string, staleMs: number): Promise<FolderLock> {
  const options = { realpath: false, lockfilePath: `${folder}.lock` }
  // A lock folder that is there but no longer refreshed is a dead process's: say so once taken.
  const leftBehind =
    (await lockfile.check(folder, { ...options, stale: staleMs }).catch(() => true)) === false &&
    (await lockfile.check(folder, { ...options, stale: Number.MAX_SAFE_INTEGER }).catch(() => false))
  const previous = leftBehind ? readOwner(folder) : null
  const take = () => lockfile.lock(folder, { ...options, stale: staleMs, update: Math.floor(staleMs / 2) })
  let release: () => Promise<void>
  let tookOverFrom: FolderLock['tookOverFrom'] = leftBehind ? (previous ?? 'unknown') : null
  try {
    release = await take()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error
    const holder = readOwner(folder)
    // Still fresh, but its process is gone (kill -9 a moment ago, on this host): no need to wait.
    if (!holder || holder.host !== hostname() || isAlive(holder.pid))
      throw new FolderLockedError(folder, holder)
    rmSync(options.lockfilePath, { recursive: true, force: true })
    try {
      release = await take()
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'ELOCKED')
        throw new FolderLockedError(folder, readOwner(folder))
      throw again
    }
    tookOverFrom = holder
  }
  const owner: FolderOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() }
  writeFileSync(ownerFile(folder), `${JSON.stringify(owner)}\n`)
  return {
    tookOverFrom,
    async release() {
      rmSync(ownerFile(folder), { force: true })
      await release()
    },
  }
}

/** Whether a process of this host runs with that pid (not this one: a container's pid 1 again). */
function isAlive(pid: number): boolean {
  if (pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** "(pid 1234 on host-a, since …)" for a refusal. */
export function describeOwner(owner: FolderOwner | null): string {
  if (!owner) return 'Another Agora process'
  return `Another Agora process (pid ${owner.pid} on ${owner.host}, since ${owner.since})`
}

/** The embedded database and chain folders of DATA_DIR, as a Config names them. */
interface EmbeddedFolders {
  dataDir: string
  dataDirLockStaleMs: number
  databaseUrl: string | null
  token: { rpcUrl: string | null }
}

/** A second process on the same embedded folder, in words naming the fix. */
export class DataDirInUseError extends Error {}

/**
 * Takes DATA_DIR's embedded PGlite folder (unless DATABASE_URL is set) and embedded Solana chain
 * folder (unless SOLANA_RPC_URL is set) for this process, before either is opened. Throws
 * DataDirInUseError when another live process holds one; `say` hears of a stale lock taken over.
 * Answers the function that lets both go.
 */
export async function lockDataDir(
  config: EmbeddedFolders,
  say: (line: string) => void,
  options: { chain: boolean } = { chain: true },
): Promise<() => Promise<void>> {
  mkdirSync(config.dataDir, { recursive: true })
  const wanted: Array<{ folder: string; refusal: (who: string) => string }> = []
  if (!config.databaseUrl) {
    const folder = join(config.dataDir, 'db')
    wanted.push({
      folder,
      refusal: (who) =>
        `${who} is using DATA_DIR ${config.dataDir} (the embedded PGlite database in ${folder} opens in one process only). ` +
        'Stop it, give this one its own DATA_DIR, or set DATABASE_URL to a PostgreSQL server that several processes can share.',
    })
  }
  if (options.chain && !config.token.rpcUrl) {
    const folder = join(config.dataDir, 'solana-local')
    wanted.push({
      folder,
      refusal: (who) =>
        `${who} is using the embedded Solana chain in ${folder} (one process keeps it). ` +
        'Stop it, give this one its own DATA_DIR, or set SOLANA_RPC_URL (with FAUCET_KEYPAIR and TOKEN_MINT) to a Solana cluster that several processes can share.',
    })
  }
  const held: FolderLock[] = []
  const releaseAll = async () => {
    for (const lock of held.splice(0).reverse()) await lock.release().catch(() => {})
  }
  for (const { folder, refusal } of wanted) {
    try {
      const lock = await lockFolder(folder, config.dataDirLockStaleMs)
      held.push(lock)
      if (lock.tookOverFrom) {
        const who =
          lock.tookOverFrom === 'unknown'
            ? 'a process'
            : `pid ${lock.tookOverFrom.pid} on ${lock.tookOverFrom.host}`
        say(`Took over the lock on ${folder}: ${who} stopped without releasing it.`)
      }
    } catch (error) {
      await releaseAll()
      if (error instanceof FolderLockedError) throw new DataDirInUseError(refusal(describeOwner(error.owner)))
      throw error
    }
  }
  return releaseAll
}
