import { rmSync } from 'node:fs'
import { UPLOAD_MAX_FILE_BYTES } from '@agora/contract/limits'
import { median } from './load'
import { sampleResident } from './processes'
import type { Report } from './report'
import {
  createdBody,
  fiftyMegabytesAndCeiling,
  removePost,
  reportSpeedAndMemory,
  seriesOf,
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

/** Reads of the CAR timed; the median is the figure, since one read swings widely between runs. */
const CAR_READS = 3

/**
 * The trustless gateway: one 50 MB file uploaded, indexed by a first request (its
 * dag-pb nodes and leaf places, once per file: decision 008), then its CAR streamed from
 * `/ipfs/{cid}?format=car` and read to the end, CAR_READS times, timed; the server's RSS sampled
 * meanwhile. The ceiling is a plain stream copy of the same bytes on the same disk (the median of
 * a few, `fiftyMegabytesAndCeiling`).
 */
export async function measureCar(
  serverUrl: string,
  serverPid: number,
  token: string,
  workDir: string,
  report: Report,
) {
  const { source, copySeconds, copies } = await fiftyMegabytesAndCeiling(workDir, 'car-50mb')
  const answer = await uploadNoise(serverUrl, token, source, 'Bench CAR: fifty megabytes of noise')
  rmSync(source)
  const body = createdBody(answer)
  try {
    const cid = JSON.parse(body).post.media[0].cid as string
    const url = `${serverUrl}/ipfs/${cid}?format=car`
    const indexed = await fetch(url, { method: 'HEAD' })
    if (!indexed.ok) throw new Error(`HEAD ${url} answered ${indexed.status}`)
    const memory = sampleResident(serverPid)
    const reads: number[] = []
    let bytes = 0
    for (let i = 0; i < CAR_READS; i++) {
      const started = process.hrtime.bigint()
      const response = await fetch(url)
      bytes = await drain(response)
      reads.push(Number(process.hrtime.bigint() - started) / 1e9)
      if (!response.ok || bytes < UPLOAD_MAX_FILE_BYTES)
        throw new Error(`the CAR answered ${response.status}, ${bytes} bytes`)
    }
    const { first, peak } = memory.stop()
    const carSeconds = median(reads)
    reportSpeedAndMemory(report, CAR_FIGURES, CAR_BUDGET, {
      seconds: carSeconds,
      copySeconds,
      first,
      peak,
      raw: {
        carSeconds,
        copySeconds,
        carBytes: bytes,
        ...seriesOf('carRead', reads),
        ...seriesOf('copy', copies),
      },
    })
  } finally {
    await removePost(serverUrl, token, body)
  }
}
