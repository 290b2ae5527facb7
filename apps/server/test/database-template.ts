import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { openMigrated, TEST_DB, TEST_POSTGRES_URL } from './harness'
import { adminQuery, databaseUrl } from './postgres'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite database every test file's starts from (a tarball's path); '' on PostgreSQL. */
    pgliteTemplate: string
    /** The migrated PostgreSQL database every test file's is copied from (its name); '' on PGlite. */
    postgresTemplate: string
  }
}

/**
 * The server project's global set-up: one database initialised and migrated for the whole run,
 * which each test file's database starts from (harness.ts, openTestDatabase) instead of migrating
 * its own: on PGlite its data directory, on PostgreSQL a template database.
 */
export default async function setup(project: TestProject) {
  if (TEST_DB === 'postgres') return postgresTemplate(project)
  project.provide('postgresTemplate', '')
  const handle = await openMigrated({ url: null, pgliteDir: null })
  const snapshot = await handle.snapshot!()
  await handle.close()
  const dir = mkdtempSync(join(tmpdir(), 'agora-pglite-template-'))
  const file = join(dir, 'migrated.tar')
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()))
  project.provide('pgliteTemplate', file)
  return () => rmSync(dir, { recursive: true, force: true })
}

async function postgresTemplate(project: TestProject) {
  project.provide('pgliteTemplate', '')
  const name = `agora_template_${randomBytes(6).toString('hex')}`
  await adminQuery(TEST_POSTGRES_URL, `create database ${name}`)
  const handle = await openMigrated({ url: databaseUrl(TEST_POSTGRES_URL, name), pgliteDir: null })
  // Copying a database needs it without connections: the pool goes before any file's copy.
  await handle.close()
  project.provide('postgresTemplate', name)
  return () => adminQuery(TEST_POSTGRES_URL, `drop database if exists ${name} with (force)`)
}
