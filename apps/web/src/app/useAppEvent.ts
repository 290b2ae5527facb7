import { useEffect, useRef } from 'react'
import { type AppEventMap, appEvents } from './events'

/** Subscribes to an app event for the component's lifetime; the latest handler is always called. */
export function useAppEvent<K extends keyof AppEventMap>(
  name: K,
  handler: (payload: AppEventMap[K]) => void,
) {
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })
  useEffect(() => appEvents.on(name, (payload) => latest.current(payload)), [name])
}
