import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { usePageTitle } from './usePageTitle'
import './Screen.css'

export function NotFoundPage() {
  const { t } = useTranslation()
  usePageTitle(t('notFound.title'))
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
