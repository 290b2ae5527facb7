/** 16-bit mono PCM in a WAV container. */
export function wav(samples: Float32Array, sampleRate: number): Buffer {
  const data = Buffer.alloc(samples.length * 2)
  samples.forEach((sample, i) => {
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32767), i * 2)
  })
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVE', 8)
  header.write('fmt ', 12)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(sampleRate, 24)
  header.writeUInt32LE(sampleRate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

const RATE = 16_000

/** Three chords, first in equal temperament, then in just intonation (ratios 4:5:6). */
export function tuningComparison(): Buffer {
  const root = 220
  const chords = [
    [1, 2 ** (4 / 12), 2 ** (7 / 12)],
    [1, 5 / 4, 3 / 2],
  ]
  const seconds = 1.5
  const samples = new Float32Array(Math.round(RATE * seconds * chords.length))
  chords.forEach((ratios, c) => {
    for (let i = 0; i < RATE * seconds; i++) {
      const t = i / RATE
      const envelope = Math.min(1, t * 20) * Math.exp(-t * 1.2)
      const value = ratios.reduce((sum, ratio) => sum + Math.sin(2 * Math.PI * root * ratio * t), 0)
      samples[c * RATE * seconds + i] = (0.25 * envelope * value) / ratios.length
    }
  })
  return wav(samples, RATE)
}

/** A train of rising chirps (500 Hz → 4 kHz), as used to probe hearing thresholds. */
export function chirpTrain(): Buffer {
  const count = 5
  const chirp = 0.3
  const gap = 0.25
  const samples = new Float32Array(Math.round(RATE * count * (chirp + gap)))
  for (let n = 0; n < count; n++) {
    const start = Math.round(n * (chirp + gap) * RATE)
    for (let i = 0; i < chirp * RATE; i++) {
      const t = i / RATE
      // Linear sweep: phase is the integral of the instantaneous frequency.
      const phase = 2 * Math.PI * (500 * t + ((4000 - 500) / (2 * chirp)) * t * t)
      const envelope = Math.sin((Math.PI * t) / chirp)
      samples[start + i] = 0.3 * (1 - n * 0.15) * envelope * Math.sin(phase)
    }
  }
  return wav(samples, RATE)
}
