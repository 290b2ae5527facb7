import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, rmSync, statSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { UPLOAD_MAX_FILE_BYTES } from '@agora/contract/limits'
import { wavNoise } from '@agora/test-kit'
import { median, round } from './load'
import { sampleResident } from './processes'
import type { Report } from './report'

export const UPLOAD_BUDGET = { copyRatio: 0.5, memoryGrowthBytes: 64 * 1024 * 1024 }
export const UPLOAD_FIGURES = ['50 MB upload speed', '50 MB upload server memory growth'] as const
const MB = 1024 * 1024

/** A WAV file of `bytes` bytes (noise): a type the server accepts by its content. */
export function writeWav(path: string, bytes: number) {
  writeFileSync(path, wavNoise(bytes))
}

/** The ceiling: the same bytes copied through streams to the disk the server stores on, flushed. */
export async function timedCopy(from: string, to: string) {
  const started = process.hrtime.bigint()
  await pipeline(createReadStream(from), createWriteStream(to, { flush: true }))
  return Number(process.hrtime.bigint() - started) / 1e9
}

/** Plain copies timed for the ceiling; the median is the ceiling, since one copy swings with the disk. */
const COPIES = 3

/**
 * A 50 MB file for a figure (`{name}.wav` in `workDir`), and the seconds a plain copy of it takes:
 * the ceiling, the median of COPIES copies (and each one's seconds).
 */
export async function fiftyMegabytesAndCeiling(workDir: string, name: string) {
  const source = join(workDir, `${name}.wav`)
  writeWav(source, UPLOAD_MAX_FILE_BYTES)
  const copy = join(workDir, `${name}-copy.wav`)
  const copies: number[] = []
  for (let i = 0; i < COPIES; i++) {
    copies.push(await timedCopy(source, copy))
    rmSync(copy)
  }
  return { source, copySeconds: median(copies), copies }
}

/**
 * Sends `fields` and the file at `path` as one multipart/form-data POST, framed as a browser frames
 * a FormData upload (one boundary, each field a part, the file part with its name and type, a
 * Content-Length up front), and answers the status and body.
 *
 * Not `fetch` with a FormData: Node's fetch is slower at sending than the server is at receiving,
 * so it would measure the sender. The server parses, hashes and stores the same bytes either way.
 */
