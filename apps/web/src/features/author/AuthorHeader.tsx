import { useTranslation } from 'react-i18next'
import { Avatar } from '../../ui/Avatar'
import { Button } from '../../ui/Button'
import { InlineList } from '../../ui/InlineList'
import { ArrowLeftIcon } from '../../ui/icons'
import { LazyParticles } from '../../ui/LazyParticles'
import { displayUrl, safeWebUrl } from '../../ui/links'
import { OrcidBadge } from '../../ui/OrcidBadge'
import { TagList } from '../../ui/TagList'
import { ReportButton } from '../report/ReportButton'
import type { AuthorProfile } from './authorProfile'
import { BlockAuthor } from './BlockAuthor'
import { FollowAuthor } from './FollowAuthor'

// Decoration only: its code arrives after the header has painted.

export interface AuthorHeaderProps {
  profile: AuthorProfile
  onBack: () => void
}

/** Avatar (first letter when none or broken), name, title, contact when shown, #badges and Back. */
export function AuthorHeader({ profile, onBack }: AuthorHeaderProps) {
  const { t } = useTranslation('author')
  const website = profile.userUrl ? safeWebUrl(profile.userUrl) : null
  const { email, phone } = profile.contact
  return (
    <header className="author-header">
      <LazyParticles />
      <div className="container author-header__inner">
        <Button variant="ghost" size="sm" icon={<ArrowLeftIcon size={18} />} onClick={onBack}>
          {t('back')}
        </Button>
        <div className="author-header__identity cluster">
          <Avatar src={profile.avatar} name={profile.name} size={96} />
          <div className="author-header__text">
            <h1 className="author-header__name">{profile.name}</h1>
            {profile.name !== profile.username && (
              <p className="author-header__username">@{profile.username}</p>
            )}
            {profile.title && <p className="author-header__title">{profile.title}</p>}
            {profile.orcid && (
              <p className="author-header__orcid">
                <OrcidBadge orcid={profile.orcid} verified={profile.orcidVerified} />
              </p>
            )}
            {(email || phone || website) && (
              <InlineList gap="wide" spaced aria-label={t('contact.label')}>
                {email && (
                  <li>
                    <span className="visually-hidden">{t('contact.email')}: </span>
                    <a href={`mailto:${email}`}>{email}</a>
                  </li>
                )}
                {phone && (
                  <li>
                    <span className="visually-hidden">{t('contact.phone')}: </span>
                    <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
                  </li>
                )}
                {website && (
                  <li>
                    <span className="visually-hidden">{t('contact.website')}: </span>
                    <a href={website} target="_blank" rel="noopener noreferrer">
                      {displayUrl(website)}
                    </a>
                  </li>
                )}
              </InlineList>
            )}
            {profile.badges.length > 0 && <TagList spaced aria-label={t('badges')} tags={profile.badges} />}
            <FollowAuthor key={profile.id} profile={profile} />
            {!profile.isSelf && (
              <div className="author-safety cluster">
                <BlockAuthor profile={profile} />
                <ReportButton targetType="user" targetId={profile.id} />
              </div>
            )}
          </div>
        </div>
      </div>
    </header>
  )
}
