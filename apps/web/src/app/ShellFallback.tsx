import { useTranslation } from 'react-i18next'
import { Loading } from '../ui/Loading'
import { BrandMark } from './BrandMark'

/**
 * What shows while the first screen's code loads: the header's bar with the brand, then the loading
 * state. index.html holds the same bar (#static-shell), painted by HTML and CSS before any JavaScript
 * has run; keep the two alike (and like Header's bar), or the page changes under the reader when the
 * app starts.
 */
export function ShellFallback() {
  const { t } = useTranslation()
  return (
    <div className="app">
      <header className="site-header">
        <div className="container site-header__bar">
          <a href="/" className="brand" aria-label={t('nav.homeLink')}>
            <BrandMark />
          </a>
        </div>
      </header>
      <main id="main" className="app__main">
        <Loading block />
      </main>
    </div>
  )
}
