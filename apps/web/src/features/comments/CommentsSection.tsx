import type { CommentView } from '@agora/contract'
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import { useLoginModal } from '../../app/LoginModalProvider'
import { useMyBlocks } from '../../app/useBlocks'
import { useSession } from '../../app/useSession'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { CommentIcon } from '../../ui/contentIcons'
import { formatCompact, useIntlLocale } from '../../ui/format'
import { RefreshIcon } from '../../ui/icons'
import { Loading } from '../../ui/Loading'
import { LoadMore } from '../../ui/LoadMore'
import { toast } from '../../ui/toast'
import { useAnchoredCommentRequests } from './anchors'
import { BlockedAuthors } from './blockedAuthors'
import { type CommentDraft, CommentModal } from './CommentModal'
import { CommentThread } from './CommentThread'
import { repliesBelow } from './threads'
import { COMMENTS_ANCHOR, useCommentDeepLink } from './useCommentDeepLink'
import { useComments, useDeleteComment } from './useComments'
import { useShowComment } from './useShowComment'
import './comments.css'
import { PostVersion } from './postVersion'
import { useLiveComments } from './useLiveComments'

export interface CommentsSectionProps {
  postId: string
  /** The post's comment count (kept current by the comment hooks). */
  count: number
  /** The post's current version of its files (1 when never versioned). */
  version?: number
}

/**
 * The comments of a post (spec §2, §4): 'Write a Comment', the count, threads in pages of 12 with a
 * load-more, replies folded to the first, delete with a confirmation, and `#commentId` deep links.
 */
export function CommentsSection({ postId, count, version = 1 }: CommentsSectionProps) {
  const { t } = useTranslation('comments')
  const locale = useIntlLocale()
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const comments = useComments(postId)
  const { threads } = comments
  const remove = useDeleteComment(postId)
  const showComment = useShowComment()
  const [draft, setDraft] = useState<CommentDraft | null>(null)
  const { status } = useSession()
  const { openLogin } = useLoginModal()
  // Writing needs an account: a visitor is asked to log in first, and the editor opens after.
  const write = (next: CommentDraft) =>
    status === 'anonymous' ? openLogin({ onSuccess: () => setDraft(next) }) : setDraft(next)
  // A viewer of the post's files asked for a comment on a passage or a moment (anchors.ts).
  useAnchoredCommentRequests(postId, ({ anchor, initialText }) =>
    write({ parent: null, anchor, initialText }),
  )
  const [deleting, setDeleting] = useState<CommentView | null>(null)
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())
  const [focusHeading, setFocusHeading] = useState(false)

  const expand = useCallback((rootId: string) => {
    setExpanded((current) => (current.has(rootId) ? current : new Set([...current, rootId])))
  }, [])
  const toggle = (rootId: string) =>
    setExpanded((current) => {
      const next = new Set(current)
      if (!next.delete(rootId)) next.add(rootId)
      return next
    })
  const highlightId = useCommentDeepLink(comments, threads, expand)
  // New comments by others while the page is open: counted, shown when the reader asks.
  const loadedIds = useMemo(
    () => new Set(comments.data?.pages.flatMap((page) => page.items.map((item) => item._id)) ?? []),
    [comments.data],
  )
  const live = useLiveComments(postId, (id) => loadedIds.has(id))

  // After a deletion the dialog has closed and its button is gone: keyboard users continue at the heading.
  useEffect(() => {
    if (!focusHeading) return
    setFocusHeading(false)
    heading.current?.focus({ preventScroll: true })
  }, [focusHeading])

  function confirmDelete() {
    if (!deleting) return
    remove.mutate(deleting, {
      onSuccess: () => {
        setDeleting(null)
        setFocusHeading(true)
        toast.success(t('delete.done'), { duration: 3000 })
      },
      onError: (error) => {
        setDeleting(null)
        // A 401 opens the login card by itself.
        if (!isApiError(error, 401)) toast.error(t('delete.failed'))
      },
    })
  }

  const deletingThread = deleting
    ? threads.find((thread) => thread.top._id === (deleting.rootId ?? deleting._id))
    : undefined
  const repliesGoing = deleting && deletingThread ? repliesBelow(deletingThread, deleting._id) : 0

  return (
    <CommentsContext version={version}>
      <section id={COMMENTS_ANCHOR} className="comments" aria-labelledby={headingId}>
        <div className="section-heading">
          <h2 id={headingId} ref={heading} tabIndex={-1} className="comments__heading">
            {t('heading')} <span className="comments__count">({formatCompact(count, locale)})</span>
          </h2>
          <Button variant="primary" icon={<CommentIcon size={18} />} onClick={() => write({ parent: null })}>
            {t('write')}
          </Button>
        </div>

        <div role="status" className="comments__live">
          {live.count > 0 && (
            <Button size="sm" icon={<RefreshIcon size={16} />} onClick={() => void live.show()}>
              {t('live.show', { count: live.count })}
            </Button>
          )}
        </div>

        {comments.isPending ? (
          <Loading text={t('loading')} />
        ) : comments.isError && !comments.data ? (
          <div className="comments__state" role="alert">
            <p>{t('loadFailed')}</p>
            <Button size="sm" icon={<RefreshIcon size={16} />} onClick={() => void comments.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : threads.length === 0 ? (
          <p className="comments__empty">{t('empty')}</p>
        ) : (
          <ol className="comment-threads">
            {threads.map((thread) => (
              <CommentThread
                key={thread.top._id}
                thread={thread}
                expanded={expanded.has(thread.top._id)}
                onToggle={() => toggle(thread.top._id)}
                highlightId={highlightId}
                onReply={(parent) => write({ parent })}
                onDelete={setDeleting}
              />
            ))}
          </ol>
        )}

        {comments.isFetchNextPageError && (
          <p className="comments__state" role="alert">
            {t('loadFailed')}
          </p>
        )}
        <LoadMore
          query={comments}
          label={t('loadMore')}
          busyLabel={t('loadingMore')}
          className="comments__more"
        />

        <CommentModal
          postId={postId}
          draft={draft}
          onClose={() => setDraft(null)}
          onCreated={(created) => showComment(created._id)}
        />
        <ConfirmDialog
          open={deleting !== null}
          title={t('delete.title')}
          message={
            repliesGoing > 0 ? t('delete.messageWithReplies', { count: repliesGoing }) : t('delete.message')
          }
          confirmLabel={t('delete.confirm')}
          cancelLabel={t('delete.cancel')}
          danger
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      </section>
    </CommentsContext>
  )
}

/** What every comment below reads: the post's current version, and whom the reader blocked. */
function CommentsContext({ version, children }: { version: number; children: ReactNode }) {
  const blocks = useMyBlocks()
  return (
    <PostVersion.Provider value={version}>
      <BlockedAuthors.Provider value={blocks.ids}>{children}</BlockedAuthors.Provider>
    </PostVersion.Provider>
  )
}
