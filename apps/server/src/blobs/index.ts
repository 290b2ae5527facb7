import { join } from 'node:path'
import type { Config } from '../config'
import { localBlobStore } from './local'
import { s3BlobStore } from './s3'
import type { BlobStore } from './store'

export { durationOfFile, durationOfStream, isRecording } from './duration'
export type { StagedFile } from './stage'
export { contentIdOf, importFile, removeLeftoverStaging, stageStream } from './stage'
export type { BlobStore, ByteRange } from './store'
export { BlobMissingError, isCidString } from './store'

export function openBlobStore(config: Pick<Config, 'dataDir' | 'blobs'>): BlobStore {
  const root = join(config.dataDir, 'blobs')
  if (config.blobs.backend === 's3') return s3BlobStore(config.blobs, join(root, '.staging'))
  return localBlobStore(root)
}
