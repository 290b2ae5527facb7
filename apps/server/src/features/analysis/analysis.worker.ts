import { parentPort } from 'node:worker_threads'
import { type PreparationInput, prepareSource } from './prepare'

// Worker-thread entry (see sandbox.ts): prepares one post at a time; the thread is reused while healthy.
parentPort?.on('message', async ({ id, input }: { id: number; input: PreparationInput }) => {
  try {
    parentPort?.postMessage({ id, ok: true, preparation: await prepareSource(input) })
  } catch (error) {
    const { name, message } = error as Error
    parentPort?.postMessage({ id, ok: false, name, message })
  }
})
