import { UPLOAD_MAX_FILE_BYTES } from '@agora/contract'
import { create as createDisposition } from 'content-disposition'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { BlobMissingError, type ByteRange, isCidString } from '../../blobs/index'
import type { AppContext, AppInstance } from '../../context'
import { requireViewer } from '../../http/auth'
import {
  BadRequestError,
  HttpError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../../http/errors'
import { bodyAnswer } from '../../http/responses'
import { serve } from '../../http/serve'
import { readerOf } from '../../http/standing'
import { fileAccess, postingAllowance } from '../../policy/index'
import { thumbnailOf } from '../analysis/index'
import { DOCX_MIME, downloadName, fileUrl, mustDownload } from './file-types'
import { docxToSafeHtml } from './files.preview'
import { storageQuota } from './files.quota'
import { filesService } from './files.service'
import { receiveUpload } from './files.upload'

/** Largest DOCX the preview converts in memory. */
const PREVIEW_MAX_BYTES = 20 * 1024 * 1024
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** A file only this reader may fetch (their private post's): asked again each time, kept by no shared cache. */
const PERSONAL = 'private, no-cache'
/** Text fields of a file-only upload are ignored; keep them small. */
const SMALL_FIELDS = 16 * 1024

/**
 * The one byte range a Range header asks for, 'all' when it asks for none we serve as a range
 * (absent, several ranges, other units), or 'unsatisfiable'.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'all' | 'unsatisfiable' {
  if (!header) return 'all'
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (match[1] === '' && match[2] === '')) return 'all'
  if (match[1] === '') {
    const suffix = Number(match[2])
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(match[1])
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  if (start >= size || end < start) return 'unsatisfiable'
  return { start, end }
}

function dispositionFor(name: string | undefined, mime: string, attachment: boolean) {
  const type = attachment ? 'attachment' : 'inline'
  return name ? createDisposition(downloadName(name, mime), { type }) : type
}

export async function filesRoutes(app: AppInstance, ctx: AppContext) {
  const store = ctx.blobs
  const files = filesService(ctx.db, store)
  const gate = ctx.uploads

  /** The stored file and how widely it is served, or 404 (the same as for an unknown CID). */
  async function blobOrNotFound(request: FastifyRequest, cid: string) {
    const blob = isCidString(cid) ? await files.find(cid) : undefined
    const access = blob?.mime ? await fileAccess(ctx.db, blob.cid, await readerOf(request)) : 'none'
    if (!blob || access === 'none') throw new NotFoundError('file_not_found')
    return { ...blob, cache: access === 'public' ? IMMUTABLE : PERSONAL }
  }

  async function sendBlob(
    request: FastifyRequest,
    reply: FastifyReply,
    cid: string,
    name?: string,
    download?: boolean,
  ) {
    const blob = await blobOrNotFound(request, cid)
    const etag = `"${blob.cid}"`
    const ifRange = request.headers['if-range']
    const range = ifRange && ifRange !== etag ? 'all' : parseRange(request.headers.range, blob.size)
    if (range === 'unsatisfiable') {
      throw new HttpError('range_not_satisfiable', {
        headers: {
          'content-range': `bytes */${blob.size}`,
        },
      })
    }
    const textual = blob.mime.startsWith('text/')
    reply
      .header('etag', etag)
      .header('cache-control', blob.cache)
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff')
    if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.status(304).send()
    reply
      .header('content-type', textual ? `${blob.mime}; charset=utf-8` : blob.mime)
      .header('content-disposition', dispositionFor(name, blob.mime, download || mustDownload(blob.mime)))
    try {
      if (range === 'all') {
        reply.header('content-length', blob.size)
        return reply.status(200).send(await store.read(cid))
      }
      reply
        .header('content-range', `bytes ${range.start}-${range.end}/${blob.size}`)
        .header('content-length', range.end - range.start + 1)
      return reply.status(206).send(await store.read(cid, range))
    } catch (error) {
      // A row without bytes (a store emptied by hand) is a missing file, not a crash.
      if (error instanceof BlobMissingError) throw new NotFoundError('file_not_found')
      throw error
    }
  }

  serve(
    app,
    'GET /files/:cid',
    {
      // Byte ranges refer to the stored file: never compress it on the way out.
      compress: false,
      schema: { response: { 206: bodyAnswer('The byte range asked for', ['application/octet-stream']) } },
    },
    async (request, reply) => {
      const { name, download } = request.query
      return sendBlob(request, reply, request.params.cid, name, download === '1' || download === 'true')
    },
  )

  serve(app, 'GET /files/:cid/preview', async (request, reply) => {
    const blob = await blobOrNotFound(request, request.params.cid)
    if (blob.mime !== DOCX_MIME) throw new UnsupportedMediaTypeError('preview_docx_only')
    if (blob.size > PREVIEW_MAX_BYTES) throw new PayloadTooLargeError('preview_too_large')
    const chunks: Buffer[] = []
    for await (const chunk of await store.read(blob.cid)) chunks.push(Buffer.from(chunk))
    let html: string
    try {
      html = await docxToSafeHtml(Buffer.concat(chunks))
    } catch {
      throw new UnsupportedMediaTypeError('preview_unreadable')
    }
    reply.header('cache-control', blob.cache)
    return { html, mime: blob.mime }
  })

  serve(app, 'GET /files/:cid/thumbnail', async (request, reply) => {
    const blob = await blobOrNotFound(request, request.params.cid)
    const thumbnail = await thumbnailOf(ctx.db, blob.cid)
    if (!thumbnail) throw new NotFoundError('thumbnail_not_found')
    return reply
      .header('content-type', thumbnail.mime)
      .header('cache-control', blob.cache)
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(thumbnail.image))
  })

  serve(app, 'GET /media/upload/quota', async (request, reply) => {
    const viewer = await requireViewer(request, 'Please login to see your storage')
    reply.header('cache-control', 'private, no-store')
    return {
      used_bytes: await storageQuota(ctx.db).usedBytes(viewer.userId),
      quota_bytes: ctx.config.uploads.storageQuotaBytes,
      uploads_per_hour: ctx.config.uploads.perHour,
      ...(await postingAllowance(ctx.db, ctx.config.trust, viewer.userId)),
    }
  })

  serve(app, 'POST /media/upload/ipfs', async (request) => {
    const viewer = await requireViewer(request, 'Please login to upload files')
    const pass = await gate(request, viewer.userId)
    const upload = await receiveUpload(request, store, {
      maxFiles: 1,
      maxFileBytes: UPLOAD_MAX_FILE_BYTES,
      maxFieldBytes: SMALL_FIELDS,
      quota: pass.quota,
    })
    const [file] = upload.files
    try {
      if (!file) throw new BadRequestError('file_required')
      await ctx.db
        .transaction()
        .execute((trx) => filesService(trx, store).admit([file], { pin: true, charge: pass.charge }))
    } catch (error) {
      await upload.discard()
      if (file) await files.collect([file.staged.cid])
      throw error
    }
    return {
      cid: file.staged.cid,
      url: fileUrl(file.staged.cid),
      size: file.staged.size,
      mime: file.mime,
      name: file.name,
    }
  })
}
