import { useTranslation } from 'react-i18next'
import './Loading.css'

export interface LoadingProps {
  /** What is loading; default 'Loading'. */
  text?: string
  /** Fill the available height and centre (route-level loading). */
  block?: boolean
}

/** The loading indicator: text plus animated dots, announced politely to screen readers. */
export function Loading({ text, block = false }: LoadingProps) {
  const { t } = useTranslation()
  return (
    <div className={block ? 'loading loading--block' : 'loading'} role="status" aria-live="polite">
      <span>{text ?? t('loading')}</span>
      <span className="loading__dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
    </div>
  )
}
