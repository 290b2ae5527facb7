import { useTranslation } from 'react-i18next'
import { Button } from '../ui/Button'
import { ArrowLeftIcon, RefreshIcon } from '../ui/icons'
import { LazyParticles } from '../ui/LazyParticles'
import { useDocumentMeta } from './useDocumentMeta'
import './ErrorScreen.css'

export interface ErrorScreenProps {
  /** Shown under the title; default 'An unexpected error occurred'. */
  message?: string | null
  onRetry: () => void
  onBack: () => void
  /** Fill the whole window (when even the layout failed). */
  fullPage?: boolean
}

/** The global error screen (product-spec §2): Error, the message, Retry and Back, over drifting particles. */
export function ErrorScreen({ message, onRetry, onBack, fullPage = false }: ErrorScreenProps) {
  const { t } = useTranslation()
  useDocumentMeta({ title: t('error.title') })
  return (
    <section
      className={fullPage ? 'error-screen error-screen--full' : 'error-screen'}
      aria-labelledby="error-screen-title"
    >
      <LazyParticles linkDistance={120} />
      <div className="error-screen__card">
        <h1 id="error-screen-title" className="error-screen__title">
          {t('error.title')}
        </h1>
        <p className="error-screen__message">{message || t('error.unexpected')}</p>
        <div className="error-screen__actions cluster">
          <Button variant="primary" icon={<RefreshIcon size={18} />} onClick={onRetry}>
            {t('error.retry')}
          </Button>
          <Button icon={<ArrowLeftIcon size={18} />} onClick={onBack}>
            {t('error.back')}
          </Button>
        </div>
      </div>
    </section>
  )
}

/** A readable message from anything thrown: an Error's message, a string, else nothing (→ the default). */
export function messageOf(error: unknown): string | null {
  if (error instanceof Error) return error.message || null
  if (typeof error === 'string') return error
  return null
}
