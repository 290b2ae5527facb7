import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BlobStoreNotSharedError, checkSharedBlobStore, STORE_ID_FILE } from '../../src/blobs/shared-store'
import type { DatabaseHandle } from '../../src/db/index'
import { noteSkippedOnPglite, openTestDatabase, TEST_DB, TEST_POSTGRES_URL } from '../harness'

/**
 * Processes on one PostgreSQL database with local blob folders that are not the same
 * folder would each miss the others' files; the second such process refuses to start.
 */
noteSkippedOnPglite(
  'Shared blob folder: two of three tests skipped on PGlite — several processes on one database need PostgreSQL (TEST_DB=postgres runs them)',
)

describe('a local blob folder shared by every process of a database', () => {
  let database: DatabaseHandle
  const folders: string[] = []
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'agora-shared-store-'))
    folders.push(dir)
    return dir
  }
  const local = (dir: string) => ({
    dataDir: dir,
    blobs: { backend: 'local' as const },
    databaseUrl: TEST_POSTGRES_URL,
  })

  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(async () => {
    await database?.close()
    for (const dir of folders) rmSync(dir, { recursive: true, force: true })
  })

  it.runIf(TEST_DB === 'postgres')(
    'takes the first folder, refuses another, and accepts it once it holds the same id',
    async () => {
      const first = dataDir()
      await checkSharedBlobStore(local(first), database.db)
      // Started again, or a second process on the same folder: the same id.
      await checkSharedBlobStore(local(first), database.db)
      const id = readFileSync(join(first, 'blobs', STORE_ID_FILE), 'utf8')

      const other = dataDir()
      const refused = await checkSharedBlobStore(local(other), database.db).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(BlobStoreNotSharedError)
      expect((refused as Error).message).toMatch(/BLOB_BACKEND=s3/)
      expect((refused as Error).message).toContain(id)

      // The operator's fix for a folder moved or restored here: the id the database knows.
      writeFileSync(join(other, 'blobs', STORE_ID_FILE), id)
      await checkSharedBlobStore(local(other), database.db)
    },
  )

  it.runIf(TEST_DB === 'postgres')(
    'lets processes starting at once on one folder agree on its id',
    async () => {
      await database.db.deleteFrom('instance_settings').execute()
      const shared = dataDir()
      await Promise.all(Array.from({ length: 4 }, () => checkSharedBlobStore(local(shared), database.db)))
      const rows = await database.db.selectFrom('instance_settings').selectAll().execute()
      expect(rows.map((row) => row.value)).toEqual([
        readFileSync(join(shared, 'blobs', STORE_ID_FILE), 'utf8'),
      ])
    },
  )

  it('checks nothing with the embedded database (one process) or S3 (one bucket)', async () => {
    const dir = dataDir()
    await checkSharedBlobStore({ dataDir: dir, blobs: { backend: 'local' }, databaseUrl: null }, database.db)
    await checkSharedBlobStore(
      { dataDir: dir, blobs: { backend: 's3' } as never, databaseUrl: TEST_POSTGRES_URL },
      database.db,
    )
    expect(existsSync(join(dir, 'blobs', STORE_ID_FILE))).toBe(false)
  })
})
