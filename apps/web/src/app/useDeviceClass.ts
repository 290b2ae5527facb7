import { useSyncExternalStore } from 'react'
import { type DeviceClass, deviceClassFor } from './device'

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange)
  return () => window.removeEventListener('resize', onChange)
}

/** mobile (< 768 px), tablet (< 1024 px) or desktop, following the window's width. */
export function useDeviceClass(): DeviceClass {
  return useSyncExternalStore(subscribe, () => deviceClassFor(window.innerWidth))
}