export async function postMultipart(
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  file: { field: string; path: string; name: string; type: string },
): Promise<{ status: number; body: string }> {
  const boundary = `----AgoraBenchBoundary${randomBytes(12).toString('hex')}`
  const head = Buffer.from(
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
      `Content-Type: ${file.type}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const length = head.byteLength + statSync(file.path).size + tail.byteLength
  async function* body() {
    yield head
    yield* createReadStream(file.path, { highWaterMark: MB })
    yield tail
  }
  return new Promise((resolve, reject) => {
    const sending = request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(length),
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (piece: string) => {
          text += piece
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
        response.on('error', reject)
      },
    )
    sending.on('error', reject)
    Readable.from(body()).on('error', reject).pipe(sending)
  })
}

/** Deletes the post an upload created (its answer's `post_id`), and with it the stored file. */
export async function removePost(serverUrl: string, token: string, answer: string) {
  const removed = await fetch(`${serverUrl}/api/v1/media/${JSON.parse(answer).post_id}/delete`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  })
  await removed.arrayBuffer()
  if (!removed.ok) throw new Error(`deleting a bench upload answered ${removed.status}`)
}

/**
 * Full-size uploads sent (and deleted) before the timed ones: a process's first 50 MB uploads are
 * slower while its code is compiled and optimised, and no figure should measure start-up.
 */
const WARMUPS = 2

/** Each of `seconds` as a raw measurement of its own (`name1`, `name2`, …). */
export const seriesOf = (name: string, seconds: readonly number[]) =>
  Object.fromEntries(seconds.map((value, i) => [`${name}${i + 1}Seconds`, value]))

/** Uploads timed; the median is the figure: one upload against the copies measures the disk's minute. */
const UPLOADS = 5

/**
 * 50 MB uploads through the real multipart route (Bearer token), each timed from the first byte
 * sent to the answer and deleted after, UPLOADS times, after WARMUPS untimed ones; the server's
 * RSS is sampled from before the warm-ups to the last answer.
 */
export async function measureUpload(
  serverUrl: string,
  serverPid: number,
  token: string,
  workDir: string,
  report: Report,
) {
  const { source, copySeconds, copies } = await fiftyMegabytesAndCeiling(workDir, 'upload-50mb')
  const memory = sampleResident(serverPid)
  const times: number[] = []
  for (let i = 0; i < WARMUPS + UPLOADS; i++) {
    const started = process.hrtime.bigint()
    const answer = await uploadNoise(serverUrl, token, source, 'Bench upload: fifty megabytes of noise')
    times.push(Number(process.hrtime.bigint() - started) / 1e9)
    // Each run would otherwise leave posts and 50 MB of noise each in the reused forum.
    await removePost(serverUrl, token, createdBody(answer))
  }
  const [warmups, uploads] = [times.slice(0, WARMUPS), times.slice(WARMUPS)]
  const { first, peak } = memory.stop()
  rmSync(source)

  const uploadSeconds = median(uploads)
  const size = UPLOAD_MAX_FILE_BYTES / MB
  reportSpeedAndMemory(report, UPLOAD_FIGURES, UPLOAD_BUDGET, {
    seconds: uploadSeconds,
    copySeconds,
    first,
    peak,
    raw: {
      uploadSeconds,
      copySeconds,
      uploadMBps: size / uploadSeconds,
      copyMBps: size / copySeconds,
      ...seriesOf('warmup', warmups),
      ...seriesOf('upload', uploads),
      ...seriesOf('copy', copies),
    },
  })
}

/** Uploads the WAV file at `path` as an audio post titled `title`. */
export function uploadNoise(serverUrl: string, token: string, path: string, title: string) {
  return postMultipart(
    `${serverUrl}/api/v1/media/upload`,
    { authorization: `Bearer ${token}` },
    { title, media_type: 'audio' },
    { field: 'file', path, name: 'noise.wav', type: 'audio/wav' },
  )
}

/** The body of an upload's answer; throws unless the server answered 201. */
export function createdBody(answer: { status: number; body: string }) {
  if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${answer.body.slice(0, 300)}`)
  return answer.body
}

/**
 * A 50 MB transfer's two figures (from its seconds and a plain copy's): its MB/s as a share of a plain copy's, and the server's memory
 * growth meanwhile, against `budget` (the upload's and the IPFS CAR's).
 */
export function reportSpeedAndMemory(
  report: Report,
  names: readonly [string, string],
  budget: typeof UPLOAD_BUDGET,
  measured: {
    seconds: number
    copySeconds: number
    first: number
    peak: number
    raw: Record<string, number>
  },
) {
  const { first, peak } = measured
  const rate = UPLOAD_MAX_FILE_BYTES / MB / measured.seconds
  const copyRate = UPLOAD_MAX_FILE_BYTES / MB / measured.copySeconds
  const growth = peak - first
  report.add(
    {
      name: names[0],
      value: `${round(rate)} MB/s vs plain copy ${round(copyRate)} MB/s (${Math.round((rate / copyRate) * 100)} %)`,
      budget: `≥ ${budget.copyRatio * 100} % of the copy`,
      met: rate / copyRate >= budget.copyRatio,
    },
    { ...measured.raw, rssBefore: first, rssPeak: peak },
  )
  report.add({
    name: names[1],
    value: `${round(growth / MB)} MB (RSS ${round(first / MB)} → ${round(peak / MB)} MB)`,
    budget: `≤ ${budget.memoryGrowthBytes / MB} MB`,
    met: growth <= budget.memoryGrowthBytes,
  })
}
