import { useTranslation } from 'react-i18next'
import './OrcidBadge.css'

export interface OrcidBadgeProps {
  orcid: string
  /** The iD was proven by signing in with ORCID, not only typed in. */
  verified?: boolean
}

/**
 * A researcher's ORCID iD as ORCID asks it to be shown: their iD icon beside the full https URL's
 * identifier, linked to the record. "ORCID iD" is a name, the same in every language.
 */
export function OrcidBadge({ orcid, verified = false }: OrcidBadgeProps) {
  const { t } = useTranslation('common')
  return (
    <a
      className="orcid-badge"
      href={`https://orcid.org/${orcid}`}
      target="_blank"
      rel="noopener noreferrer me"
    >
      <svg className="orcid-badge__icon" viewBox="0 0 32 32" width="16" height="16" aria-hidden="true">
        <circle cx="16" cy="16" r="16" fill="#a6ce39" />
        <path
          fill="#fff"
          d="M10.3 23.2H8.4V9.8h1.9v13.4Zm2.8-13.4h5.2c5 0 7.2 3.6 7.2 6.7 0 3.4-2.7 6.7-7.2 6.7h-5.2V9.8Zm1.9 11.7h3.1c4.4 0 5.4-3.3 5.4-5 0-2.7-1.7-5-5.5-5H15v10ZM10.6 7a1.3 1.3 0 1 1-2.6 0 1.3 1.3 0 0 1 2.6 0Z"
        />
      </svg>
      <span className="visually-hidden">ORCID iD </span>
      <span>{orcid}</span>
      {verified && (
        <span className="orcid-badge__verified" title={t('user.orcidVerified')}>
          <span aria-hidden="true">✓</span>
          <span className="visually-hidden">{t('user.orcidVerified')}</span>
        </span>
      )}
    </a>
  )
}
