import { type CSSProperties, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { IconButton } from './IconButton'
import { AlertIcon, CloseIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons'
import { onToast, TOAST_DEFAULT_MS, type ToastKind, type ToastRequest } from './toast'
import './Toast.css'

interface ShownToast extends ToastRequest {
  id: number
}

const MAX_TOASTS = 5
const ICONS: Record<ToastKind, typeof AlertIcon> = {
  error: AlertIcon,
  warning: WarningIcon,
  success: SuccessIcon,
  info: InfoIcon,
}

let nextId = 1

/**
 * Renders the toasts raised with `toast.*`. The progress bar is the timer: when its animation ends the
 * toast closes, and hovering or focusing the toast pauses it (so it can be read and closed by keyboard).
 */
export function ToastViewport() {
  const { t } = useTranslation()
  const [toasts, setToasts] = useState<ShownToast[]>([])

  useEffect(
    () =>
      onToast((request) => {
        setToasts((shown) => {
          // The same message again restarts it instead of stacking a copy.
          const others = shown.filter((item) => item.kind !== request.kind || item.title !== request.title)
          return [...others, { ...request, id: nextId++ }].slice(-MAX_TOASTS)
        })
      }),
    [],
  )

  const dismiss = (id: number) => setToasts((shown) => shown.filter((item) => item.id !== id))

  return (
    <section className="toasts" aria-label={t('toast.region')}>
      {toasts.map((item) => {
        const Icon = ICONS[item.kind]
        return (
          <div
            key={item.id}
            className={`toast toast--${item.kind}`}
            role={item.kind === 'error' ? 'alert' : 'status'}
          >
            <Icon className="toast__icon" />
            <div className="toast__body">
              <span className="visually-hidden">{t(`toast.${item.kind}`)}: </span>
              <p className="toast__title">{item.title}</p>
              {item.description && <p className="toast__description">{item.description}</p>}
            </div>
            <IconButton className="toast__close" label={t('toast.close')} onClick={() => dismiss(item.id)}>
              <CloseIcon size={16} />
            </IconButton>
            <div
              className="toast__progress"
              style={{ '--toast-duration': `${item.duration ?? TOAST_DEFAULT_MS}ms` } as CSSProperties}
              onAnimationEnd={() => dismiss(item.id)}
              aria-hidden="true"
            />
          </div>
        )
      })}
    </section>
  )
}
