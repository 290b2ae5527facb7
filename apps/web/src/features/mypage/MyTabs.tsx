import type { OwnCommentItem, OwnUserResponse } from '@agora/contract'
import { plainText } from '@agora/contract/text'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { isApiError } from '../../api/client'
import { getMyBookmarks } from '../../api/follows'
import { listOwnComments, listOwnLiked, listOwnPosts } from '../../api/profiles'
import { profileKeys } from '../../api/queryKeys'
import { useLoginModal } from '../../app/LoginModalProvider'
import { Button } from '../../ui/Button'
import { HeartIcon } from '../../ui/contentIcons'
import { activityPath } from '../../ui/links'
import { Notice } from '../../ui/Notice'
import { countLabel, ListHeading, PagedListView } from '../../ui/PagedListView'
import { ProfilePostItem, postIdOf } from '../../ui/ProfilePostItem'
import { RoutedTabs } from '../../ui/ProfileTabs'
import { StatCards } from '../../ui/StatCards'
import { Timestamp } from '../../ui/Timestamp'
import { type PagedList, usePagedList } from '../../ui/usePagedList'
import { AccountTab } from '../account/AccountTab'
import { RewardsTab } from '../rewards/RewardsTab'
import { ActivityChart, ActivityLevel } from './ActivityChart'
import { BlockedList } from './BlockedList'
import { EditableText } from './EditableText'
import { PlusIcon } from './icons'
import { MyBountiesList } from './MyBountiesList'
import { OWN_PAGE_LIMITS } from './profileLimits'
import { ReviewRequestsList } from './ReviewRequestsList'
import '../../ui/Card.css'

const TABS = [
  'profile',
  'posts',
  'comments',
  'likes',
  'saved',
  'reviewRequests',
  'bounties',
  'rewards',
  'statistics',
  'blocked',
  'account',
] as const

export interface MyTabsProps {
  user: OwnUserResponse
  onSaveBio: (bio: string) => void
}

/** Profile / Posts / Comments / Likes / Saved / Review requests / Bounties / Rewards / Statistics / Blocked / Account. Each list loads its first page when first opened. */
export function MyTabs({ user, onSaveBio }: MyTabsProps) {
  const { t } = useTranslation('mypage')
  return (
    <div className="mypage-tabs">
      <RoutedTabs label={t('tabs.label')} keys={TABS} labelOf={(key) => t(`tabs.${key}`)} idPrefix="mypage">
        {(active) => (
          <>
            {active === 'profile' && <ProfileSection user={user} onSaveBio={onSaveBio} />}
            {active === 'posts' && <PostsSection user={user} />}
            {active === 'comments' && <CommentsSection user={user} />}
            {active === 'likes' && (
              <OthersPostsSection name="likes" total={user.stats.likes} fetchPage={listOwnLiked} />
            )}
            {active === 'saved' && (
              <OthersPostsSection name="saved" total={null} fetchPage={getMyBookmarks} />
            )}
            {active === 'reviewRequests' && <ReviewRequestsList />}
            {active === 'bounties' && <MyBountiesList userId={user.id} />}
            {active === 'rewards' && <RewardsTab userId={user.id} />}
            {active === 'statistics' && <StatisticsSection user={user} />}
            {active === 'blocked' && <BlockedList />}
            {active === 'account' && <AccountTab user={user} />}
          </>
        )}
      </RoutedTabs>
    </div>
  )
}

function useStatItems(user: OwnUserResponse, withReceived = false) {
  const { t } = useTranslation('mypage')
  const items = [
    { key: 'posts', label: t('stats.posts'), value: user.stats.posts },
    { key: 'comments', label: t('stats.comments'), value: user.stats.comments },
    { key: 'likes', label: t('stats.likes'), value: user.stats.likes },
  ]
  if (withReceived)
    items.push({ key: 'likes_received', label: t('stats.likesReceived'), value: user.stats.likes_received })
  return items
}

function ProfileSection({ user, onSaveBio }: MyTabsProps) {
  const { t } = useTranslation('mypage')
  const statItems = useStatItems(user)
  return (
    <section aria-labelledby="mypage-about">
      <h2 id="mypage-about" className="mypage-section__title">
        {t('fields.bio')}
      </h2>
      <EditableText
        label={t('fields.bio')}
        value={user.bio}
        maxLength={OWN_PAGE_LIMITS.bio}
        multiline
        emptyText={t('empty.bio')}
        valueClassName="mypage-bio"
        onSave={onSaveBio}
      />
      <StatCards items={statItems} />
    </section>
  )
}

/** Without a valid session the lists answer 401: say so, with a way to sign in (spec §2). */
function LoginNeeded() {
  const { t } = useTranslation('mypage')
  const { openLogin } = useLoginModal()
  return (
    <Notice
      tone="private"
      title={t('loginToView')}
      action={
        <Button variant="primary" onClick={() => openLogin()}>
          {t('login')}
        </Button>
      }
    />
  )
}

const loginError = (error: Error): ReactNode | null => (isApiError(error, 401) ? <LoginNeeded /> : null)

function BrowsePosts() {
  const { t } = useTranslation('mypage')
  return (
    <Link className="btn btn--primary btn--md" to="/forum">
      {t('browsePosts')}
    </Link>
  )
}

