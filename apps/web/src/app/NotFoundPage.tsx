import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useStaticShellHandover } from './staticShell'
import { useDocumentMeta } from './useDocumentMeta'
import './Screen.css'

export function NotFoundPage() {
  const { t } = useTranslation()
  useDocumentMeta({ title: t('notFound.title') })
  // The server may have drawn this screen into the page it answered 404 with: take over at once.
  useStaticShellHandover(true)
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
