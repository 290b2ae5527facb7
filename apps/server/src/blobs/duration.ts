import type { Readable } from 'node:stream'
import { type IAudioMetadata, parseFile, parseStream } from 'music-metadata'

/**
 * A recording's length in seconds, read from its container's header (music-metadata: MP4/MOV,
 * WebM/Matroska, Ogg, WAV, MP3, FLAC, …); null when the container does not say or is not one. Kept
 * with the file's bytes (`blobs.duration_seconds`): the bytes under a CID never change.
 */
async function secondsOf(parse: () => Promise<IAudioMetadata>): Promise<number | null> {
  try {
    const seconds = (await parse()).format.duration
    return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds : null
  } catch {
    return null
  }
}

const OPTIONS = { duration: true, skipCovers: true } as const

export function isRecording(mime: string): boolean {
  return mime.startsWith('video/') || mime.startsWith('audio/')
}

/** A staged file's length (at upload): read where its header is, without reading the rest. */
export function durationOfFile(path: string): Promise<number | null> {
  return secondsOf(() => parseFile(path, OPTIONS))
}

/** A stored file's length, from the start of its bytes (consumed; the caller closes the stream). */
export function durationOfStream(stream: Readable, mime: string): Promise<number | null> {
  return secondsOf(() => parseStream(stream, { mimeType: mime }, OPTIONS))
}
