import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { TokenBalanceResponse, TokenInfoResponse } from '@agora/contract'
import { getAddressDecoder } from '@solana/kit'
import { afterAll, describe, expect, it } from 'vitest'
import { contentIdOf } from '../../src/blobs/index'
import { createScratchPostgres, TEST_DB } from '../harness'
import { apiClient } from './client'
import { startServer } from './server-process'

const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url))
const run = promisify(execFile)

/** Runs scripts/<name>.mjs as `npm run <name>` would, with the server's environment. */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return run(process.execPath, [`scripts/${name}.mjs`, ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
  })
}

/**
 * npm run backup, then npm run restore into a fresh data directory (and a new database with
 * PostgreSQL): the restored server serves the same posts and the same file bytes under their CIDs,
 * and the embedded chain's same mint, faucet key and balances (DATA_DIR/solana-local).
 * With PostgreSQL the backup is taken while the server runs.
 */
describe(`backup and restore (${TEST_DB})`, () => {
  const temp = mkdtempSync(join(tmpdir(), 'agora-backup-'))
  const scratch: { drop(): Promise<void> }[] = []

  afterAll(async () => {
    for (const database of scratch) await database.drop()
    rmSync(temp, { recursive: true, force: true })
  })

  async function newEnv(name: string): Promise<Record<string, string>> {
    const env: Record<string, string> = {
      DATA_DIR: join(temp, name),
      JWT_SECRET: randomBytes(32).toString('hex'),
      ANALYSIS_WORKERS: '0',
    }
    if (TEST_DB === 'postgres') {
      const database = await createScratchPostgres()
      scratch.push(database)
      env.DATABASE_URL = database.url
    }
    return env
  }

  it('restores the same posts, comments, likes and file bytes', async () => {
    const sourceEnv = await newEnv('source')
    let server = await startServer(sourceEnv)
    const api = apiClient(server.url)
    const alice = await api.register(`alice_${randomBytes(3).toString('hex')}`)
    const bob = await api.register(`bob_${randomBytes(3).toString('hex')}`)
    const first = await api.upload(alice, 'Lattice survey', 'notes on lattice proteins')
    const second = await api.upload(bob, 'Ocean sensor data', 'buoy readings, week one')
    await api.likePost(bob, first.postId)
    const comment = await api.comment(bob, first.postId, 'Which force field?')
    await api.likeComment(alice, comment._id)
    // The embedded chain: its mint, its faucet key, and a grant to a new address.
    const address = getAddressDecoder().decode(randomBytes(32))
    const grant = await fetch(`${server.url}/api/v1/token/faucet`, {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ address, amount: 3 }),
    })
    expect(grant.status).toBe(200)
    const before = await snapshot(api)
    const chainBefore = await chainState(server.url, address)
    expect(chainBefore.granted.tokens).toBe(3)

    const backupDir = join(temp, 'backup')
    // The embedded database has one user at a time: stop the server for its backup.
    if (TEST_DB === 'pglite') await server.stop()
    const backup = await script('backup', ['--out', backupDir], sourceEnv)
    expect(backup.stdout).toMatch(
      /the embedded chain \(solana-local: its state, mint and faucet key\) is included/,
    )
    await server.stop()

    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'))
    expect(manifest.chain.map((file: { name: string }) => file.name)).toEqual(['chain.bin', 'keys.json'])
    expect(manifest).toMatchObject({ database: TEST_DB, counts: { posts: 2, comments: 1, post_likes: 1 } })
    expect(manifest.blobs.map((blob: { cid: string }) => blob.cid).sort()).toEqual(
      [first.cid, second.cid].sort(),
    )

    const restoredEnv = await newEnv('restored')
    const restore = await script('restore', ['--from', backupDir], restoredEnv)
    expect(restore.stdout).toMatch(/and the embedded chain \(state, mint, faucet key\)/)
    // A second restore over the restored data is refused instead of mixing two states.
    await expect(script('restore', ['--from', backupDir], restoredEnv)).rejects.toMatchObject({
      stderr: expect.stringMatching(/fresh DATA_DIR|not empty|already holds/),
    })

    // The blob folder's id came along (PostgreSQL: a server refuses a folder its database does not know).
    if (TEST_DB === 'postgres')
      expect(readFileSync(join(restoredEnv.DATA_DIR, 'blobs', '.store-id'), 'utf8')).toBe(
        readFileSync(join(sourceEnv.DATA_DIR, 'blobs', '.store-id'), 'utf8'),
      )
    server = await startServer(restoredEnv)
    try {
      const restored = apiClient(server.url)
      expect(await snapshot(restored)).toEqual(before)
      // The same chain: the same mint and faucet, the grant's tokens, the faucet's balance after it.
      expect(await chainState(server.url, address)).toEqual(chainBefore)
      for (const { cid } of [first, second]) {
        const bytes = await restored.file(cid)
        expect(await contentIdOf([bytes])).toBe(cid)
      }
    } finally {
      await server.stop()
    }
  }, 180_000)
})

/** The embedded chain as the API shows it: mint, faucet and their balances, and the granted address's. */
async function chainState(url: string, address: string) {
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${url}/api/v1${path}`)
    expect(response.status).toBe(200)
    return (await response.json()) as T
  }
  const info = await get<TokenInfoResponse>('/token/info')
  return {
    mint: info.mint,
    faucet: info.faucet_address,
    faucetBalance: await get<TokenBalanceResponse>(`/token/balance?address=${info.faucet_address}`),
    granted: await get<TokenBalanceResponse>(`/token/balance?address=${address}`),
  }
}

/** What a reader sees: each post with its counters, files and comments. */
async function snapshot(api: ReturnType<typeof apiClient>) {
  const { items } = await api.list(null, '?sort_by=recent_desc')
  return Promise.all(
    items.map(async (item) => {
      const post = (await api.post(null, item.id)) as Awaited<ReturnType<typeof api.post>> &
        Record<string, unknown>
      const comments = await api.comments(null, item.id)
      return {
        id: post.id,
        title: post.title,
        likes: post.likes,
        comments: post.comments,
        media: post.media,
        thread: comments.map((c) => ({ ...c, is_liked: undefined })),
      }
    }),
  )
}
