import { useCallback, useRef, useState } from 'react'

/** Drafts live in localStorage under this prefix, one key per form and target. */
export const DRAFT_PREFIX = 'agora_draft:'

function read<T>(key: string): T | null {
  try {
    const raw = window.localStorage.getItem(DRAFT_PREFIX + key)
    return raw === null ? null : (JSON.parse(raw) as T)
  } catch {
    return null
  }
}

function write(key: string, value: unknown | null) {
  try {
    if (value === null) window.localStorage.removeItem(DRAFT_PREFIX + key)
    else window.localStorage.setItem(DRAFT_PREFIX + key, JSON.stringify(value))
  } catch {
    // Storage full or refused (private mode): the form works, only without a kept draft.
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

function loaded<T>(key: string | null, initial: T) {
  const stored = key ? read<T>(key) : null
  const restored = stored !== null && !same(stored, initial)
  return { key, value: restored ? (stored as T) : initial, restored, kept: restored }
}

/** The state once the key changed to `key`, from the state before it. */
export function arrived<T>(before: { value: T }, key: string | null, initial: T) {
  if (same(before.value, initial)) return loaded(key, initial)
  if (key) write(key, before.value)
  return { key, value: before.value, restored: false, kept: key !== null }
}

export interface Draft<T> {
  value: T
  setValue: (next: T | ((current: T) => T)) => void
  /** True while the value differs from the form's starting value (and so is kept on this device). */
  kept: boolean
  /** True when the value came back from an earlier visit. */
  restored: boolean
  /** Back to the starting value, the kept copy gone (the Discard button). */
  discard: () => void
  /** The kept copy gone, the value left as it is (once it was sent). */
  forget: () => void
}

/**
 * A form's unsent value kept in localStorage under `key` (one per form and target, e.g.
 * `comment:{user}:{post}`), written as it changes and read back on the next visit. `key` null keeps
 * nothing. The kept copy goes when the value returns to `initial`, on `discard` and on `forget`.
 */
export function useDraft<T>(key: string | null, initial: T): Draft<T> {
  const [state, setState] = useState(() => loaded(key, initial))
  // The key can arrive late (the session still loading): what it keeps is read then, unless the
  // reader typed meanwhile: what they typed stays, and is kept under the key from now on.
  if (state.key !== key) setState(arrived(state, key, initial))
  const initialRef = useRef(initial)
  initialRef.current = initial
  const keyRef = useRef(key)
  keyRef.current = key

  const setValue = useCallback((next: T | ((current: T) => T)) => {
    setState((current) => {
      const value = typeof next === 'function' ? (next as (current: T) => T)(current.value) : next
      const kept = keyRef.current !== null && !same(value, initialRef.current)
      if (keyRef.current) write(keyRef.current, kept ? value : null)
      return { ...current, value, kept }
    })
  }, [])

  const discard = useCallback(() => {
    if (keyRef.current) write(keyRef.current, null)
    setState((current) => ({ ...current, value: initialRef.current, restored: false, kept: false }))
  }, [])

  const forget = useCallback(() => {
    if (keyRef.current) write(keyRef.current, null)
    setState((current) => ({ ...current, restored: false, kept: false }))
  }, [])

  return {
    value: state.value,
    setValue,
    kept: state.kept,
    restored: state.restored,
    discard,
    forget,
  }
}
