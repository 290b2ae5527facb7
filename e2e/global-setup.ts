import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export default function globalSetup() {
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
}