function NewPostLink({ label }: { label: string }) {
  return (
    <Link className="btn btn--primary btn--sm" to="/upload">
      <PlusIcon size={16} />
      {label}
    </Link>
  )
}

interface OwnListSectionProps<T> {
  /** Which list: its heading, loading and empty texts are under this name in the mypage texts. */
  name: 'posts' | 'comments' | 'likes' | 'saved'
  /** The list's size when known (the saved list counts what it has loaded). */
  total: number | null
  list: PagedList<T>
  idOf: (item: T) => string
  renderItem: (item: T) => ReactNode
  /** What the empty list's notice offers. */
  emptyAction: ReactNode
  /** Beside the heading's refresh button. */
  action?: ReactNode
}

/** One own list: heading with count and refresh, then its states; a 401 offers sign-in. */
function OwnListSection<T>({
  name,
  total,
  list,
  emptyAction,
  action,
  idOf,
  renderItem,
}: OwnListSectionProps<T>) {
  const { t } = useTranslation('mypage')
  const id = `mypage-${name}`
  const title = t(`${name}.title`)
  return (
    <section aria-labelledby={id}>
      <ListHeading
        id={id}
        title={title}
        count={countLabel(total, list)}
        onRefresh={list.refresh}
        refreshing={list.isRefreshing}
      >
        {action}
      </ListHeading>
      <PagedListView
        list={list}
        label={title}
        renderError={loginError}
        loadingText={t(`${name}.loading`)}
        empty={
          <Notice title={t(`${name}.empty.title`)} action={emptyAction}>
            {t(`${name}.empty.text`)}
          </Notice>
        }
        idOf={idOf}
        renderItem={renderItem}
      />
    </section>
  )
}

function PostsSection({ user }: Pick<MyTabsProps, 'user'>) {
  const { t } = useTranslation('mypage')
  const list = usePagedList(profileKeys.ownList('posts'), { fetchPage: listOwnPosts, idOf: postIdOf })
  return (
    <OwnListSection
      name="posts"
      total={user.stats.posts}
      list={list}
      action={<NewPostLink label={t('posts.new')} />}
      emptyAction={<NewPostLink label={t('posts.new')} />}
      idOf={postIdOf}
      renderItem={(post) => <ProfilePostItem post={post} showAuthor={false} />}
    />
  )
}

const commentIdOf = (comment: OwnCommentItem) => comment._id || comment.id

function CommentsSection({ user }: Pick<MyTabsProps, 'user'>) {
  const list = usePagedList(profileKeys.ownList('comments'), {
    fetchPage: listOwnComments,
    idOf: commentIdOf,
  })
  return (
    <OwnListSection
      name="comments"
      total={user.stats.comments}
      list={list}
      emptyAction={<BrowsePosts />}
      idOf={commentIdOf}
      renderItem={(comment) => <CommentItem comment={comment} />}
    />
  )
}

function CommentItem({ comment }: { comment: OwnCommentItem }) {
  const { t } = useTranslation('mypage')
  const path = activityPath({ link: comment.link, post_id: comment.postId })
  const postTitle = comment.postTitle || t('comments.untitled')
  return (
    <article className="card list-card list-card--hover profile-comment">
      <p className="profile-comment__content line-clamp">{plainText(comment.content, 300)}</p>
      <p className="profile-post__meta">
        <span>
          {t('comments.on')}{' '}
          {path ? (
            <Link to={path} className="profile-comment__post">
              {postTitle}
            </Link>
          ) : (
            postTitle
          )}
        </span>
        <Timestamp value={comment.createdAt} />
        <span className="profile-post__stat" title={t('comments.likes', { count: comment.likes })}>
          <HeartIcon size={14} />
          <span aria-hidden="true">{comment.likes}</span>
          <span className="visually-hidden">{t('comments.likes', { count: comment.likes })}</span>
        </span>
      </p>
    </article>
  )
}

/**
 * A list of others' posts: the liked ones, or the saved ones, newest save first, where each
 * post's Save button takes it off again.
 */
function OthersPostsSection({
  name,
  total,
  fetchPage,
}: {
  name: 'likes' | 'saved'
  total: number | null
  fetchPage: typeof listOwnLiked
}) {
  const list = usePagedList(profileKeys.ownList(name === 'likes' ? 'liked' : 'saved'), {
    fetchPage,
    idOf: postIdOf,
  })
  return (
    <OwnListSection
      name={name}
      total={total}
      list={list}
      emptyAction={<BrowsePosts />}
      idOf={postIdOf}
      renderItem={(post) => <ProfilePostItem post={post} />}
    />
  )
}

function StatisticsSection({ user }: Pick<MyTabsProps, 'user'>) {
  const { t } = useTranslation('mypage')
  const statItems = useStatItems(user, true)
  return (
    <section aria-labelledby="mypage-statistics" className="mypage-statistics">
      <h2 id="mypage-statistics" className="mypage-section__title">
        {t('tabs.statistics')}
      </h2>
      <StatCards items={statItems} />
      <div className="mypage-statistics__activity">
        <ActivityLevel activity={user.activity_30d} />
        <ActivityChart days={user.activity_30d.days} />
      </div>
    </section>
  )
}
