import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One migrated database a run that every test file's starts from (PGlite or PostgreSQL).
          globalSetup: ['./test/database-template.ts'],
          // A worker imports the server's modules once, not once per file. Imported again for each of
          // about a hundred files, they took 230 s of the two workers' time in a 466 s PGlite run; once
          // per worker, 24 s in a 392 s run (2026-11-29). Files share no state through modules: each
          // builds its own app, database and data directory (test/harness.ts), and none mocks a module.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
    maxWorkers: 2,
  },
})
