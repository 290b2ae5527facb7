import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useDocumentMeta } from './useDocumentMeta'
import './Screen.css'

export function NotFoundPage() {
  const { t } = useTranslation()
  useDocumentMeta({ title: t('notFound.title') })
  return (
    <div className="container screen">
      <h1>{t('notFound.title')}</h1>
      <p className="screen__lead">{t('notFound.message')}</p>
      <p>
        <Link to="/">{t('notFound.home')}</Link>
      </p>
    </div>
  )
}
