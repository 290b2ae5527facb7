import type { ActivityItem } from '@agora/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { isApiError } from '../../api/client'
import { CommentIcon, FileIcon, HeartIcon } from '../../ui/contentIcons'
import { InlineList } from '../../ui/InlineList'
import { activityPath, safeWebUrl } from '../../ui/links'
import { Notice } from '../../ui/Notice'
import { countLabel, ListHeading, PagedListView } from '../../ui/PagedListView'
import { ProfilePostItem, postIdOf } from '../../ui/ProfilePostItem'
import { RoutedTabs } from '../../ui/ProfileTabs'
import { type StatCardItem, StatCards } from '../../ui/StatCards'
import { Timestamp } from '../../ui/Timestamp'
import { unitsToNumber, useTokenText } from '../rewards'
import { AuthorReviews } from './AuthorReviews'
import { type AuthorProfile, type SocialKind, socialHref } from './authorProfile'
import { useAuthorPosts, useUserLiked } from './useAuthorProfile'
import '../../ui/Card.css'

const TABS = ['profile', 'posts', 'liked', 'reviews', 'activity', 'statistics'] as const

export interface AuthorTabsProps {
  profile: AuthorProfile
}

/** Profile / Posts / Liked Posts / Reviews / Activity / Statistics. A tab's content (and its calls) start on first open. */
export function AuthorTabs({ profile }: AuthorTabsProps) {
  const { t } = useTranslation('author')
  return (
    <div className="container author-body">
      <RoutedTabs label={t('tabs.label')} keys={TABS} labelOf={(key) => t(`tabs.${key}`)} idPrefix="author">
        {(active) => (
          <>
            {active === 'profile' && <ProfileSection profile={profile} />}
            {active === 'posts' && <PostsSection profile={profile} />}
            {active === 'liked' && <LikedSection profile={profile} />}
            {active === 'reviews' && <AuthorReviews profile={profile} />}
            {active === 'activity' && <ActivitySection profile={profile} />}
            {active === 'statistics' && <StatisticsSection profile={profile} />}
          </>
        )}
      </RoutedTabs>
    </div>
  )
}

/** The owner sees every section; this tells them which ones others do not. */
function HiddenFromOthers() {
  const { t } = useTranslation('author')
  return <p className="author-self-hint">{t('selfHidden')}</p>
}

/** A section under its heading; `hiddenFromOthers`: the owner is told that others do not see it. */
function AuthorSection({
  id,
  title,
  hiddenFromOthers,
  className,
  children,
}: {
  id: string
  title: string
  hiddenFromOthers: boolean
  className?: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="author-section__title">
        {title}
      </h2>
      {hiddenFromOthers && <HiddenFromOthers />}
      {children}
    </section>
  )
}

/** What a visitor sees in place of a section the author keeps private. */
function PrivateNotice({ section }: { section: 'profile' | 'posts' | 'activity' | 'statistics' }) {
  const { t } = useTranslation('author')
  return (
    <Notice tone="private" title={t(`hidden.${section}.title`)}>
      {t(`hidden.${section}.text`)}
    </Notice>
  )
}

function useStatItems(profile: AuthorProfile): StatCardItem[] | null {
  const { t } = useTranslation('author')
  if (!profile.stats) return null
  return [
    { key: 'posts', label: t('stats.posts'), value: profile.stats.posts },
    { key: 'comments', label: t('stats.comments'), value: profile.stats.comments },
    { key: 'likes', label: t('stats.likes'), value: profile.stats.likes },
    ...(profile.stats.reviews === null
      ? []
      : [{ key: 'reviews', label: t('stats.reviews'), value: profile.stats.reviews }]),
  ]
}

/** The Statistics tab adds the reward tokens earned, when the server tells them. */
function useStatisticsItems(profile: AuthorProfile) {
  const { t } = useTranslation('author')
  const tokens = useTokenText()
  const items = useStatItems(profile)
  const earned = profile.stats?.tokensEarned
  if (!items || earned == null) return items
  return [
    ...items,
    {
      key: 'tokens_earned',
      label: t('stats.tokensEarned'),
      value: unitsToNumber(earned),
      exact: tokens(earned),
    },
  ]
}

function ProfileSection({ profile }: AuthorTabsProps) {
  const { t } = useTranslation('author')
  const statItems = useStatItems(profile)
  const visible = profile.isSelf || profile.privacy.showProfile
  const contactVisible = profile.isSelf || profile.privacy.showContact
  return (
    <>
      {visible ? (
        <AuthorSection id="author-about" title={t('about')} hiddenFromOthers={!profile.privacy.showProfile}>
          {profile.bio ? (
            <p className="author-bio">{profile.bio}</p>
          ) : (
            <p className="author-muted">{t('noBio')}</p>
          )}
          {statItems && <StatCards items={statItems} />}
        </AuthorSection>
      ) : (
        <PrivateNotice section="profile" />
      )}
      {contactVisible && <ConnectSection profile={profile} />}
    </>
  )
}

const SOCIAL: SocialKind[] = ['twitter', 'github', 'linkedin']

