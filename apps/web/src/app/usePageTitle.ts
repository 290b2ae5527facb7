import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

/** Sets the document title to "<title> · Agora" while the screen is shown. */
export function usePageTitle(title: string | null | undefined) {
  const { t } = useTranslation()
  const appName = t('appName')
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName
  }, [title, appName])
}
