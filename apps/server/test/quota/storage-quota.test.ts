// One account must not store tens of megabytes in seconds. With a storage quota and an upload rate
// per user, one account storing files fast is refused past its quota (413 naming the quota and what
// is used) and past its rate (429 with Retry-After); a refused upload leaves nothing half-written
// (no staging file, no blob, no row); another user is unaffected. Runs on PGlite and PostgreSQL.
import { randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { waitFor } from '@agora/test-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeUser, sendTo, type TestUser } from '../factories'
import { multipart, type UploadFile } from '../files'
import { createTestApp, TEST_DB, type TestApp } from '../harness'

const KB = 1024
const MB = 1024 * KB

/** A plain-text file of `bytes` random letters (different every call: a new CID). */
function textFile(bytes: number, name = 'notes.txt'): UploadFile {
  const letters = randomBytes(bytes).map((byte) => 97 + (byte % 26))
  return { name, data: Buffer.from(letters) }
}

function upload(
  t: TestApp,
  user: TestUser,
  files: UploadFile[],
  key: 'POST /media/upload' | 'POST /media/upload/ipfs' = 'POST /media/upload',
) {
  const form = multipart(key.endsWith('/ipfs') ? {} : { title: 'Field notes' }, files)
  return sendTo(t, user, key, { form })
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && !entry.parentPath.includes('.staging-owners'))
      .map((entry) => join(entry.parentPath, entry.name))
  } catch {
    return []
  }
}

/** Staging files, stored blob files, blob rows and post rows: what a refused upload must not add to. */
async function footprint(t: TestApp) {
  const db = t.database.db
  const onDisk = filesUnder(join(t.config.dataDir, 'blobs'))
  return {
    staging: onDisk.filter((path) => path.includes('.staging')).length,
    blobFiles: onDisk.filter((path) => !path.includes('.staging')).length,
    blobRows: (await db.selectFrom('blobs').select('cid').execute()).length,
    posts: (await db.selectFrom('posts').select('id').execute()).length,
    charges: (await db.selectFrom('blob_uploads').select('cid').execute()).length,
  }
}

async function usage(t: TestApp, user: TestUser) {
  const response = await sendTo(t, user, 'GET /media/upload/quota')
  expect(response.statusCode).toBe(200)
  return response.json() as { used_bytes: number; quota_bytes: number | null; uploads_per_hour: number }
}

