import { type BlobStore, durationOfStream } from '../../blobs/index'
import type { Db } from '../../db/index'
import type { FileOfSomeVersion } from '../versions/index'

/**
 * What a time anchor needs to know of a recording: its length. Read at upload (files.service); a
 * recording uploaded before that was done has it read here, the first time an anchor needs it. Null
 * when the container does not say; a time is then taken on trust.
 */
async function durationOf(blobs: BlobStore, cid: string, mime: string): Promise<number | null> {
  let stream: Awaited<ReturnType<BlobStore['read']>> | null = null
  try {
    stream = await blobs.read(cid)
    return await durationOfStream(stream, mime)
  } catch {
    return null
  } finally {
    stream?.destroy()
  }
}

/** Makes sure the recording `file` has its duration stored, when it can be known; answers it. */
export async function learnDuration(
  db: Db,
  blobs: BlobStore,
  file: FileOfSomeVersion,
): Promise<number | null> {
  if (file.duration_seconds !== null) return file.duration_seconds
  if (file.kind !== 'video' && file.kind !== 'audio') return null
  const seconds = await durationOf(blobs, file.cid, file.mime)
  if (seconds !== null) {
    await db.updateTable('blobs').set({ duration_seconds: seconds }).where('cid', '=', file.cid).execute()
  }
  return seconds
}
