// A client that goes away mid-upload or mid-download is ordinary traffic, not a fault of ours:
// one info line, never an error line.
import { readdirSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { waitFor } from '@agora/test-kit'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { stageStream } from '../../src/blobs/index'
import { makeUser } from '../factories'
import { beginUpload } from '../files'
import { createTestApp, TEST_DB, type TestApp } from '../harness'

interface LogLine {
  level: number
  msg?: string
}

const INFO = 30
const ERROR = 50
let lines: LogLine[] = []
let t: TestApp
let port: number

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text))
      done()
    },
  })
  // As in production: JSON lines, with a line per request (LOG_REQUESTS' default for JSON).
  t = await createTestApp({ LOG_FORMAT: 'json' }, { logger: { level: 'info', stream } })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
})
afterAll(() => t.close())
beforeEach(() => {
  lines = []
})

const errors = () => lines.filter((line) => line.level >= ERROR)
const infoLines = (msg: string) => lines.filter((line) => line.level === INFO && line.msg === msg)
/** Waits for the log's word on the abort: the info line `msg`, or an error line. */
const abortLogged = (msg: string) =>
  waitFor(() => infoLines(msg).length > 0 || errors().length > 0, 'a log line about the abort', 10_000)
/** The abort was logged once, at info, and nothing at error. */
function expectLoggedOnceAtInfo(msg: string) {
  expect(errors()).toEqual([])
  expect(infoLines(msg)).toHaveLength(1)
}

function staging() {
  try {
    return readdirSync(join(t.config.dataDir, 'blobs', '.staging'))
  } catch {
    return []
  }
}

describe(`a client that goes away (${TEST_DB})`, () => {
  it('mid-upload is logged once at info, not at error', async () => {
    const ada = await makeUser(t)
    const request = beginUpload(port, ada.headers)
    request.write(Buffer.alloc(1024 * 1024, 'x'))
    await waitFor(() => staging().length > 0, 'the server staging the upload', 10_000)
    request.destroy()
    const gone = 'client went away before the request was complete'
    await abortLogged(gone)
    await waitFor(() => staging().length === 0, 'the staging area empty again', 10_000)
    expectLoggedOnceAtInfo(gone)
  })

  it('mid-download is logged once at info, not at error', async () => {
    // 32 MB, more than the loopback connection buffers, so the answer is still being sent.
    const chunk = Buffer.alloc(1024 * 1024, 'word ')
    const store = t.app.ctx.blobs
    const staged = await stageStream(
      (async function* () {
        for (let i = 0; i < 32; i++) yield chunk
      })(),
      store.stagingDir,
    )
    await store.put(staged, 'text/plain')
    await t.database.db
      .insertInto('blobs')
      .values({ cid: staged.cid, size: 32 * chunk.length, mime: 'text/plain', pinned: true })
      .execute()
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port, path: `/api/v1/files/${staged.cid}?download=1` },
        (response) => {
          response.once('data', () => {
            // The first bytes are here; the reader closes the tab.
            request.destroy()
            resolve()
          })
        },
      )
      request.on('error', () => {})
      request.setTimeout(10_000, () => reject(new Error('no answer')))
      request.end()
    })
    // Fastify's own line for a stream its client closed.
    const gone = 'stream closed prematurely'
    await abortLogged(gone)
    expectLoggedOnceAtInfo(gone)
  })
})
