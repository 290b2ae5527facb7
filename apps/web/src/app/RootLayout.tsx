import { useEffect, useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router'
import { ToastViewport } from '../ui/ToastViewport'
import { Footer } from './Footer'
import { Header } from './Header'
import { LoginModalProvider } from './LoginModalProvider'
import { rememberPlace } from './lastPlace'
import { SuspensionBanner } from './SuspensionBanner'
import { firstScreenPath, releaseStaticShell } from './staticShell'
import { useDeviceClass } from './useDeviceClass'
import { useSessionSync } from './useSessionSync'
import './RootLayout.css'

/** The frame of every screen: skip link, header, the screen, footer, toasts and the login modal. */
export function RootLayout() {
  const { t } = useTranslation()
  const device = useDeviceClass()
  const navigation = useNavigation()
  const location = useLocation()
  const main = useRef<HTMLElement>(null)
  const firstPath = useRef(location.pathname)
  useSessionSync()

  // A first screen the server drew is for its own path only: another screen shows at once.
  useLayoutEffect(() => {
    const drawn = firstScreenPath()
    if (drawn !== null && drawn !== location.pathname) releaseStaticShell()
  }, [location.pathname])

  // Signing in at /login returns to the screen before it.
  useEffect(() => rememberPlace(location.pathname, location.search + location.hash), [location])

  // After moving to another screen, start keyboard and screen-reader users at its content.
  useEffect(() => {
    if (location.pathname === firstPath.current) return
    firstPath.current = ''
    // A screen that placed focus itself (e.g. the login form's first field) keeps it.
    if (main.current && !main.current.contains(document.activeElement))
      main.current.focus({ preventScroll: true })
  }, [location.pathname])

  return (
    <LoginModalProvider>
      <div className="app" data-device={device}>
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        <div className="route-progress" data-active={navigation.state !== 'idle'} aria-hidden="true" />
        <Header />
        <main id="main" ref={main} tabIndex={-1} className="app__main">
          <SuspensionBanner />
          <Outlet />
        </main>
        <Footer />
        <ToastViewport />
        <ScrollRestoration />
      </div>
    </LoginModalProvider>
  )
}
