import { useTranslation } from 'react-i18next'
import { usePageTitle } from './usePageTitle'
import './Screen.css'

/** Stand-in for a screen a later issue builds: its title and a note. Replace the route module's body. */
export function PlaceholderScreen({ title }: { title: string }) {
  const { t } = useTranslation()
  usePageTitle(title)
  return (
    <div className="container screen">
      <h1>{title}</h1>
      <p className="screen__lead">{t('screens.comingSoon')}</p>
    </div>
  )
}
