// A process starting must not delete another process's upload in flight: the start-up sweep goes
// by owner, and removes a staging file only when its process is gone (pid not running, heartbeat
// stale).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { waitFor } from '@agora/test-kit'
import { describe, expect, it } from 'vitest'
import { makeUser } from '../../../test/factories'
import { BEGUN_UPLOAD_BOUNDARY, BEGUN_UPLOAD_BYTES, beginUpload } from '../../../test/files'
import { TEST_DB, useTestApp } from '../../../test/harness'
import { sweepBlobs } from './files.sweep'

const t = useTestApp({}, { blobs: true })
const quiet = { info() {}, warn() {} }

describe(`the start-up sweep (${TEST_DB})`, () => {
  it("leaves a live process's upload in flight alone, and the upload then completes", async () => {
    const ada = await makeUser(t)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as AddressInfo
    const store = t.app.ctx.blobs
    const staged = () => (existsSync(store.stagingDir) ? readdirSync(store.stagingDir) : [])
    const request = beginUpload(port, ada.headers)
    const answer = new Promise<number>((resolve, reject) => {
      request.on('response', (response) => {
        response.resume()
        resolve(response.statusCode ?? 0)
      })
      request.on('error', reject)
    })
    const closing = Buffer.from(`\r\n--${BEGUN_UPLOAD_BOUNDARY}--\r\n`)
    const fileBytes = BEGUN_UPLOAD_BYTES - closing.length
    request.write(Buffer.alloc(1024 * 1024, 'x'))
    await waitFor(() => staged().length > 0, 'the server staging the upload', 10_000)
    const inFlight = staged()

    // Another process starting now, after this file was last written (main's rule removed it).
    const swept = await sweepBlobs(t.database.db, store, quiet, Date.now() + 60_000)
    expect(swept.staging).toBe(0)
    expect(staged()).toEqual(inFlight)

    request.end(Buffer.concat([Buffer.alloc(fileBytes - 1024 * 1024, 'x'), closing]))
    expect(await answer).toBe(201)
    await waitFor(() => staged().length === 0, 'the staging file moved into the store', 10_000)
  })

  it("removes a gone process's staging only when its pid is not running and its heartbeat is stale", async () => {
    const store = t.app.ctx.blobs
    const owners = join(dirname(store.stagingDir), '.staging-owners')
    mkdirSync(store.stagingDir, { recursive: true })
    mkdirSync(owners, { recursive: true })
    // A pid that ran and has ended.
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid
    const dead = `${deadPid}-deadbeef`
    const alive = `${process.pid}-0badcafe`
    const write = (owner: string, ageMs: number) => {
      writeFileSync(join(store.stagingDir, `${owner}~file.part`), 'half an upload')
      writeFileSync(join(owners, owner), String(owner.split('-')[0]))
      const then = new Date(Date.now() - ageMs)
      utimesSync(join(owners, owner), then, then)
    }
    const sweep = () => sweepBlobs(t.database.db, store, quiet, Date.now() + 60_000)

    // Dead pid, fresh heartbeat (another machine on a shared store, or a pid just ended): kept.
    write(dead, 0)
    // Running pid, stale heartbeat: kept.
    write(alive, 10 * 60_000)
    expect((await sweep()).staging).toBe(0)
    expect(readdirSync(store.stagingDir).sort()).toEqual([`${alive}~file.part`, `${dead}~file.part`].sort())

    // Dead pid and stale heartbeat: gone, with its heartbeat.
    const then = new Date(Date.now() - 10 * 60_000)
    utimesSync(join(owners, dead), then, then)
    expect((await sweep()).staging).toBe(1)
    expect(readdirSync(store.stagingDir)).toEqual([`${alive}~file.part`])
    expect(readdirSync(owners)).not.toContain(dead)
  })
})
