import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from './toast'

/** How long a copy button says 'Copied'. */
export const COPIED_MS = 2000

/**
 * Copies text to the clipboard; `copied` is true for a moment after it worked (the button says 'Copied'),
 * a toast says `failedText` when it did not. `copy` resolves whether it worked.
 */
export function useCopyText(failedText: string) {
  const [copied, setCopied] = useState(false)
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])

  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text)
      } catch {
        toast.error(failedText)
        return false
      }
      setCopied(true)
      window.clearTimeout(timer.current)
      timer.current = window.setTimeout(() => setCopied(false), COPIED_MS)
      return true
    },
    [failedText],
  )
  return { copied, copy }
}