describe(`storage quota per user (${TEST_DB})`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ STORAGE_QUOTA_MB: '1', UPLOAD_RATE_LIMIT: '1000', ANALYSIS_WORKERS: '0' })
  })
  afterAll(() => t.close())

  it('refuses one account storing files fast past its quota, leaves nothing half-written, and spares others', async () => {
    const ada = await makeUser(t)
    const ben = await makeUser(t)
    expect(await usage(t, ada)).toMatchObject({ used_bytes: 0, quota_bytes: MB, uploads_per_hour: 1000 })

    // 300 KB at a time, as fast as the server answers: three fit in 1 MB, the fourth does not.
    const first = textFile(300 * KB, 'part0.txt')
    expect((await upload(t, ada, [first])).statusCode).toBe(201)
    expect((await upload(t, ada, [textFile(300 * KB, 'part1.txt')])).statusCode).toBe(201)
    // The same bytes again are no new storage: a post reusing a stored file costs nothing.
    expect((await upload(t, ada, [first])).statusCode).toBe(201)
    expect((await usage(t, ada)).used_bytes).toBe(600 * KB)
    expect((await upload(t, ada, [textFile(300 * KB, 'part2.txt')])).statusCode).toBe(201)
    expect((await usage(t, ada)).used_bytes).toBe(900 * KB)

    const before = await footprint(t)
    const refused = await upload(t, ada, [textFile(300 * KB, 'part3.txt')])
    expect(refused.statusCode).toBe(413)
    expect(refused.json().detail).toBe(
      'Your storage quota is 1 MB and you have 0.9 MB stored, and this upload adds at least 0.3 MB. ' +
        'Nothing was saved: delete posts you no longer need, or ask the administrators for more room.',
    )
    // The single-file upload is held to the same quota.
    const single = await upload(t, ada, [textFile(200 * KB)], 'POST /media/upload/ipfs')
    expect(single.statusCode).toBe(413)
    expect(await footprint(t)).toEqual(before)

    // Another user is unaffected by Ada's quota.
    expect((await upload(t, ben, [textFile(300 * KB)])).statusCode).toBe(201)
    expect((await usage(t, ben)).used_bytes).toBe(300 * KB)
  })

  it('holds when one account uploads at once: of two uploads that each fit alone, one is stored', async () => {
    const cleo = await makeUser(t)
    const before = await footprint(t)
    // Each passes the checks before and while streaming (1 MB left); storing them is one at a time.
    const answers = await Promise.all([
      upload(t, cleo, [textFile(600 * KB)]),
      upload(t, cleo, [textFile(600 * KB)]),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 413])
    const refused = answers.find((answer) => answer.statusCode === 413)!
    expect(refused.json().detail).toMatch(
      /^Your storage quota is 1 MB and you have 0\.6 MB stored, and this upload adds 0\.6 MB\./,
    )
    expect((await usage(t, cleo)).used_bytes).toBe(600 * KB)
    const after = await footprint(t)
    expect(after).toEqual({
      ...before,
      blobFiles: before.blobFiles + 1,
      blobRows: before.blobRows + 1,
      posts: before.posts + 1,
      charges: before.charges + 1,
    })
  })

  it('frees the quota when the bytes are deleted with the post', async () => {
    const dana = await makeUser(t)
    const created = await upload(t, dana, [textFile(800 * KB)])
    expect(created.statusCode).toBe(201)
    expect((await usage(t, dana)).used_bytes).toBe(800 * KB)
    const deleted = await sendTo(t, dana, 'DELETE /media/:id/delete', {
      params: { id: created.json().post_id },
    })
    expect(deleted.statusCode).toBeLessThan(300)
    expect((await usage(t, dana)).used_bytes).toBe(0)
    expect((await upload(t, dana, [textFile(800 * KB)])).statusCode).toBe(201)
  })

  describe('over real HTTP', () => {
    let port: number
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' })
      port = (t.app.server.address() as AddressInfo).port
    })

    /** Sends the request's headers (and `body`, when given), answers the status and body. */
    function send(user: TestUser, headers: Record<string, string | number>, body?: Buffer) {
      return new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            port,
            host: '127.0.0.1',
            method: 'POST',
            path: '/api/v1/media/upload',
            headers: { ...user.headers, ...headers },
          },
          (res) => {
            let text = ''
            res.on('data', (chunk) => {
              text += chunk
            })
            res.on('end', () => {
              // A client that declared a body it never sends goes away once answered.
              req.destroy()
              resolve({ status: res.statusCode ?? 0, body: text })
            })
          },
        )
        req.on('error', reject)
        if (body) req.end(body)
        else req.flushHeaders()
      })
    }

    it('refuses before reading the body when Content-Length says it cannot fit', async () => {
      const erin = await makeUser(t)
      // Only the headers are sent: an answer proves the server decided without reading the body.
      const answer = await send(erin, {
        'content-type': 'multipart/form-data; boundary=----x',
        'content-length': 5 * MB,
      })
      expect(answer.status).toBe(413)
      expect(JSON.parse(answer.body).detail).toBe(
        'Your storage quota is 1 MB and you have 0 MB stored, and this upload adds 5 MB. ' +
          'Nothing was saved: delete posts you no longer need, or ask the administrators for more room.',
      )
    })

    it('stops reading at the quota when the length is not declared (chunked), and keeps nothing', async () => {
      const finn = await makeUser(t)
      const form = multipart({ title: 'Big' }, [textFile(3 * MB)])
      const before = await footprint(t)
      const answer = await send(finn, { ...form.headers, 'transfer-encoding': 'chunked' }, form.payload)
      expect(answer.status).toBe(413)
      expect(JSON.parse(answer.body).detail).toMatch(
        /^Your storage quota is 1 MB and you have 0 MB stored, and this upload adds at least 1(\.\d)? MB\./,
      )
      expect(await footprint(t)).toEqual(before)
      // The refused body is not read on: the server closes the connection instead of keeping it paused.
      const open = () =>
        new Promise<number>((resolve) => t.app.server.getConnections((_error, count) => resolve(count)))
      await waitFor(async () => (await open()) === 0, "the refused upload's connection to close", 5000)
    })
  })
})

describe(`upload rate per user (${TEST_DB})`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_RATE_LIMIT: '3', ANALYSIS_WORKERS: '0' })
  })
  afterAll(() => t.close())

  it('answers 429 with Retry-After past the hourly rate, shared by every upload route; others unaffected', async () => {
    const gus = await makeUser(t)
    const hana = await makeUser(t)
    expect((await upload(t, gus, [textFile(KB)])).statusCode).toBe(201)
    expect((await upload(t, gus, [textFile(KB)], 'POST /media/upload/ipfs')).statusCode).toBe(200)
    expect((await upload(t, gus, [textFile(KB)])).statusCode).toBe(201)
    const before = await footprint(t)
    for (const key of ['POST /media/upload', 'POST /media/upload/ipfs'] as const) {
      const refused = await upload(t, gus, [textFile(KB)], key)
      expect(refused.statusCode).toBe(429)
      expect(refused.json().detail).toMatch(/^You are uploading too quickly: at most 3 uploads an hour\./)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000)
    }
    expect(await footprint(t)).toEqual(before)
    expect((await upload(t, hana, [textFile(KB)])).statusCode).toBe(201)
  })
})
