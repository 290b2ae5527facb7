// `npm run test:fast`: the pure rules (policy, layering, rewards, comments, texts, config, the
// contract) without a database, a server or a browser: the inner loop. `npm test` runs everything.
// A server test file is pure when it opens no database or app: none of MARKERS is in its source.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { root } from './build.mjs'

const MARKERS =
  /harness|useTestApp|createTestApp|openTestDatabase|factories|pglite|openDatabase|\.inject\(|spawn|fork\(|listen\(/i
const server = join(root, 'apps/server')

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path)
    return entry.name.endsWith('.test.ts') ? [path] : []
  })
}

const pure = [...testFiles(join(server, 'src')), ...testFiles(join(server, 'test'))]
  .filter((path) => !MARKERS.test(readFileSync(path, 'utf8')))
  .map((path) => relative(server, path))
const bin = join(root, 'node_modules/.bin/vitest')
const runs = [
  ['run', '--project', 'contract'],
  ['run', '--project', 'server', ...pure],
]
let failed = false
for (const args of runs) {
  const result = spawnSync(bin, args, { cwd: root, stdio: 'inherit' })
  failed ||= result.status !== 0
}
process.exit(failed ? 1 : 0)
