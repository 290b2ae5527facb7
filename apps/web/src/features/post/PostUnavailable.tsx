import { POST_UNAVAILABLE } from '@agora/contract/codes'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { isApiError } from '../../api/client'

/**
 * Why a post cannot be shown: the moderators hid it (404) or removed it (410), its author deleted
 * it (410), or it is not there.
 */
export type PostUnavailableReason = { kind: 'hidden' | 'removed' | 'deleted' | 'notFound'; reason: string }

/** What the post's 404 or 410 says of it (its `code` and public `reason`), or null for any other failure. */
export function postUnavailable(error: unknown): PostUnavailableReason | null {
  if (!isApiError(error, 404) && !isApiError(error, 410)) return null
  const reason = (error.body as { reason?: unknown } | undefined)?.reason
  const kind =
    error.code === POST_UNAVAILABLE.hidden
      ? 'hidden'
      : error.code === POST_UNAVAILABLE.deleted
        ? 'deleted'
        : error.code === POST_UNAVAILABLE.removed || error.status === 410
          ? 'removed'
          : 'notFound'
  return { kind, reason: typeof reason === 'string' ? reason : '' }
}

/** The key of the screen's heading, which is the document's title too. */
export function unavailableTitle(why: PostUnavailableReason): string {
  return why.kind === 'notFound' ? 'notFound.title' : `unavailable.${why.kind}.title`
}

export interface PostUnavailableProps {
  why: PostUnavailableReason
}

/** The post screen of a post the reader cannot open, saying why, and the moderators' reason when given. */
export function PostUnavailable({ why }: PostUnavailableProps) {
  const { t } = useTranslation('post')
  const moderated = why.kind === 'hidden' || why.kind === 'removed'
  return (
    <div className="screen__state stack post-page__state">
      <h1>{t(unavailableTitle(why))}</h1>
      <p>{t(why.kind === 'notFound' ? 'notFound.message' : `unavailable.${why.kind}.message`)}</p>
      {moderated && why.reason && <p>{t('unavailable.reason', { reason: why.reason })}</p>}
      <p className="cluster">
        <Link className="btn btn--primary btn--md" to="/forum">
          {t('notFound.toForum')}
        </Link>
        {moderated && (
          <Link className="btn btn--secondary btn--md" to="/mod/log">
            {t('unavailable.log')}
          </Link>
        )}
      </p>
    </div>
  )
}
