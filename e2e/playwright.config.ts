import { CHROMIUM_LAUNCH } from '@agora/test-kit'
import { defineConfig, devices } from '@playwright/test'

/**
 * Browser tests run the real built product (API + web app) in Debian's Chromium. Each worker starts
 * its own server on a free port with an empty data directory (see fixtures.ts).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './.tmp/results',
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // One retry on CI: a test that passes only on the retry is reported as flaky in the run's totals.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: [['list'], ['json']],
  use: {
    ...devices['Desktop Chrome'],
    browserName: 'chromium',
    launchOptions: CHROMIUM_LAUNCH,
    // Recording a trace costs every test time (a snapshot per action) though only failures keep it; on CI,
    // where a failure is tried again, only that retry records one. E2E_TRACE chooses (on, off, …).
    trace:
      (process.env.E2E_TRACE as 'on' | 'off' | undefined) ??
      (process.env.CI ? 'on-first-retry' : 'retain-on-failure'),
    screenshot: 'only-on-failure',
  },
})