/** mailto, tel, website and social links; only when contact is public (the server sends none otherwise). */
function ConnectSection({ profile }: AuthorTabsProps) {
  const { t } = useTranslation('author')
  const website = profile.userUrl ? safeWebUrl(profile.userUrl) : null
  const links = [
    profile.contact.email && {
      key: 'email',
      href: `mailto:${profile.contact.email}`,
      label: t('contact.email'),
    },
    profile.contact.phone && {
      key: 'phone',
      href: `tel:${profile.contact.phone.replace(/[^\d+]/g, '')}`,
      label: t('contact.phone'),
    },
    website && { key: 'website', href: website, label: t('contact.website'), external: true },
    ...SOCIAL.map((kind) => {
      const href = socialHref(kind, profile.social[kind])
      return href && { key: kind, href, label: t(`contact.${kind}`), external: true }
    }),
  ].filter((link): link is { key: string; href: string; label: string; external?: boolean } => !!link)
  if (links.length === 0) return null
  return (
    <AuthorSection
      id="author-connect"
      title={t('connect')}
      hiddenFromOthers={!profile.privacy.showContact}
      className="author-connect"
    >
      <InlineList>
        {links.map((link) => (
          <li key={link.key}>
            <a
              className="btn btn--secondary btn--sm"
              href={link.href}
              {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {link.label}
            </a>
          </li>
        ))}
      </InlineList>
    </AuthorSection>
  )
}

function PostsSection({ profile }: AuthorTabsProps) {
  const hidden = !profile.isSelf && !profile.privacy.showPosts
  if (hidden) return <PrivateNotice section="posts" />
  return <PostsList profile={profile} />
}

function PostsList({ profile }: AuthorTabsProps) {
  const { t } = useTranslation('author')
  const list = useAuthorPosts(profile.id)
  return (
    <section aria-labelledby="author-posts">
      <ListHeading
        id="author-posts"
        title={t('posts.title')}
        count={countLabel(profile.stats?.posts, list)}
        onRefresh={list.refresh}
        refreshing={list.isRefreshing}
      />
      {!profile.privacy.showPosts && <HiddenFromOthers />}
      <PagedListView
        list={list}
        label={t('posts.title')}
        loadingText={t('posts.loading')}
        empty={<Notice title={t('posts.empty.title')}>{t('posts.empty.text')}</Notice>}
        // The author turned posts private since the page loaded: the server answers 403.
        renderError={(error) => (isApiError(error, 403) ? <PrivateNotice section="posts" /> : null)}
        idOf={postIdOf}
        renderItem={(post) => <ProfilePostItem post={post} showAuthor={false} />}
      />
    </section>
  )
}

function LikedSection({ profile }: AuthorTabsProps) {
  const { t } = useTranslation('author')
  const list = useUserLiked(profile.id)
  const title = t('liked.title', { name: profile.name })
  return (
    <section aria-labelledby="author-liked">
      <ListHeading
        id="author-liked"
        title={title}
        count={countLabel(null, list)}
        onRefresh={list.refresh}
        refreshing={list.isRefreshing}
      />
      <PagedListView
        list={list}
        label={title}
        loadingText={t('liked.loading')}
        empty={<Notice title={t('liked.empty')} />}
        idOf={postIdOf}
        renderItem={(post) => <ProfilePostItem post={post} />}
      />
    </section>
  )
}

function ActivitySection({ profile }: AuthorTabsProps) {
  const { t } = useTranslation('author')
  if (!profile.activities) return <PrivateNotice section="activity" />
  return (
    <AuthorSection
      id="author-activity"
      title={t('activity.title')}
      hiddenFromOthers={!profile.privacy.showActivity}
    >
      {profile.activities.length === 0 ? (
        <Notice title={t('activity.empty')} />
      ) : (
        <ul className="profile-list" aria-label={t('activity.title')}>
          {profile.activities.map((item) => (
            <li key={`${item.type}-${item.id}`} className="profile-list__item">
              <ActivityRow item={item} />
            </li>
          ))}
        </ul>
      )}
    </AuthorSection>
  )
}

const ACTIVITY_ICONS = { post: FileIcon, comment: CommentIcon, like: HeartIcon } as const

function ActivityRow({ item }: { item: ActivityItem }) {
  const { t } = useTranslation('author')
  const Icon = ACTIVITY_ICONS[item.type] ?? FileIcon
  const path = activityPath(item)
  const title = item.title || t('common:postItem.untitled')
  return (
    <article className="card list-card profile-activity">
      <Icon size={18} className={`profile-activity__icon profile-activity__icon--${item.type}`} />
      <div className="profile-activity__body">
        <p className="profile-activity__type">{t(`activity.type.${item.type}`)}</p>
        <p className="profile-activity__title">{path ? <Link to={path}>{title}</Link> : title}</p>
      </div>
      <Timestamp value={item.date} className="profile-activity__date" />
    </article>
  )
}

function StatisticsSection({ profile }: AuthorTabsProps) {
  const { t } = useTranslation('author')
  const statItems = useStatisticsItems(profile)
  if (!statItems) return <PrivateNotice section="statistics" />
  return (
    <AuthorSection
      id="author-statistics"
      title={t('tabs.statistics')}
      hiddenFromOthers={!(profile.privacy.showStatistics && profile.privacy.showProfile)}
    >
      <StatCards items={statItems} />
    </AuthorSection>
  )
}
