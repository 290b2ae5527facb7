import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startServer, TEMPLATE_ENV } from './server'

export default async function globalSetup() {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
  if (!existsSync(chromium)) {
    throw new Error(
      `Chromium not found at ${chromium}: install Debian's chromium package (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    )
  }
  // The same build `npm start` uses; skipped when nothing changed.
  execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/build.mjs', import.meta.url))], {
    stdio: 'inherit',
  })
  // One empty database, made and migrated by the server itself, that every server of the run starts
  // from (server.ts `freshDataDir`); the workers see it through the environment.
  const template = mkdtempSync(join(tmpdir(), 'agora-e2e-template-'))
  const server = await startServer({}, { dataDir: template })
  await server.stop()
  process.env[TEMPLATE_ENV] = template
  return () => rmSync(template, { recursive: true, force: true })
}
