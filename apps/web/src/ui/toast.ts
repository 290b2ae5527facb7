/**
 * Toasts from anywhere (components, hooks, plain modules):
 *
 *   toast.success(t('upload.done'))
 *   toast.error(t('profile.saveFailed'), { description: error.detail, duration: 3000 })
 *
 * The ToastViewport in the app layout renders them; default duration 5 s (product-spec §9).
 */
import { appEvents, type ToastKind } from '../app/events'

export const TOAST_DEFAULT_MS = 5000

interface ToastOptions {
  description?: string
  duration?: number
}

function show(kind: ToastKind, title: string, options: ToastOptions = {}) {
  appEvents.emit('toast', { kind, title, ...options })
}

export const toast = {
  error: (title: string, options?: ToastOptions) => show('error', title, options),
  warning: (title: string, options?: ToastOptions) => show('warning', title, options),
  success: (title: string, options?: ToastOptions) => show('success', title, options),
  info: (title: string, options?: ToastOptions) => show('info', title, options),
}
