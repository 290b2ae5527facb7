import type { PostDetailResponse } from '@agora/contract'
import { lazy, Suspense, startTransition, useContext, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useNavigate, useParams, useSearchParams } from 'react-router'
import { waitForEarly } from '../../api/early'
import { queryClient } from '../../app/queryClient'
import { useStaticShellHandover } from '../../app/staticShell'
import { useDocumentMeta } from '../../app/useDocumentMeta'
import { useSession } from '../../app/useSession'
import { AuthorName } from '../../ui/AuthorName'
import { Avatar } from '../../ui/Avatar'
import { Button } from '../../ui/Button'
import { CommentIcon, LockIcon } from '../../ui/contentIcons'
import { DRAWN_MARKDOWN_CLASS, DrawnMarkdown, shellHoldsDrawnMarkdown } from '../../ui/drawnMarkdown'
import { EditedMarker } from '../../ui/EditedMarker'
import { refusalText } from '../../ui/errorText'
import { formatCompact, useIntlLocale } from '../../ui/format'
import { ArrowLeftIcon, RefreshIcon } from '../../ui/icons'
import { Loading } from '../../ui/Loading'
import { tagPath } from '../../ui/links'
import { OrcidBadge } from '../../ui/OrcidBadge'
import { TagList } from '../../ui/TagList'
import { Timestamp } from '../../ui/Timestamp'
import { useAfterLoad } from '../../ui/useAfterLoad'
import { commentsQuery, useComments } from '../comments'
import { ReportButton } from '../report/ReportButton'
import { ReviewsSection } from '../reviews'
import { AiAnalysisBox } from './AiAnalysisBox'
import { CommentsSlot } from './CommentsSlot'
import { DeletePostMenu } from './DeletePostMenu'
import { LikeButton } from './LikeButton'
import { MediaCarousel } from './MediaCarousel'
import { ModerationBanner } from './ModerationBanner'
import { PostUnavailable, postUnavailable, unavailableTitle } from './PostUnavailable'
import { SaveButton } from './SaveButton'
import { ScholarlyLine } from './ScholarlyLine'
import { earlyPostPath, postQuery, usePost } from './usePost'
import { usePostVersion } from './useVersions'
import { VersionBar } from './VersionBar'
import '../../app/Screen.css'
import './PostDetailPage.css'

// Markdown (~50 KB gzip) loads once the page has loaded; the post's text shows as written until then
// (PostContent). Fetched beside the post it shared the slow first load's bandwidth and main thread
// with the post's picture and pushed the largest paint back (Lighthouse, simulated mobile).
const loadMarkdown = () => import('../../ui/Markdown')
const Markdown = lazy(() => loadMarkdown().then((module) => ({ default: module.Markdown })))
// Only the author edits, and only sometimes: the editor and the history load when opened.
const EditPostDialog = lazy(() => import('./EditPostDialog'))
const PostHistory = lazy(() => import('./PostHistory'))
const UploadVersionDialog = lazy(() => import('./UploadVersionDialog'))
const CiteDialog = lazy(() => import('./CiteDialog').then((module) => ({ default: module.CiteDialog })))

/** Back to where the reader came from; a post opened in a new tab goes to the forum instead. */
function useBack() {
  const navigate = useNavigate()
  return () => {
    if ((window.history.state?.idx ?? 0) > 0) navigate(-1)
    else navigate('/forum')
  }
}

/**
 * The route's loader (app/lazyScreen.ts). On the visit's first page the post and its first comments
 * are already on their way (api/early.ts): they go into the cache before the screen's first render,
 * so that render, a transition React does in slices (main.tsx), draws the post itself. Taken during
 * the render instead, their arrival drew the whole post again in one task React cannot slice (a
 * store update), 170–330 ms on Lighthouse's simulated phone. Any later visit passes straight through
 * (api/early.ts `waitForEarly`, which also bounds the wait).
 */
export function loader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? ''
  return waitForEarly(earlyPostPath(id), () =>
    Promise.all([
      queryClient.prefetchQuery(postQuery(id)),
      queryClient.prefetchInfiniteQuery(commentsQuery(id)),
    ]),
  )
}

