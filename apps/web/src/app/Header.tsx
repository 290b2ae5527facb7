import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, useLocation } from 'react-router'
import { NotificationBell } from '../features/notifications/NotificationBell'
import { WalletControl } from '../features/wallet/WalletControl'
import { CloseIcon, MenuIcon } from '../ui/icons'
import { useDismiss } from '../ui/useDismiss'
import { BrandMark } from './BrandMark'
import { LanguageSelector, LanguageSwitch } from './LanguageSelector'
import { ThemeSelector, ThemeSwitch } from './ThemeSelector'
import { UserControl } from './UserControl'
import './Header.css'

export const NAV_ITEMS = [
  { to: '/', key: 'home', end: true },
  { to: '/forum', key: 'forum', end: false },
  { to: '/upload', key: 'upload', end: false },
  { to: '/token', key: 'tokens', end: false },
  { to: '/mypage', key: 'mypage', end: false },
] as const

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation()
  return (
    <ul className="site-nav__list">
      {NAV_ITEMS.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end} className="site-nav__link" onClick={onNavigate}>
            {t(`nav.${item.key}`)}
          </NavLink>
        </li>
      ))}
    </ul>
  )
}

/**
 * The shared header: brand, main links, wallet, theme, language and account controls. Under 768 px the
 * links and the wallet/theme/language controls move into a hamburger menu (a disclosure panel:
 * Escape or a press outside closes it, focus goes to its first link on open and back to the button).
 */
export function Header() {
  const { t } = useTranslation()
  const location = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)

  const closeMenu = useCallback(() => setMenuOpen(false), [])
  const inside = useMemo(() => [toggle, panel], [])
  useDismiss(menuOpen, closeMenu, inside, toggle)

  // A navigation closes the menu (also covers links that are not in it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the location changes.
  useEffect(() => setMenuOpen(false), [location.key])

  useEffect(() => {
    if (menuOpen) panel.current?.querySelector<HTMLElement>('a, button, input')?.focus()
  }, [menuOpen])

  // Growing past the breakpoint hides the panel's button: close it so nothing stays open unseen.
  useEffect(() => {
    if (!menuOpen) return
    const wide = window.matchMedia('(min-width: 768px)')
    const onChange = () => wide.matches && setMenuOpen(false)
    wide.addEventListener('change', onChange)
    return () => wide.removeEventListener('change', onChange)
  }, [menuOpen])

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to="/" className="brand" aria-label={t('nav.homeLink')}>
          <BrandMark />
        </Link>
        <nav className="site-nav site-nav--bar" aria-label={t('nav.label')}>
          <NavLinks />
        </nav>
        <div className="site-header__actions">
          <div className="wide-only">
            <WalletControl placement="header" />
          </div>
          <div className="wide-only">
            <ThemeSelector />
          </div>
          <div className="wide-only">
            <LanguageSelector />
          </div>
          <NotificationBell />
          <UserControl />
          <button
            ref={toggle}
            type="button"
            className="menu-toggle narrow-only"
            aria-expanded={menuOpen}
            aria-controls="site-menu"
            aria-label={t(menuOpen ? 'nav.closeMenu' : 'nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      <div ref={panel} id="site-menu" className="site-menu narrow-only" hidden={!menuOpen}>
        <nav className="site-nav site-nav--menu" aria-label={t('nav.label')}>
          <NavLinks onNavigate={closeMenu} />
        </nav>
        <div className="site-menu__controls">
          <WalletControl placement="menu" />
          <ThemeSwitch />
          <LanguageSwitch />
        </div>
      </div>
    </header>
  )
}
