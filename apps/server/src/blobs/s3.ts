import { createReadStream } from 'node:fs'
import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import type { BlobConfig } from '../config'
import type { StagedFile } from './stage'
import { BlobMissingError, type BlobStore, type ByteRange, isCidString } from './store'

export type S3BlobConfig = Extract<BlobConfig, { backend: 's3' }>

function isMissing(error: unknown) {
  return (
    error instanceof NoSuchKey ||
    error instanceof NotFound ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
  )
}

/**
 * Blobs as objects named by their CID in one S3-compatible bucket. Uploads are staged on local disk
 * first (the CID and the type are known only at the end), then streamed to the bucket in parts.
 */
export function s3BlobStore(config: S3BlobConfig, stagingDir: string): BlobStore {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  })
  const Bucket = config.bucket

  async function exists(cid: string) {
    if (!isCidString(cid)) return false
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: cid }))
      return true
    } catch (error) {
      if (isMissing(error)) return false
      throw error
    }
  }

  return {
    kind: 's3',
    stagingDir,
    exists,

    async put(file: StagedFile, mime: string) {
      try {
        if (await exists(file.cid)) return
        const upload = new Upload({
          client,
          params: { Bucket, Key: file.cid, Body: createReadStream(file.path), ContentType: mime },
        })
        await upload.done()
      } finally {
        await file.discard()
      }
    },

    async read(cid: string, range?: ByteRange): Promise<Readable> {
      if (!isCidString(cid)) throw new BlobMissingError(cid)
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: cid,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        )
        return object.Body as Readable
      } catch (error) {
        if (isMissing(error)) throw new BlobMissingError(cid)
        throw error
      }
    },

    async remove(cid: string) {
      if (!isCidString(cid)) return
      await client.send(new DeleteObjectCommand({ Bucket, Key: cid }))
    },

    async *list() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket })) {
        for (const object of page.Contents ?? []) if (object.Key && isCidString(object.Key)) yield object.Key
      }
    },
  }
}
