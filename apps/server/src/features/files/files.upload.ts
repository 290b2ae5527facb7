import { basename } from 'node:path'
import type { MediaKind } from '@agora/contract'
import type { FastifyRequest } from 'fastify'
import { type BlobStore, type StagedFile, stageStream } from '../../blobs/index'
import { sniffFile } from '../../blobs/sniff'
import type { PostFilesTable } from '../../db/schema'
import {
  BadRequestError,
  HttpError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../../http/errors'
import { refuseControlCharacters, withoutBidiControls } from '../../http/text-guard'
import { isAllowedUpload, mediaKindOf } from './file-types'

/** One uploaded file, staged on disk, with what its bytes turned out to be. */
export interface ReceivedFile {
  staged: StagedFile
  name: string
  mime: string
  kind: MediaKind
}

/** A received file as the row of a post's file at `position` (the post's id is the caller's to add). */
export function postFileOf(file: ReceivedFile, position: number): Omit<PostFilesTable, 'post_id'> {
  const { name, mime, kind } = file
  return { position, cid: file.staged.cid, name, mime, size: file.staged.size, kind }
}

export interface ReceivedUpload {
  files: ReceivedFile[]
  /** Text fields by name (the last value wins when a name repeats). */
  fields: Record<string, string>
  /** Every value of each text field, in the order sent (a field that may repeat, e.g. `keep`). */
  values: Record<string, string[]>
  /** Removes every staged file that no store has taken. */
  discard(): Promise<void>
}

export interface UploadLimits {
  maxFiles: number
  maxFileBytes: number
  /** Longest text field in bytes. */
  maxFieldBytes: number
  /**
   * Bytes of files the user may still store (their quota; null: none): reading stops, and the
   * upload is refused, as soon as the files sent go past it.
   */
  quota?: { leftBytes: number | null; refuse(sentBytes: number): Error }
}

const MB = 1024 * 1024

function tooManyFiles(limits: UploadLimits) {
  return new BadRequestError('too_many_files', {
    params: { max: limits.maxFiles },
    detail: limits.maxFiles === 1 ? 'Upload one file at a time' : `Maximum ${limits.maxFiles} files allowed`,
  })
}

/**
 * A file name fit to show and to send back in Content-Disposition: no path, no control characters,
 * and no bidirectional overrides, which can make "exe.pdf" read as "fdp.exe".
 */
function cleanName(raw: string | undefined): string {
  const name = withoutBidiControls(basename((raw ?? '').replaceAll('\\', '/')))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200)
  return name || 'file'
}

/**
 * Reads a multipart upload as it streams: each file goes to a staging file (CID computed on the
 * way), is sniffed and checked against the allowed types. Any failure — too many files, too large,
 * wrong type, a client that goes away — removes what was staged and throws a readable error.
 */
export async function receiveUpload(
  request: FastifyRequest,
  store: BlobStore,
  limits: UploadLimits,
): Promise<ReceivedUpload> {
  const files: ReceivedFile[] = []
  const fields: Record<string, string> = {}
  const values: Record<string, string[]> = {}
  const discard = async () => {
    await Promise.all(files.map((file) => file.staged.discard()))
  }
  if (!request.isMultipart()) {
    throw new UnsupportedMediaTypeError('multipart_required')
  }
  let current: string | null = null
  let sent = 0
  const quota = limits.quota
  /** The file's bytes, counted against what the quota leaves; past it the stream stops with the quota's error. */
  async function* counted(file: AsyncIterable<Uint8Array>) {
    for await (const chunk of file) {
      sent += chunk.byteLength
      if (quota && quota.leftBytes !== null && sent > quota.leftBytes) throw quota.refuse(sent)
      yield chunk
    }
  }
  try {
    const parts = request.parts({
      limits: {
        // One more than allowed, so the extra file reaches us and gets the spec's message.
        files: limits.maxFiles + 1,
        fileSize: limits.maxFileBytes,
        fieldSize: limits.maxFieldBytes,
        fields: 40,
        parts: 60,
      },
    })
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated)
          throw new PayloadTooLargeError('field_too_long', { params: { field: part.fieldname } })
        refuseControlCharacters({ [part.fieldname]: String(part.value ?? '') })
        fields[part.fieldname] = String(part.value ?? '')
        values[part.fieldname] = [...(values[part.fieldname] ?? []), fields[part.fieldname]]
        continue
      }
      const name = cleanName(part.filename)
      current = name
      if (files.length >= limits.maxFiles) {
        part.file.resume()
        throw tooManyFiles(limits)
      }
      const staged = await stageStream(quota ? counted(part.file) : part.file, store.stagingDir)
      if (part.file.truncated) {
        await staged.discard()
        throw new PayloadTooLargeError('file_too_large', { params: { name, mb: limits.maxFileBytes / MB } })
      }
      if (staged.size === 0) {
        await staged.discard()
        throw new BadRequestError('file_empty', { params: { name } })
      }
      const sniffed = await sniffFile(staged.path, name)
      if (!sniffed || !isAllowedUpload(sniffed.mime)) {
        await staged.discard()
        throw new UnsupportedMediaTypeError('file_type_refused', {
          params: { name },
          detail: `File ${name} is not an allowed type: upload images, video, audio, PDF, Office documents or text`,
        })
      }
      files.push({ staged, name, mime: sniffed.mime, kind: mediaKindOf(sniffed.mime) })
      current = null
    }
  } catch (error) {
    await discard()
    const refusal = translateMultipartError(error, current, limits)
    // The rest of a refused body is never read: a paused socket would stay open for good (even after
    // the client leaves), so the connection closes once the answer is sent.
    if (refusal instanceof HttpError && !request.raw.complete) throw closingConnection(refusal)
    throw refusal
  }
  return { files, fields, values, discard }
}

function closingConnection(error: HttpError): HttpError {
  return Object.assign(error.withHeaders({ connection: 'close' }), { name: error.name })
}

function translateMultipartError(error: unknown, fileName: string | null, limits: UploadLimits): unknown {
  if (error instanceof HttpError) return error
  const code = (error as { code?: string }).code
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new PayloadTooLargeError('file_too_large', {
        params: { name: fileName ?? '', mb: limits.maxFileBytes / MB },
        detail: `File ${fileName ?? ''} exceeds ${limits.maxFileBytes / MB}MB limit`.replace('  ', ' '),
      })
    case 'FST_FILES_LIMIT':
      return tooManyFiles(limits)
  }
  // Malformed or cut-off bodies and too many fields: the error handler answers those for every route.
  return error
}
