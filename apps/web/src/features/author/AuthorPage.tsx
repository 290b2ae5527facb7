import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { isApiError } from '../../api/client'
import { ErrorScreen } from '../../app/ErrorScreen'
import { useDocumentMeta } from '../../app/useDocumentMeta'
import { Loading } from '../../ui/Loading'
import { AuthorHeader } from './AuthorHeader'
import { AuthorTabs } from './AuthorTabs'
import { useAuthorProfile } from './useAuthorProfile'
import './AuthorPage.css'

/**
 * /author/:id — an author's public profile (product-spec §2): loading, a full-page error with Retry
 * and Back, or the header and the six tabs. What the author keeps private the server never sends;
 * the page shows the section's notice instead. A 401 also opens the login card (the API client
 * raises need-login), and signing in reloads the profile.
 */
export function AuthorPage() {
  const { t } = useTranslation('author')
  const navigate = useNavigate()
  const id = (useParams().id ?? '').trim()
  const { profile, error, isError, refetch } = useAuthorProfile(id)
  useDocumentMeta({
    title: profile?.name ?? t('common:screens.author'),
    description: profile && t('common:descriptions.author', { name: profile.name }),
    // Their public posts as an Atom feed; a profile kept private has none to offer.
    feed:
      profile?.privacy.showProfile && profile.privacy.showPosts
        ? {
            href: `/feeds/author/${encodeURIComponent(profile.id)}.atom`,
            title: t('feed', { name: profile.name }),
          }
        : null,
  })

  useEffect(() => {
    if (!id) console.error('Target ID is undefined')
  }, [id])

  function back() {
    // The router counts entries of this tab: go back when there is somewhere to go, else to the forum.
    if ((window.history.state?.idx ?? 0) > 0) navigate(-1)
    else navigate('/forum')
  }

  if (!id || isError) {
    const message = isApiError(error, 401) ? t('errors.login') : t('errors.load')
    return <ErrorScreen message={message} onRetry={() => void refetch()} onBack={back} />
  }
  if (!profile) return <Loading block text={t('loading')} />
  return (
    <div className="author-page">
      <AuthorHeader profile={profile} onBack={back} />
      <AuthorTabs profile={profile} />
    </div>
  )
}
