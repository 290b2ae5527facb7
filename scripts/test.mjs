// `npm test`: every suite, in order, with one closing line of totals and each stage's time.
// One after another: on two cores the PGlite and PostgreSQL suites side by side took as long as
// in turn (1,096 s against 573 s + ~520 s, 2026-12-02), both being CPU-bound, with output mixed.
//   1. typecheck and lint           3. the server suite again on PostgreSQL (when reachable)
//   2. unit + API tests on PGlite   4. browser end-to-end tests in Chromium
// Exits non-zero when anything fails. `--no-e2e` skips step 4 (for quick local runs).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { root } from './build.mjs'

const args = new Set(process.argv.slice(2))
const reports = mkdtempSync(join(tmpdir(), 'agora-test-'))
const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 }
const failures = []
/** Each stage's label and wall time, printed at the end: where CI's minutes go. */
const times = []
const bin = (name) => join(root, 'node_modules/.bin', name)

function run(label, command, commandArgs, env = {}) {
  console.log(`\n=== ${label} ===`)
  const started = performance.now()
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  })
  times.push([label, (performance.now() - started) / 1000])
  if (result.status !== 0) failures.push(label)
  return result.status === 0
}

function countVitest(file) {
  if (!existsSync(file)) return
  const report = JSON.parse(readFileSync(file, 'utf8'))
  totals.passed += report.numPassedTests
  totals.failed += report.numFailedTests
  totals.skipped += report.numPendingTests + report.numTodoTests
}

function countPlaywright(file) {
  if (!existsSync(file)) return
  const { stats } = JSON.parse(readFileSync(file, 'utf8'))
  totals.passed += stats.expected + stats.flaky
  totals.flaky += stats.flaky
  totals.failed += stats.unexpected
  totals.skipped += stats.skipped
}

async function postgresReachable() {
  const { default: pg } = await import('pg')
  const url = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test'
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.end()
    return { ok: true, url }
  } catch (error) {
    return { ok: false, url, reason: error.message }
  }
}

run('typecheck', 'npm', ['run', '--silent', 'typecheck'])
run('lint', bin('biome'), ['check', '--diagnostic-level=error', '.'])

const pgliteReport = join(reports, 'vitest-pglite.json')
run('unit and API tests (PGlite)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${pgliteReport}`,
])
countVitest(pgliteReport)

const postgres = await postgresReachable()
if (postgres.ok) {
  const pgReport = join(reports, 'vitest-postgres.json')
  run(
    'API tests (PostgreSQL)',
    bin('vitest'),
    ['run', '--project', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${pgReport}`],
    {
      TEST_DB: 'postgres',
      TEST_POSTGRES_URL: postgres.url,
    },
  )
  countVitest(pgReport)
} else {
  console.log(
    `\n=== API tests (PostgreSQL) ===\nSKIPPED: PostgreSQL is not reachable at ${postgres.url} (${postgres.reason}).`,
  )
  console.log('Set TEST_POSTGRES_URL to run the server suite against PostgreSQL as well.')
}

if (args.has('--no-e2e')) {
  console.log('\n=== browser tests ===\nSKIPPED: --no-e2e was given.')
} else {
  const e2eReport = join(reports, 'playwright.json')
  run('browser tests (Chromium)', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  })
  countPlaywright(e2eReport)
}

console.log('')
for (const [label, seconds] of times) console.log(`${label}: ${Math.round(seconds)} s`)
if (failures.length) console.log(`Failed stages: ${failures.join(', ')}`)
if (totals.flaky)
  console.log(`Flaky: ${totals.flaky} browser test(s) passed only on their retry — see the list above.`)
console.log(`Total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(failures.length ? 1 : 0)
