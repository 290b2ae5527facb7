import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { waitForEarly } from '../../api/early'
import { listPostsPath } from '../../api/posts'
import { queryClient } from '../../app/queryClient'
import { useStaticShellHandover } from '../../app/staticShell'
import { useMyBlocks } from '../../app/useBlocks'
import { useDocumentMeta } from '../../app/useDocumentMeta'
import { useSession } from '../../app/useSession'
import { Button } from '../../ui/Button'
import { SearchIcon } from '../../ui/contentIcons'
import { formatCompact, useIntlLocale } from '../../ui/format'
import { IconButton } from '../../ui/IconButton'
import { CloseIcon } from '../../ui/icons'
import { Loading } from '../../ui/Loading'
import { SegmentedControl } from '../../ui/SegmentedControl'
import { siteStatsQuery, useSiteFigures, useSiteStats } from '../../ui/useSiteStats'
import { FollowTag, tagOfSearch } from './FollowTag'
import { ForumFilterPanel } from './ForumFilterPanel'
import { activeFilterCount, NO_FILTERS } from './forumFilters'
import { ListFailed, ListMore } from './ListMore'
import { BlockedPostCard, PostCard } from './PostCard'
import { SortButtons } from './SortButtons'
import { forumListParams, forumPostsQuery, useForumPosts, useRestartForumList } from './useForumPosts'
import { useForumUrlState } from './useForumUrlState'
import '../../app/Screen.css'
import './ForumListPage.css'

/**
 * The route's loader (app/lazyScreen.ts): on the visit's first page, the forum's first page and the
 * site's figures index.html asked for (api/early.ts) go into the cache before the screen's first
 * render, which then draws the list in slices instead of once more in one long task when they arrive
 * (PostDetailPage's loader says more). Any later visit passes straight through.
 */
export function loader() {
  return waitForEarly(listPostsPath(forumListParams('', null, undefined, NO_FILTERS)), () =>
    Promise.all([
      queryClient.prefetchInfiniteQuery(forumPostsQuery('', null, undefined, NO_FILTERS)),
      queryClient.prefetchQuery(siteStatsQuery),
    ]),
  )
}

