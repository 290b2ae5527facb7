import type { Readable } from 'node:stream'
import type { StagedFile } from './stage'

/** Inclusive byte range, as HTTP Range gives it. */
export interface ByteRange {
  start: number
  end: number
}

/**
 * Where file bytes live, keyed by CID. The database (the `blobs` table) says which CIDs exist and
 * their type and size; a store only holds bytes.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3'
  /** Temporary files of uploads in progress go here (same file system as a local store). */
  readonly stagingDir: string
  /** Makes a staged file's bytes available under its CID. Bytes already stored are not stored again. */
  put(file: StagedFile, mime: string): Promise<void>
  /** The stored bytes, or one range of them. Throws BlobMissingError when the CID is not stored. */
  read(cid: string, range?: ByteRange): Promise<Readable>
  exists(cid: string): Promise<boolean>
  /** Deletes the bytes; deleting what is not there is not an error. */
  remove(cid: string): Promise<void>
  /** Every CID the store holds bytes for (the start-up sweep compares them with the rows). */
  list(): AsyncIterable<string>
}

export { asStorageError } from './storage-error'

export class BlobMissingError extends Error {
  constructor(readonly cid: string) {
    super(`Blob ${cid} is not in the store`)
  }
}

/** CIDv1 in base32 (what we issue): lowercase letters and digits 2–7 after the 'b' prefix. */
const CID_PATTERN = /^b[a-z2-7]{20,120}$/

export function isCidString(value: string): boolean {
  return CID_PATTERN.test(value)
}
