// SIGTERM during an analysis job must not leave it `running` under its lease. Stopping the worker
// (what the app's preClose hook does on SIGTERM) hands an unfinished job back to the queue, so
// another process takes it at once instead of after the 5-minute lease.
import { waitFor } from '@agora/test-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeUser, sendUpload } from '../../../test/factories'
import { pdfFile } from '../../../test/files'
import { createTestApp, TEST_DB, type TestApp } from '../../../test/harness'
import type { Logger } from '../../db/worker-loops'
import { analysisStore } from './analysis.store'
import { startAnalysisWorker } from './analysis.worker'
import { closeSandboxThreads } from './sandbox'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await closeSandboxThreads()
  await t.close()
})

const jobs = () => t.database.db.selectFrom('analysis_jobs').selectAll().execute()

describe(`stopping the analysis worker (${TEST_DB})`, () => {
  it('hands a job in progress back to the queue, unleased, for another process to take at once', async () => {
    const ada = await makeUser(t)
    const upload = await sendUpload(t, ada, { title: 'A paper that takes for ever' }, [
      { name: 'paper.pdf', data: pdfFile() },
    ])
    expect(upload.statusCode).toBe(201)
    // An engine that hangs until the test lets it go.
    let started = false
    let letGo: (error: Error) => void = () => {}
    const warnings: string[] = []
    const log = {
      info() {},
      error() {},
      warn: (_data: unknown, message: string) => void warnings.push(message),
    }
    const stop = startAnalysisWorker(t.app.ctx, {
      log: log as unknown as Logger,
      pollMs: 50,
      stopTimeoutMs: 200,
      analyse: () => {
        started = true
        return new Promise((_resolve, reject) => {
          letGo = reject
        })
      },
    })
    await waitFor(() => started, 'the worker to start the analysis', 10_000)
    const [running] = await jobs()
    expect(running).toMatchObject({ status: 'running', attempts: 1 })
    expect(running.lease_until).not.toBeNull()

    await stop()
    const [released] = await jobs()
    expect(released).toMatchObject({ id: running.id, status: 'queued', lease_until: null, attempts: 1 })
    expect(released.run_after.getTime()).toBeLessThanOrEqual(Date.now())
    // Another process's worker takes it now, not in five minutes.
    const taken = await analysisStore(t.database.db).claim(300)
    expect(taken).toMatchObject({ id: running.id, attempts: 2 })

    // The stopped worker's engine gives up late: its claim is no longer current, nothing changes.
    letGo(new Error('shutting down'))
    await waitFor(() => warnings.includes('analysis failed; will retry'), 'the late failure seen', 5_000)
    expect((await jobs())[0]).toMatchObject({ status: 'running', attempts: 2, last_error: null })
  })
})