/** /forum/detail/:id — one post (spec §2 "Forum detail page"); a #commentId may follow. */
export function PostDetailPage() {
  const { t } = useTranslation('post')
  const { id = '' } = useParams()
  const post = usePost(id)
  // Asked for beside the post, not after it; the section below reads the same query.
  const comments = useComments(id)
  const back = useBack()
  const unavailable = postUnavailable(post.error)
  const loadRefusal = post.isError ? refusalText(post.error, t) : null
  // Whether the server drew the post's text as Markdown into the page (read once, while it is shown).
  const [eagerMarkdown] = useState(shellHoldsDrawnMarkdown)
  const markdownReady = useDrawnMarkdownReady(eagerMarkdown, post.data?.content)
  // The server may have drawn this post, its text and its first comments before the app ran: take
  // over once this screen shows them too (or the post's own error).
  useStaticShellHandover(!post.isPending && (post.isError || (!comments.isPending && markdownReady)))
  useDocumentMeta({
    title:
      post.data?.title ?? (unavailable ? t(unavailableTitle(unavailable)) : t('common:screens.postDetail')),
    description: post.data?.summary || t('common:descriptions.post'),
  })

  return (
    <div className="container post-page">
      <Button
        variant="ghost"
        size="sm"
        icon={<ArrowLeftIcon size={18} />}
        onClick={back}
        className="post-page__back"
      >
        {t('back')}
      </Button>
      {post.isPending ? (
        <Loading block text={t('loading')} />
      ) : unavailable ? (
        <PostUnavailable why={unavailable} />
      ) : post.isError ? (
        <div className="screen__state stack post-page__state" role="alert">
          <h1>{t('loadFailed')}</h1>
          {loadRefusal && <p>{loadRefusal}</p>}
          <Button icon={<RefreshIcon size={18} />} onClick={() => void post.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <PostView post={post.data} eagerMarkdown={eagerMarkdown} />
      )}
    </div>
  )
}

function PostView({ post, eagerMarkdown }: { post: PostDetailResponse; eagerMarkdown: boolean }) {
  const { t } = useTranslation('post')
  const locale = useIntlLocale()
  const { basic } = useSession()
  const isAuthor = !!basic && basic.id === post.author_id
  const summary = post.Summary || post.summary
  const [editing, setEditing] = useState(false)
  const [showingHistory, setShowingHistory] = useState(false)
  const [citing, setCiting] = useState(false)
  // Versions of the files: `?version=N` shows version N (a link can point at one, and a
  // comment written on an earlier version does); without it, or not one the reader may open, the current one.
  const [uploadingVersion, setUploadingVersion] = useState(false)
  const [params, setParams] = useSearchParams()
  const asked = Number(params.get('version'))
  const chosenVersion = post.visible_versions.includes(asked) ? asked : null
  const setChosenVersion = (version: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (version === null || version === post.version_count) next.delete('version')
        else next.set('version', String(version))
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  const earlier = chosenVersion !== null && chosenVersion !== post.version_count ? chosenVersion : null
  const olderVersion = usePostVersion(post.id, earlier)
  const shown = earlier !== null && olderVersion.data ? olderVersion.data : post
  return (
    <>
      {post.moderation && (
        <ModerationBanner postId={post.id} moderation={post.moderation} isAuthor={isAuthor} />
      )}
      <article className="post stack">
        <header className="post__header stack">
          <div className="post__title-row">
            <h1 className="post__title">{post.title}</h1>
            {isAuthor && (
              <DeletePostMenu
                postId={post.id}
                title={post.title}
                onEdit={() => setEditing(true)}
                onNewVersion={() => setUploadingVersion(true)}
              />
            )}
          </div>
          <div className="post__meta">
            <Link
              to={`/author/${encodeURIComponent(post.author_id)}`}
              className="post__author"
              aria-label={t('author', { name: post.author_name })}
            >
              <Avatar src={post.author_avatar} name={post.author_name} size={36} />
              <AuthorName
                className="post__author-name"
                displayName={post.author_display_name}
                username={post.author_name}
              />
            </Link>
            {post.author_orcid && <OrcidBadge orcid={post.author_orcid} />}
            <Timestamp value={post.timestamp || post.created_at} className="post__time" />
            {post.edited_at && <EditedMarker at={post.edited_at} onOpen={() => setShowingHistory(true)} />}
            {post.visibility === 'private' && (
              <span className="post__private">
                <LockIcon size={14} />
                {t('private')}
              </span>
            )}
          </div>
          <div className="post__counters">
            <LikeButton postId={post.id} liked={post.is_liked} likes={post.likes} />
            <SaveButton postId={post.id} saved={post.is_saved ?? false} />
            <a
              href="#comments"
              className="pill-button post__comments-link"
              aria-label={t('comments.count', { count: post.comments })}
            >
              <CommentIcon size={20} />
              <span aria-hidden="true">{formatCompact(post.comments, locale)}</span>
            </a>
            {!isAuthor && <ReportButton targetType="post" targetId={post.id} className="post__report" />}
          </div>
        </header>

        <VersionBar post={shown} version={earlier ?? post.version_count} onChoose={setChosenVersion} />
        {shown.media.length > 0 && (
          <MediaCarousel
            key={shown.version}
            items={shown.media}
            shareable={post.visibility === 'public'}
            postId={post.id}
            currentVersion={earlier === null}
          />
        )}

        {summary && <p className="post__summary">{summary}</p>}

        {post.content && <PostContent content={post.content} eager={eagerMarkdown} />}

        {post.tags.length > 0 && (
          <TagList className="post__tags" aria-label={t('tags')} tags={post.tags} linkOf={tagPath} />
        )}

        <ScholarlyLine post={post} onCite={() => setCiting(true)} />

        <AiAnalysisBox post={post} />
      </article>

      <CommentsSlot postId={post.id} count={post.comments} version={post.version_count} />
      <ReviewsSection postId={post.id} authorId={post.author_id} versions={post.visible_versions} />
      <Suspense>
        {editing && <EditPostDialog post={post} onClose={() => setEditing(false)} />}
        {showingHistory && <PostHistory postId={post.id} onClose={() => setShowingHistory(false)} />}
        {citing && <CiteDialog postId={post.id} version={earlier} onClose={() => setCiting(false)} />}
        {uploadingVersion && (
          <UploadVersionDialog
            post={post}
            onClose={() => {
              setUploadingVersion(false)
              setChosenVersion(null)
            }}
          />
        )}
      </Suspense>
    </>
  )
}

/**
 * The post's text. Until Markdown has loaded (after the page's first load) it shows as it was written,
 * in the same box: the tags and everything below do not jump when it is rendered (layout shift).
 */
function PostContent({ content, eager }: { content: string; eager: boolean }) {
  const afterLoad = useAfterLoad()
  const DrawnMarkdownNow = useContext(DrawnMarkdown)
  // Its paragraphs as Markdown will space them, so the text's height stays when Markdown draws it.
  const plain = (
    <div className="markdown post__content post__content--plain">
      {content.split(/\n\s*\n/).map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one text, never reordered.
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  )
  // On the server the text is drawn as the app will show it (math and code too).
  if (DrawnMarkdownNow)
    return <DrawnMarkdownNow className={`post__content ${DRAWN_MARKDOWN_CLASS}`}>{content}</DrawnMarkdownNow>
  if (!afterLoad && !eager) return plain
  return (
    <Suspense fallback={plain}>
      <Markdown className="post__content">{content}</Markdown>
    </Suspense>
  )
}

/**
 * On a page the server drew with the post's text as Markdown, the app loads Markdown (and the math or
 * code the text needs) at once instead of after the page's load, and says when it has: it takes over
 * only then, so the text does not change back to plain and again. True at once elsewhere.
 */
function useDrawnMarkdownReady(eager: boolean, content: string | undefined): boolean {
  const [ready, setReady] = useState(!eager)
  useEffect(() => {
    if (!eager || content === undefined) return
    let live = true
    // A transition: the post's text drawn as Markdown is rendered in slices, not in one long task.
    const done = () => live && startTransition(() => setReady(true))
    // A chunk that fails to load: the plain text stays, and the app takes over all the same.
    Promise.all([
      loadMarkdown(),
      import('../../ui/markdown/extras').then((module) => module.loadMarkdownExtras(content)),
    ]).then(done, done)
    return () => {
      live = false
    }
  }, [eager, content])
  return ready
}
