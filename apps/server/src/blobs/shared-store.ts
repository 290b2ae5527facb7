import { randomUUID } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from '../config'
import type { Db } from '../db/index'

/** The id of the local blob folder, in the folder itself. */
export const STORE_ID_FILE = '.store-id'
const SETTING = 'blob_store_id'

/** This process's local blob folder is not the one the other processes on its database use. */
export class BlobStoreNotSharedError extends Error {}

/**
 * Refuses a local blob folder that is not shared: with PostgreSQL, several processes (on
 * several hosts) may serve one forum, and each must see every file. The folder gets an id the first
 * time (a file `.store-id` in it, made atomically so processes sharing the folder agree), and the
 * database remembers the first id it was told; a process whose folder holds another id — its own
 * empty folder on another host, say — stops at start, naming the fix. Nothing to check with S3 (one
 * bucket) or PGlite (one process: DATA_DIR is locked).
 */
export async function checkSharedBlobStore(
  config: Pick<Config, 'dataDir' | 'blobs' | 'databaseUrl'>,
  db: Db,
) {
  if (config.blobs.backend !== 'local' || !config.databaseUrl) return
  const root = join(config.dataDir, 'blobs')
  const mine = folderId(root)
  await db
    .insertInto('instance_settings')
    .values({ key: SETTING, value: mine })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute()
  const { value } = await db
    .selectFrom('instance_settings')
    .select('value')
    .where('key', '=', SETTING)
    .executeTakeFirstOrThrow()
  if (value === mine) return
  throw new BlobStoreNotSharedError(
    `${root} is not the blob folder the other processes of this database use (its id ${mine}, theirs ${value}): ` +
      'files uploaded through one process would be missing from the others. Give every process the same ' +
      'folder (one DATA_DIR, or a shared mount of DATA_DIR/blobs) or use S3 (BLOB_BACKEND=s3). If this ' +
      `folder is the one they should all use (moved or restored here), write ${value} into ${join(root, STORE_ID_FILE)}.`,
  )
}

/** The folder's id, made now if it has none (a file written aside, then linked into place: all or nothing). */
function folderId(root: string): string {
  mkdirSync(root, { recursive: true })
  const file = join(root, STORE_ID_FILE)
  const draft = join(root, `${STORE_ID_FILE}.${process.pid}.${randomUUID()}`)
  writeFileSync(draft, randomUUID())
  try {
    linkSync(draft, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    rmSync(draft, { force: true })
  }
  return readFileSync(file, 'utf8').trim()
}
