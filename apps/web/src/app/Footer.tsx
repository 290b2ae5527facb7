import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { toast } from '../ui/toast'
import './Footer.css'

const LINKS = ['privacy', 'terms', 'contact'] as const

/**
 * The shared footer. Privacy Policy, Terms of Use and Contact Us have no destination yet (spec §2):
 * they are buttons that say so rather than dead links. The public moderation log is a real link.
 */
export function Footer() {
  const { t } = useTranslation()
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner stack">
        <p className="site-footer__copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <ul className="site-footer__links" aria-label={t('footer.links')}>
          {LINKS.map((link) => (
            <li key={link}>
              <button
                type="button"
                className="link-button site-footer__link"
                onClick={() => toast.info(t('footer.notAvailable', { page: t(`footer.${link}`) }))}
              >
                {t(`footer.${link}`)}
              </button>
            </li>
          ))}
          <li>
            <Link to="/mod/log" className="site-footer__link">
              {t('common:footer.moderationLog')}
            </Link>
          </li>
        </ul>
      </div>
    </footer>
  )
}
