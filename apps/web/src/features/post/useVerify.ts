import { useCallback, useEffect, useRef, useState } from 'react'
import { gatewayCarUrl } from '../../api/ipfs'
import type { VerifyMessage, VerifyResult } from './verifyCar'

export type VerifyState =
  | { stage: 'idle' }
  | { stage: 'running'; bytes: number; blocks: number }
  | { stage: 'done'; result: VerifyResult }

/**
 * Verify: a Web Worker fetches the file's CAR from our gateway and checks that its blocks
 * hash to the CID (verify.worker.ts), reporting how far it got. The worker and the IPFS libraries it
 * uses load only when Verify is pressed; leaving the file ends it.
 */
export function useVerify(cid: string) {
  const [state, setState] = useState<VerifyState>({ stage: 'idle' })
  const worker = useRef<Worker | null>(null)
  useEffect(() => () => worker.current?.terminate(), [])

  const start = useCallback(() => {
    worker.current?.terminate()
    const running = new Worker(new URL('./verify.worker.ts', import.meta.url), { type: 'module' })
    worker.current = running
    setState({ stage: 'running', bytes: 0, blocks: 0 })
    const finish = (result: VerifyResult) => {
      running.terminate()
      if (worker.current === running) worker.current = null
      setState({ stage: 'done', result })
    }
    running.onmessage = ({ data }: MessageEvent<VerifyMessage>) => {
      if (data.type === 'progress') setState({ stage: 'running', bytes: data.bytes, blocks: data.blocks })
      else {
        const { type: _type, ...result } = data
        finish(result)
      }
    }
    running.onerror = () => finish({ ok: false, reason: 'incomplete' })
    running.postMessage({ cid, url: gatewayCarUrl(cid) })
  }, [cid])

  return { state, start }
}
