// What `npm start` tells the person who ran it: each step in words, then
// where Agora runs and how to log in; readable log lines and no line per request on a terminal.
// And a second start does not rebuild: a build's own output never counts as its input.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { waitFor } from '@agora/test-kit'
import { afterAll, describe, expect, it } from 'vitest'
import { hashOf, root } from '../../../scripts/build.mjs'

const children: ChildProcess[] = []
const dirs: string[] = []
afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('npm start', () => {
  it('says what it is doing, then where Agora runs and how to log in; no raw JSON, no line per request', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'agora-start-'))
    dirs.push(dataDir)
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: '0',
        WEB_DIST: '',
        AGORA_DEMO: '1',
        // What a terminal gets by default (the test's pipe is not one).
        LOG_FORMAT: 'pretty',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    const running = await waitFor(
      () => /Agora is running at (http:\/\/127\.0\.0\.1:\d+)(.*)/.exec(output),
      'the "Agora is running" line',
      90_000,
      100,
    )
    const lines = output.split('\n')
    const steps = [
      'Starting Agora…',
      'Opening the embedded database in',
      'Bringing the database schema up to date…',
    ]
    for (const step of steps)
      expect(
        lines.some((line) => line.startsWith(step)),
        step,
      ).toBe(true)
    expect(running[2]).toBe(
      ' — log in as ada_lab with the password agora-demo-2026 (or mira_chen, tomas_k, noor_audio; sam_moderator moderates)',
    )

    const health = await fetch(`${running[1]}/api/v1/health`)
    expect(health.status).toBe(200)
    // The server's own log lines are readable once they are flushed (a worker thread writes them).
    await waitFor(
      () => /INFO: Server listening at/.test(output),
      'the pretty "Server listening" line',
      30_000,
      100,
    )
    expect(output).not.toMatch(/^\{"level"/m)
    expect(output).not.toMatch(/incoming request|request completed/)
    expect(output).not.toMatch(/FSTDEP/)
  }, 120_000)
})

describe('the build stamp', () => {
  it('is the same after a build wrote its output inside the inputs (dist-ssr), so a second start does not rebuild', () => {
    const before = hashOf(['apps/web'])
    const out = join(root, 'apps/web/dist-ssr')
    mkdirSync(out, { recursive: true })
    const probe = join(out, `probe-${process.pid}.js`)
    writeFileSync(probe, 'export {}\n')
    try {
      expect(hashOf(['apps/web'])).toBe(before)
    } finally {
      rmSync(probe, { force: true })
    }
  })
})
