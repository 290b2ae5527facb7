// Files for tests to upload: multipart bodies as a browser sends them, and small real PNGs and PDFs.
import { randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { type ClientRequest, request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { minimalPdf } from '@agora/test-kit/pdf'
import { PNG } from 'pngjs'
import { wav } from '../src/features/demo/demo.audio'

export interface UploadFile {
  name: string
  data: Buffer
  /** The type the client claims; the server sniffs the bytes and ignores it. */
  type?: string
  field?: string
}

/** A multipart/form-data body as a browser sends it; fields given as pairs may repeat a name. */
export function multipart(fields: Record<string, string> | [string, string][], files: UploadFile[]) {
  const boundary = `----agora${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** A real PNG of the given size, its pixels varied by `seed` (different seeds, different bytes). */
export function pngFile(seed = 1, width = 16, height = 16): Buffer {
  const png = new PNG({ width, height })
  for (let i = 0; i < width * height; i++) {
    png.data[i * 4] = (i * seed) & 0xff
    png.data[i * 4 + 1] = (i + seed * 31) & 0xff
    png.data[i * 4 + 2] = (seed * 97) & 0xff
    png.data[i * 4 + 3] = 255
  }
  return PNG.sync.write(png)
}

/** A small but well-formed one-page PDF. */
export function pdfFile(text = 'Hello'): Buffer {
  return minimalPdf(text, { width: 300, height: 144, fontSize: 18, x: 40, y: 100 })
}

/** A WAV recording of `seconds` of a quiet 440 Hz tone (8 kHz, 16-bit mono): a real audio file. */
export function wavFile(seconds: number): Buffer {
  const rate = 8000
  const samples = new Float32Array(Math.round(seconds * rate))
  for (let i = 0; i < samples.length; i++) samples[i] = 0.1 * Math.sin((i * 2 * Math.PI * 440) / rate)
  return wav(samples, rate)
}

/** The files under a data directory's blob store, and those left in its staging area. */
export function storedFiles(dataDir: string) {
  const walk = (dir: string): string[] => {
    try {
      return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
      )
    } catch {
      return []
    }
  }
  // Beside them, the heartbeats of the processes that stage (blobs/.staging-owners): neither.
  const all = walk(join(dataDir, 'blobs')).filter((path) => !path.includes('.staging-owners'))
  return {
    blobs: all.filter((path) => !path.includes('.staging')),
    staging: all.filter((path) => path.includes('.staging')),
  }
}

/** The multipart boundary of `beginUpload`: a test that finishes the upload ends it with this. */
export const BEGUN_UPLOAD_BOUNDARY = '----agoraabort'
/** What `beginUpload` promised after its head: the file's bytes and the closing boundary. */
export const BEGUN_UPLOAD_BYTES = 10 * 1024 * 1024

/**
 * A POST /media/upload to the server listening on `port` whose file part is begun and never
 * finished (10 MB promised): the test writes more (`request.write`) and vanishes (`destroy`).
 */
export function beginUpload(port: number, headers: Record<string, string>): ClientRequest {
  const boundary = BEGUN_UPLOAD_BOUNDARY
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nAborted\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.txt"\r\n` +
      'Content-Type: text/plain\r\n\r\n',
  )
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/media/upload',
    headers: {
      ...headers,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + BEGUN_UPLOAD_BYTES),
    },
  })
  request.on('error', () => {})
  request.write(head)
  return request
}
