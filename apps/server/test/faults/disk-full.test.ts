import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asStorageError } from '../../src/blobs/store'
import { makeUser } from '../factories'
import { createTestApp, type TestApp } from '../harness'

const MB = 1024 * 1024

/** Mounts a 2 MB tmpfs; the reason it cannot when it cannot (not root, no mount in a container). */
function mountSmallTmpfs(dir: string): string | null {
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root'
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { stdio: 'pipe' })
    return null
  } catch (error) {
    return `mount -t tmpfs failed: ${(error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message}`
  }
}

function upload(t: TestApp, headers: Record<string, string>, bytes: Buffer) {
  const form = new FormData()
  form.set('title', 'A large dataset')
  form.set('files', new Blob([new Uint8Array(bytes)], { type: 'text/plain' }), 'data.txt')
  return t.app.inject({ method: 'POST', url: '/api/v1/media/upload', headers, payload: form })
}

describe('disk full on the blob store', () => {
  let t: TestApp
  let blobRoot: string
  let skipReason: string | null = null

  beforeAll(async () => {
    t = await createTestApp()
    blobRoot = join(t.config.dataDir, 'blobs')
    mkdirSync(blobRoot, { recursive: true })
    skipReason = mountSmallTmpfs(blobRoot)
    if (skipReason) console.info(`disk-full upload test skipped: ${skipReason}`)
  })

  afterAll(async () => {
    if (!skipReason) execFileSync('umount', [blobRoot])
    await t?.close()
  })

  it('answers 507 with a clear message and leaves no partial file and no row', async (context) => {
    if (skipReason) return context.skip(skipReason)
    const user = await makeUser(t)
    const tooBig = Buffer.alloc(3 * MB, 'research data line\n')
    const refused = await upload(t, user.headers, tooBig)
    expect(refused.statusCode, refused.body).toBe(507)
    expect(refused.json().detail).toMatch(/no room left to store files/)

    expect(readdirSync(join(blobRoot, '.staging'))).toEqual([])
    expect(readdirSync(blobRoot).filter((name) => !name.startsWith('.'))).toEqual([])
    expect(await t.database.db.selectFrom('posts').select('id').execute()).toEqual([])
    expect(await t.database.db.selectFrom('blobs').select('cid').execute()).toEqual([])

    // The space the failed upload took is free again: a small one goes through.
    const small = await upload(t, user.headers, Buffer.from('a small file that fits\n'))
    expect(small.statusCode, small.body).toBe(201)
  })
})

describe('storage-full errors', () => {
  it('become 507 for ENOSPC and EDQUOT and stay as they are otherwise', () => {
    for (const code of ['ENOSPC', 'EDQUOT']) {
      const mapped = asStorageError(Object.assign(new Error('write failed'), { code }))
      expect(mapped).toMatchObject({ statusCode: 507, code: 'insufficient_storage' })
    }
    const other = Object.assign(new Error('permission denied'), { code: 'EACCES' })
    expect(asStorageError(other)).toBe(other)
  })
})
