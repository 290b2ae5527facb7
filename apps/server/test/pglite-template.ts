import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { openMigrated, TEST_DB } from './harness'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite database every test file's starts from (a tarball's path); '' on PostgreSQL. */
    pgliteTemplate: string
  }
}

/**
 * The server project's global set-up: on PGlite, one database initialised and migrated for the
 * whole run, whose data directory each test file's database starts from (harness.ts,
 * openTestDatabase) instead of initialising and migrating its own (about 3 s each).
 */
export default async function setup(project: TestProject) {
  if (TEST_DB !== 'pglite') {
    project.provide('pgliteTemplate', '')
    return
  }
  const handle = await openMigrated({ url: null, pgliteDir: null })
  const snapshot = await handle.snapshot!()
  await handle.close()
  const dir = mkdtempSync(join(tmpdir(), 'agora-pglite-template-'))
  const file = join(dir, 'migrated.tar')
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()))
  project.provide('pgliteTemplate', file)
  return () => rmSync(dir, { recursive: true, force: true })
}
