import { parentPort } from 'node:worker_threads'
import { englishNlp } from './nlp.language'
import { type PreparationInput, prepareSource } from './prepare'

// Worker-thread entry (see sandbox.ts). The language model loads before the thread reports ready,
// so a job's time limit counts only the job. Then it prepares one post at a time while healthy.
englishNlp()
parentPort?.on('message', async ({ id, input }: { id: number; input: PreparationInput }) => {
  try {
    parentPort?.postMessage({ id, ok: true, preparation: await prepareSource(input) })
  } catch (error) {
    const { name, message } = error as Error
    parentPort?.postMessage({ id, ok: false, name, message })
  }
})
parentPort?.postMessage({ ready: true })