/** /forum — Community Forum (spec §2): hero with live figures, search, Hot/Recent sort, the post grid. */
export function ForumListPage() {
  const { t } = useTranslation('forum')
  useDocumentMeta({ title: t('title'), description: t('common:descriptions.forum') })
  const restartList = useRestartForumList()
  const { search, sort, setSort, feed, setFeed, filters, setFilters, text, setText, commitNow } =
    useForumUrlState({
      onChange: (nextSearch, nextSort, nextFilters) => restartList(nextSearch, nextSort, feed, nextFilters),
    })
  const { basic } = useSession()
  // The Following view is a member's; signed out, the forum shows every post.
  const following = feed === 'following' && !!basic
  const posts = useForumPosts(search, sort, following ? 'following' : undefined, filters)
  const filtered = activeFilterCount(filters) > 0
  // The server may have drawn this page before the app ran: take over once it shows the same.
  const stats = useSiteStats()
  useStaticShellHandover(!posts.isPending && !stats.isPending)
  const headingId = useId()
  // Posts by people the reader blocked fold away until asked for.
  const blocks = useMyBlocks()
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set())

  function submit(event: FormEvent) {
    event.preventDefault()
    commitNow()
  }

  return (
    <div className="forum">
      <ForumHero />
      <div className="container forum__body">
        <div className="forum__toolbar">
          <search className="forum-search">
            <form className="forum-search__form" onSubmit={submit}>
              <label className="visually-hidden" htmlFor={`${headingId}-search`}>
                {t('search.label')}
              </label>
              <div className="forum-search__field">
                <input
                  id={`${headingId}-search`}
                  className="forum-search__input"
                  type="search"
                  value={text}
                  placeholder={t('search.placeholder')}
                  maxLength={200}
                  enterKeyHint="search"
                  onChange={(event) => setText(event.target.value)}
                />
                {/* After the field, though drawn over it: a browser laying out the drawn page while it is
                    still arriving never places the icon in a field that has no input yet. */}
                <SearchIcon className="forum-search__icon" size={18} />
                {text && (
                  <IconButton
                    className="forum-search__clear"
                    label={t('search.clear')}
                    onClick={() => setText('')}
                  >
                    <CloseIcon size={16} />
                  </IconButton>
                )}
              </div>
              <Button type="submit" variant="primary">
                {t('search.submit')}
              </Button>
            </form>
          </search>
          {basic && (
            <SegmentedControl
              legend={t('feed.legend')}
              options={[
                { value: 'all', label: t('feed.all') },
                { value: 'following', label: t('feed.following') },
              ]}
              value={following ? 'following' : 'all'}
              onChange={(value) => {
                const next = value === 'following' ? 'following' : undefined
                restartList(search, sort, next, filters)
                setFeed(next)
              }}
            />
          )}
          <SortButtons sort={sort} onChange={setSort} />
        </div>
        <ForumFilterPanel filters={filters} onApply={setFilters} />

        <section className="forum__posts" aria-labelledby={headingId} aria-busy={posts.isFetching}>
          {search ? (
            <div className="forum__heading-row cluster">
              <h2 id={headingId} className="forum__heading">
                {t('list.results', { search })}
              </h2>
              {basic && tagOfSearch(search) && <FollowTag tag={tagOfSearch(search)!} userId={basic.id} />}
            </div>
          ) : (
            <h2 id={headingId} className="visually-hidden">
              {t('list.heading')}
            </h2>
          )}
          {posts.isPending ? (
            <Loading block />
          ) : posts.isError && posts.posts.length === 0 ? (
            <ListFailed onRetry={() => void posts.refetch()} />
          ) : posts.posts.length === 0 ? (
            following && !search && !filtered ? (
              <div className="screen__state stack forum__state">
                <h3>{t('feed.emptyTitle')}</h3>
                <p>{t('feed.emptyText')}</p>
                <Button onClick={() => setFeed(undefined)}>{t('feed.showAll')}</Button>
              </div>
            ) : (
              <div className="screen__state stack forum__state">
                <h3>{search || filtered ? t('list.emptySearchTitle') : t('list.emptyTitle')}</h3>
                <p>
                  {search
                    ? t('list.emptySearchText', { search })
                    : filtered
                      ? t('list.emptyFilteredText')
                      : t('list.emptyText')}
                </p>
                {filtered ? (
                  <Button onClick={() => setFilters(NO_FILTERS)}>{t('filters.clear')}</Button>
                ) : search ? (
                  <Button onClick={() => setText('')}>{t('list.clearSearch')}</Button>
                ) : (
                  <Link className="btn btn--primary btn--md" to="/upload">
                    {t('list.newPost')}
                  </Link>
                )}
              </div>
            )
          ) : (
            <>
              <ul className="post-grid">
                {posts.posts.map((post) => (
                  <li key={post.id}>
                    {blocks.isBlocked(post.user_id) && !revealed.has(post.id) ? (
                      <BlockedPostCard onReveal={() => setRevealed((shown) => new Set(shown).add(post.id))} />
                    ) : (
                      <PostCard post={post} focusOnMount={revealed.has(post.id)} />
                    )}
                  </li>
                ))}
              </ul>
              <ListMore posts={posts} />
            </>
          )}
        </section>
      </div>
    </div>
  )
}

/** The hero: title, tagline and the live member, post and comment counts. */
function ForumHero() {
  const { t } = useTranslation('forum')
  const locale = useIntlLocale()
  const { stats, figures } = useSiteFigures({
    members: 'members',
    posts: 'posts',
    comments: 'comments',
    tokens_earned: 'tokensEarned',
  })
  return (
    <section className="forum-hero">
      <div className="container forum-hero__inner">
        <h1 className="forum-hero__title">{t('title')}</h1>
        <p className="forum-hero__tagline">{t('tagline')}</p>
        {stats.isError ? (
          <p className="forum-hero__note">{t('stats.unavailable')}</p>
        ) : (
          <dl className="forum-hero__stats cluster" aria-label={t('stats.label')} aria-busy={stats.isPending}>
            {figures.map(({ key, value }) => (
              <div key={key} className="forum-hero__stat">
                <dt>{t(`stats.${key}`)}</dt>
                <dd title={value === undefined ? undefined : value.toLocaleString(locale)}>
                  {value === undefined ? '–' : formatCompact(value, locale)}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  )
}
