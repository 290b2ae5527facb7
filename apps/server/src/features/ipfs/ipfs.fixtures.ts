import { randomBytes } from 'node:crypto'

/** Bytes an upload takes as a PDF (its magic first), the rest random. */
export function pdfBytes(size: number) {
  const bytes = randomBytes(size)
  bytes.write('%PDF-1.4\n', 0, 'latin1')
  return bytes
}

/** Node 20 lacks Promise.withResolvers (Node 22), which Helia's queues use; the test client gets it here. */
export function polyfillWithResolvers() {
  const promise = Promise as unknown as { withResolvers?: () => unknown }
  promise.withResolvers ??= () => {
    let resolve: unknown
    let reject: unknown
    const created = new Promise((yes, no) => {
      resolve = yes
      reject = no
    })
    return { promise: created, resolve, reject }
  }
}
