import { rmSync } from 'node:fs'
import { UPLOAD_MAX_FILE_BYTES } from '@agora/contract/limits'
import { sampleResident } from './processes'
import type { Report } from './report'
import {
  createdBody,
  fiftyMegabytesAndCeiling,
  removePost,
  reportSpeedAndMemory,
  UPLOAD_BUDGET,
  uploadNoise,
} from './upload'

export const CAR_BUDGET = UPLOAD_BUDGET
export const CAR_FIGURES = [
  '50 MB CAR from /ipfs speed',
  '50 MB CAR from /ipfs server memory growth',
] as const

/** Reads a response body to its end, counting its bytes. */
async function drain(response: Response) {
  let bytes = 0
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength
  return bytes
}

/**
 * The trustless gateway (issue 22): one 50 MB file uploaded, indexed by a first request (its
 * dag-pb nodes and leaf places, once per file: decision 008), then its CAR streamed from
 * `/ipfs/{cid}?format=car` and read to the end, timed; the server's RSS sampled meanwhile. The
 * ceiling is a plain stream copy of the same bytes on the same disk.
 */
export async function measureCar(
  serverUrl: string,
  serverPid: number,
  token: string,
  workDir: string,
  report: Report,
) {
  const { source, copySeconds } = await fiftyMegabytesAndCeiling(workDir, 'car-50mb')
  const answer = await uploadNoise(serverUrl, token, source, 'Bench CAR: fifty megabytes of noise')
  rmSync(source)
  const body = createdBody(answer)
  try {
    const cid = JSON.parse(body).post.media[0].cid as string
    const url = `${serverUrl}/ipfs/${cid}?format=car`
    const indexed = await fetch(url, { method: 'HEAD' })
    if (!indexed.ok) throw new Error(`HEAD ${url} answered ${indexed.status}`)
    const memory = sampleResident(serverPid)
    const started = process.hrtime.bigint()
    const response = await fetch(url)
    const bytes = await drain(response)
    const carSeconds = Number(process.hrtime.bigint() - started) / 1e9
    const { first, peak } = memory.stop()
    if (!response.ok || bytes < UPLOAD_MAX_FILE_BYTES)
      throw new Error(`the CAR answered ${response.status}, ${bytes} bytes`)
    reportSpeedAndMemory(report, CAR_FIGURES, CAR_BUDGET, {
      seconds: carSeconds,
      copySeconds,
      first,
      peak,
      raw: { carSeconds, copySeconds, carBytes: bytes },
    })
  } finally {
    await removePost(serverUrl, token, body)
  }
}
