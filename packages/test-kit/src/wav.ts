import { randomBytes } from 'node:crypto'

/** A WAV file of `bytes` bytes (stereo 16-bit PCM noise): a type the server accepts by its content. */
export function wavNoise(bytes: number): Buffer {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(bytes - 8, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(2, 22) // stereo
  header.writeUInt32LE(44_100, 24)
  header.writeUInt32LE(44_100 * 4, 28)
  header.writeUInt16LE(4, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(bytes - 44, 40)
  return Buffer.concat([header, randomBytes(bytes - 44)])
}
