import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, openAsBlob, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { UPLOAD_MAX_FILE_BYTES } from '@agora/contract/limits'
import { round } from './load'
import { sampleResident } from './processes'
import type { Report } from './report'

export const UPLOAD_BUDGET = { copyRatio: 0.5, memoryGrowthBytes: 64 * 1024 * 1024 }
export const UPLOAD_FIGURES = ['50 MB upload speed', '50 MB upload server memory growth'] as const
const MB = 1024 * 1024

/** A WAV file of `bytes` bytes (noise): a type the server accepts by its content. */
function writeWav(path: string, bytes: number) {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(bytes - 8, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(2, 22) // stereo
  header.writeUInt32LE(44_100, 24)
  header.writeUInt32LE(44_100 * 4, 28)
  header.writeUInt16LE(4, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(bytes - 44, 40)
  writeFileSync(path, Buffer.concat([header, randomBytes(bytes - 44)]))
}

/** The ceiling: the same bytes copied through streams to the disk the server stores on, flushed. */
async function timedCopy(from: string, to: string) {
  const started = process.hrtime.bigint()
  await pipeline(createReadStream(from), createWriteStream(to, { flush: true }))
  return Number(process.hrtime.bigint() - started) / 1e9
}

/**
 * One 50 MB upload through the real multipart route (Bearer token), timed from the first byte sent
 * to the answer, while the server's RSS is sampled from /proc.
 */
export async function measureUpload(
  serverUrl: string,
  serverPid: number,
  token: string,
  workDir: string,
  report: Report,
) {
  const source = join(workDir, 'upload-50mb.wav')
  writeWav(source, UPLOAD_MAX_FILE_BYTES)
  const copySeconds = await timedCopy(source, join(workDir, 'copy-50mb.wav'))
  rmSync(join(workDir, 'copy-50mb.wav'))

  const form = new FormData()
  form.set('title', 'Bench upload: fifty megabytes of noise')
  form.set('media_type', 'audio')
  form.set('file', await openAsBlob(source, { type: 'audio/wav' }), 'noise.wav')
  const memory = sampleResident(serverPid)
  const started = process.hrtime.bigint()
  const response = await fetch(`${serverUrl}/api/v1/media/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  const answer = await response.text()
  const uploadSeconds = Number(process.hrtime.bigint() - started) / 1e9
  const { first, peak } = memory.stop()
  rmSync(source)
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${answer.slice(0, 300)}`)

  const size = UPLOAD_MAX_FILE_BYTES / MB
  const uploadRate = size / uploadSeconds
  const copyRate = size / copySeconds
  const growth = peak - first
  const raw = {
    uploadSeconds,
    copySeconds,
    uploadMBps: uploadRate,
    copyMBps: copyRate,
    rssBefore: first,
    rssPeak: peak,
  }
  report.add(
    {
      name: UPLOAD_FIGURES[0],
      value: `${round(uploadRate)} MB/s vs plain copy ${round(copyRate)} MB/s (${Math.round((uploadRate / copyRate) * 100)} %)`,
      budget: `≥ ${UPLOAD_BUDGET.copyRatio * 100} % of the copy`,
      met: uploadRate / copyRate >= UPLOAD_BUDGET.copyRatio,
    },
    raw,
  )
  report.add({
    name: UPLOAD_FIGURES[1],
    value: `${round(growth / MB)} MB (RSS ${round(first / MB)} → ${round(peak / MB)} MB)`,
    budget: `≤ ${UPLOAD_BUDGET.memoryGrowthBytes / MB} MB`,
    met: growth <= UPLOAD_BUDGET.memoryGrowthBytes,
  })
}
