/**
 * Toasts from anywhere (components, hooks, plain modules):
 *
 *   toast.success(t('upload.done'))
 *   toast.error(t('profile.saveFailed'), { description: refusalText(error, t), duration: 3000 })
 *
 * The ToastViewport in the app layout renders them; default duration 5 s (product-spec §9).
 */
export const TOAST_DEFAULT_MS = 5000

export type ToastKind = 'error' | 'warning' | 'success' | 'info'

export interface ToastRequest {
  kind: ToastKind
  title: string
  description?: string
  /** Milliseconds before it closes by itself; default 5000. */
  duration?: number
}

const listeners = new Set<(request: ToastRequest) => void>()

/** Hears every toast raised; returns the function that stops listening. Used by the ToastViewport. */
export function onToast(listener: (request: ToastRequest) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

interface ToastOptions {
  description?: string
  duration?: number
}

function show(kind: ToastKind, title: string, options: ToastOptions = {}) {
  for (const listener of [...listeners]) listener({ kind, title, ...options })
}

export const toast = {
  error: (title: string, options?: ToastOptions) => show('error', title, options),
  warning: (title: string, options?: ToastOptions) => show('warning', title, options),
  success: (title: string, options?: ToastOptions) => show('success', title, options),
  info: (title: string, options?: ToastOptions) => show('info', title, options),
}
